import Foundation

/// An Xvfb X server on a free display number, started and stopped by the benchmark, so that the
/// windowed measurements run in a real X11 window on any machine.
final class VirtualDisplay {
  /// The `DISPLAY` value, such as `:123`.
  let name: String
  private let process = Process()

  /// Starts Xvfb and waits until it accepts connections.
  /// - Throws: `BenchmarkError` when Xvfb is missing or does not come up.
  init(width: Int = 1280, height: Int = 800) throws {
    guard let xvfb = ["/usr/bin/Xvfb", "/usr/local/bin/Xvfb"].first(where: FileManager.default.isExecutableFile)
    else { throw BenchmarkError(message: "Xvfb is not installed (scripts/install-deps --test installs it)") }
    var number = 0
    repeat {
      number = Int.random(in: 100..<400)
    } while FileManager.default.fileExists(atPath: "/tmp/.X11-unix/X\(number)")
      || FileManager.default.fileExists(atPath: "/tmp/.X\(number)-lock")
    name = ":\(number)"
    process.executableURL = URL(fileURLWithPath: xvfb)
    process.arguments = [name, "-screen", "0", "\(width)x\(height)x24", "-nolisten", "tcp"]
    process.standardOutput = FileHandle.nullDevice
    process.standardError = FileHandle.nullDevice
    try process.run()
    let deadline = Date().addingTimeInterval(10)
    while !FileManager.default.fileExists(atPath: "/tmp/.X11-unix/X\(number)") {
      guard Date() < deadline, process.isRunning else {
        stop()
        throw BenchmarkError(message: "Xvfb did not start on \(name)")
      }
      Thread.sleep(forTimeInterval: 0.05)
    }
    Thread.sleep(forTimeInterval: 0.2)
  }

  deinit { stop() }

  /// Stops the server.
  func stop() {
    guard process.isRunning else { return }
    process.terminate()
    process.waitUntilExit()
  }
}
