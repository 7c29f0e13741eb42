import Foundation
import IntermissionBasics
import IntermissionTestSupport
import Testing

/// What the program links, which every run maps: BENCHMARKS.md's row 6 measures its peak memory
/// against a C program's. `_StringProcessing` (Swift's regular expressions, which `contains(_:)`,
/// `firstRange(of:)` and `replacing(_:with:)` on strings pull in) was about 1 MiB of the release
/// program's code; `TextSearch.swift` in IntermissionCore stands in for the three.
@Suite("Program footprint")
struct ProgramFootprintTests {
  /// The symbols of `library` that `binary` needs, from `nm`'s dynamic symbol table.
  func undefinedSymbols(of binary: URL, from module: String) throws -> [String] {
    let nm = Process()
    nm.executableURL = URL(fileURLWithPath: "/usr/bin/nm")
    nm.arguments = ["-D", "--undefined-only", binary.path]
    let output = Pipe()
    nm.standardOutput = output
    try nm.run()
    let data = output.fileHandleForReading.readDataToEndOfFile()
    nm.waitUntilExit()
    #expect(nm.terminationStatus == 0, "nm \(binary.path)")
    let symbols = String(decoding: data, as: UTF8.self).split(separator: "\n")
    #expect(symbols.count > 100, "nm lists the program's imports")
    return symbols.filter { $0.contains("\(module.utf8.count)\(module)") }.map(String.init)
  }

  @Test func theProgramUsesNoRegularExpressionLibrary() throws {
    let needed = try undefinedSymbols(of: ProgramRunner.executable, from: "_StringProcessing")
    #expect(needed.isEmpty, "use containsText, rangeOfText or replacingText instead: \(needed)")
  }
}
