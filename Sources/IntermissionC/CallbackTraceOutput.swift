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
    file?.write(line: line)
    callbacks.record(event, line: line)
  }
}
