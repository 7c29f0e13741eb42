import IntermissionCore

extension FullscreenPresenter {

  func context(of show: FullscreenShow) -> [(key: String, value: TraceValue)] {
    [("format", .string(show.ad.format.rawValue)), ("placement", .string(show.placement)), ("id", .string(show.ad.id))]
  }

  func event(_ kind: FullscreenEvent.Kind, of show: FullscreenShow) -> FullscreenEvent {
    FullscreenEvent(kind, format: show.ad.format, placement: show.placement, id: show.ad.id)
  }

  /// Traces `event` (unless its line was written already) and tells `onEvent`.
  func emit(_ event: FullscreenEvent, traced: Bool = true) {
    if !traced {
      onEvent?(event)
      return
    }
    var fields: [(key: String, value: TraceValue)] = [
      ("format", .string(event.format.rawValue)), ("placement", .string(event.placement)), ("id", .string(event.id)),
    ]
    if let refusal = event.refusal { fields.append(("reason", .string(refusal.rawValue))) }
    trace.emit(event.kind.rawValue, fields: fields)
    onEvent?(event)
  }

  /// Waits, at most `timeout` seconds, until no full-screen load runs on a worker thread.
  func waitForWorkers(timeout: Double) {
    for slot in slots.values { slot.waitForWorkers(timeout: timeout) }
  }
}
