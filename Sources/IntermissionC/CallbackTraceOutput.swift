import IntermissionCore

/// The trace of an overlay made through the C API: every record goes to the caller's event
/// callback and, when the caller named a trace file, to that file.
final class CallbackTraceOutput: TraceOutput {
  private let file: FileTraceOutput?
  private let callbacks: OverlayCallbacks

  /// Creates the output; `file` may be nil.
  init(file: FileTraceOutput?, callbacks: OverlayCallbacks) {
    self.file = file
    self.callbacks = callbacks
  }

  var failure: String? { file?.failure }

  func write(line: String) { file?.write(line: line) }

  func write(line: String, event: String) {
    // The caller hears `ad.revenue`'s `eventID`, the key to count a redelivered event once; the
    // file leaves it out, as the Swift trace does, so that a fixed run's file stays the same.
    file?.write(line: event == TraceEvent.adRevenue.name ? CallbackTraceOutput.withoutEventID(line) : line)
    callbacks.record(event, line: line)
  }

  /// `line` without its `"eventID"` field (a UUID of 36 characters), if it has one.
  static func withoutEventID(_ line: String) -> String {
    let bytes = Array(line.utf8)
    let field = Array(",\"eventID\":\"".utf8)
    let length = field.count + 36 + 1
    guard bytes.count >= length else { return line }
    for start in 0...(bytes.count - length) where bytes[start..<start + field.count].elementsEqual(field) {
      guard bytes[start + length - 1] == UInt8(ascii: "\"") else { return line }
      return String(decoding: bytes[..<start] + bytes[(start + length)...], as: UTF8.self)
    }
    return line
  }
}
