import IntermissionBasics

/// Decides, at each launch and before any ad request, whether the player must be asked, keeps the
/// decision, and answers what every ad request may carry.
///
/// The engine starts `unknown`; `start(list:geography:)` (once the vendor list and the geography
/// are known, off the game's loop) makes it `required` (the form must show; no ad traffic leaves),
/// `notRequired` (a US state's opt-outs, or no rule) or `obtained`. `decide(_:)` records the
/// player's choices. Every member is safe to call from any thread.
package final class ConsentEngine: @unchecked Sendable {
  /// The consent file.
  package let configuration: ConsentConfiguration
  let store: ConsentStore
  private let language: String
  private let clock: @Sendable () -> Int
  private let report: @Sendable (ConsentEvent) -> Void
  private let state = Locked(State())
  /// Held through a whole start or reset, so that a reset on the loop cannot be undone by a start
  /// still reading the store on its worker.
  private let serial = Locked(())

  private struct State {
    var status = ConsentStatus.unknown
    var geography = ConsentGeography.unknown
    var list: GlobalVendorList?
    var keys: [String: String] = [:]
    var reason: ConsentReason?
    var shownAt: Int?
    var revision = 0
  }

  /// An engine for `configuration`, keeping decisions in `store`, asking in `language` (ISO 639-1).
  /// - Parameters:
  ///   - clock: the time, in seconds since 1970 (a test's clock, or the system's).
  ///   - report: hears every event, on the thread that caused it.
  package init(
    configuration: ConsentConfiguration, store: ConsentStore, language: String,
    clock: @escaping @Sendable () -> Int, report: @escaping @Sendable (ConsentEvent) -> Void
  ) {
    self.configuration = configuration
    self.store = store
    self.language = language
    self.clock = clock
    self.report = report
  }

  /// Where the decision stands.
  package var status: ConsentStatus { state.withLock { $0.status } }

  /// Whether ad requests may go out now (as UMP's `canRequestAds`).
  package var canRequestAds: Bool { status.canRequestAds }

  /// Why the player is asked, while the form is needed (or the privacy options were opened); nil
  /// otherwise.
  package var reasonToAsk: ConsentReason? {
    state.withLock { $0.status == .required || $0.reason == .privacyOptions ? $0.reason : nil }
  }

  /// The vendor list the form explains, once read.
  package var vendorList: GlobalVendorList? { state.withLock { $0.list } }

  /// The folder the decision is kept in (for tests and tools).
  package var storeFolder: String { store.folder }

  /// Where the player is, once known.
  package var geography: ConsentGeography { state.withLock { $0.geography } }

  /// The in-app key `key`'s value in force (`IABTCF_TCString`, `IABGPP_HDR_GppString`, …); nil when
  /// absent.
  package func value(forKey key: String) -> String? { state.withLock { $0.keys[key] } }

  /// A number that grows whenever the status or the keys in force change (a loop compares it, to
  /// hand new strings to its ad source without building them every frame).
  package var revision: Int { state.withLock { $0.revision } }

  /// The signals every ad request carries now.
  package var strings: ConsentStrings { ConsentStrings(keys: state.withLock { $0.keys }) }

  /// Decides from the vendor list (nil when none could be read: `listFailure` says why) and the
  /// geography whether the player must be asked. Where GDPR applies and no list could be read, a
  /// stored decision stands if it passes every check that needs no list; otherwise the player
  /// cannot be asked and no ad request goes out.
  package func start(list: GlobalVendorList?, geography: ConsentGeography, listFailure: String? = nil) {
    serial.withLock { _ in startSerially(list: list, geography: geography, listFailure: listFailure) }
  }

  private func startSerially(list: GlobalVendorList?, geography: ConsentGeography, listFailure: String?) {
    var stored: [String: String] = [:]
    var setAside: String?
    switch store.read() {
    case .values(let values): stored = values
    case .setAside(let message): setAside = message
    }
    let now = clock()
    var events: [ConsentEvent] = []
    state.withLock { state in
      state.revision += 1
      state.list = list
      state.geography = geography
      if !geography.asksBeforeAds {
        state.status = .notRequired
        state.keys = geography.hasUSOptOuts ? Self.usKeys(stored: stored) : ["IABTCF_gdprApplies": "0"]
        events.append(.notRequired(geography))
        return
      }
      var reason: ConsentReason?
      if let setAside {
        reason = .storeSetAside(setAside)
        events.append(.storeFailed(setAside))
      } else {
        reason = ConsentReason.toAsk(stored: stored, list: list, configuration: configuration, now: now)
        if list == nil, reason == .noDecision { reason = .vendorListUnavailable(listFailure ?? "none was given") }
      }
      if case .storeSetAside(let why)? = reason, setAside == nil {
        events.append(.storeFailed(store.setAside(because: why)))
      }
      if case .expired(let days)? = reason { events.append(.expired(days: days)) }
      if let reason {
        state.status = .required
        state.reason = reason
        state.keys = [:]
        events.append(.required(reason))
      } else {
        state.status = .obtained
        state.keys = stored
      }
    }
    events.forEach(report)
  }

  /// Notes that the form is on screen (once per showing), for `consent.shown` and the time taken.
  package func formShown() {
    let first = state.withLock { state in
      defer { state.shownAt = state.shownAt ?? clock() * 1000 }
      return state.shownAt == nil
    }
    if first { report(.shown) }
  }

  /// Records the player's choices: the status becomes `obtained`, ad requests go out with the new
  /// strings from the next one (a withdrawal applies at once, before the store is written), and
  /// the keys are written. Serialised with `start` and `reset`: a reset never comes between the
  /// decision and its files.
  /// - Parameter milliseconds: the time the form took, for `consent.decided`; nil to measure it
  ///   with the engine's clock.
  /// - Returns: false, changing nothing, when there is no vendor list to decide on or the decision
  ///   cannot be encoded (reported as `consent.storeFailed`).
  @discardableResult
  package func decide(_ choices: ConsentChoices, milliseconds: Int? = nil) -> Bool {
    serial.withLock { _ in decideSerially(choices, milliseconds: milliseconds) }
  }

  private func decideSerially(_ choices: ConsentChoices, milliseconds: Int?) -> Bool {
    guard let list = vendorList else { return false }
    let record = ConsentRecord(
      choices: choices, list: list, configuration: configuration, time: clock(), language: language)
    guard record.keys["IABTCF_TCString"] != nil else {
      // Fail closed: a decision that cannot be written as a TC string opens nothing.
      report(.storeFailed("the decision could not be encoded as a TC string"))
      return false
    }
    let took = state.withLock { state in
      state.revision += 1
      state.keys = record.keys
      state.status = .obtained
      state.reason = nil
      defer { state.shownAt = nil }
      return milliseconds ?? max(0, clock() * 1000 - (state.shownAt ?? clock() * 1000))
    }
    if let failure = store.write(record.keys) { report(.storeFailed(failure)) }
    report(
      .decided(
        purposes: record.model.purposeConsents.sorted(), vendors: record.model.vendorConsents.count, milliseconds: took)
    )
    return true
  }

  /// Opens the decision again (the privacy options): the status stays as it is (ads go on with the
  /// choices in force) until the player decides anew.
  package func reopen() {
    state.withLock { state in state.reason = .privacyOptions }
  }

  /// The privacy options closed without a new decision: the choices in force stand.
  package func optionsClosed() {
    state.withLock { state in
      if state.reason == .privacyOptions {
        state.reason = nil
        state.shownAt = nil
      }
    }
  }

  /// Forgets the stored decision (`--reset-consent`): a GDPR player is asked again.
  package func reset() {
    let (list, geography) = serial.withLock { _ in
      store.reset()
      return state.withLock { state in
        state.status = .unknown
        state.revision += 1
        return (state.list, state.geography)
      }
    }
    start(list: list, geography: geography)
  }

  func replaceKeys(_ keys: [String: String]) {
    state.withLock { state in
      state.keys = keys
      state.revision += 1
      state.reason = state.reason == .privacyOptions ? nil : state.reason
      state.shownAt = nil
    }
  }

  /// Runs `work` serialised with `start`, `decide` and `reset`.
  func serially<T>(_ work: () -> T) -> T { serial.withLock { _ in work() } }

  func reportStoreFailure(_ failure: String) { report(.storeFailed(failure)) }
}
