import Foundation

/// Tells what the benchmark measures now, on standard error (standard output is the report's).
func progress(_ text: String) {
  FileHandle.standardError.write(Data((text + "\n").utf8))
}
