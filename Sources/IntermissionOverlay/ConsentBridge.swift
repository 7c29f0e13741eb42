import IntermissionAds
import IntermissionBasics
import IntermissionConsent
import IntermissionCore

/// The overlay's side of a consent engine: the engine's events (reported on any thread) traced
/// in the loop's next frame, and each new decision handed to the ad source for its next request.
package final class ConsentBridge: @unchecked Sendable {
  /// The engine.
  package let engine: ConsentEngine
  private let events: Locked<[ConsentEvent]>
  /// The revision of the decision the source holds: ad traffic waits until it is the engine's.
  private let handedRevision = Locked(-1)

  /// A bridge whose engine is made by `makeEngine`, given the function that hears its events.
  package init(makeEngine: (_ report: @escaping @Sendable (ConsentEvent) -> Void) -> ConsentEngine) {
    let events = Locked<[ConsentEvent]>([])
    self.events = events
    engine = makeEngine { event in events.withLock { $0.append(event) } }
  }

  /// In the loop: traces the events reported since the last frame, and gives `source` the strings
  /// of a decision it has not had yet. Allocates nothing when nothing changed.
  package func update(trace: Trace, source: any AdSource) {
    if events.withLock({ !$0.isEmpty }) {
      for event in events.withLock({ list in
        defer { list.removeAll() }
        return list
      }) {
        trace.emit(event.traceEvent, fields: event.fields)
      }
    }
    let revision = engine.revision
    guard revision != handedRevision.withLock({ $0 }) else { return }
    if engine.status.canRequestAds { source.setConsent(ConsentSignals(engine.strings)) }
    handedRevision.withLock { $0 = revision }
  }

  /// Whether ad traffic may leave now: the engine allows it, and the source already holds the
  /// strings of that decision (so that no request goes out between a decision, made on any thread,
  /// and the next frame that hands its strings over). Read from any thread.
  package var admitsAdTraffic: Bool {
    let revision = engine.revision
    return engine.canRequestAds && handedRevision.withLock { $0 } == revision
  }
}
