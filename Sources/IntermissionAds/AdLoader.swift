import Dispatch
import IntermissionBasics
import IntermissionCore

/// Loads ads off the main loop: asks its `AdSource` for the next ad in rotation on a background
/// queue, then holds the result for the loop to take.
///
/// One load runs at a time, and each has a deadline: a load that has not finished `timeout` seconds
/// after it started fails with `AdError.timedOut`, and its late result is thrown away. Its steps
/// share one `LoadBudget`, which ends a little before the deadline and which is cancelled when the
/// load is given up on, so that its transfers stop rather than run on beside the next load.
/// `onFinish` is called on the background queue when a result is ready, so a host that sleeps can
/// wake.
package final class AdLoader: @unchecked Sendable {
  /// The default deadline of one load from a local manifest, in seconds.
  package static let defaultTimeout = 5.0

  /// Where ads come from.
  package let source: any AdSource
  /// Which format's entries it loads.
  package let format: AdFormat
  /// The game's language: a house ad with text in several languages is delivered in it
  /// (`AdCreative.localized(to:)`). Set before the first load; "en" by default.
  package var language: String {
    get { condition.withLock { chosenLanguage } }
    set { condition.withLock { chosenLanguage = newValue } }
  }
  private var chosenLanguage = "en"
  /// Where a loaded ad's text is laid out before the loop takes it (its overlay's); nil for none.
  package var rehearsal: (any AdRehearsal)? {
    get { condition.withLock { chosenRehearsal } }
    set { condition.withLock { chosenRehearsal = newValue } }
  }
  private var chosenRehearsal: (any AdRehearsal)?
  /// What fits a loaded video ad's poster to the size its view draws it at (the overlay's, set
  /// when the view's size is known); nil leaves the poster as it was decoded.
  package var fittingPoster: (@Sendable (LoadedAd) -> LoadedAd)? {
    get { condition.withLock { chosenPosterFit } }
    set { condition.withLock { chosenPosterFit = newValue } }
  }
  private var chosenPosterFit: (@Sendable (LoadedAd) -> LoadedAd)?
  private let timeout: Double
  private let isInterrupted: @Sendable () -> Bool
  private let onFinish: @Sendable () -> Void
  private let condition = Condition()
  private var result: Result<LoadedAd, AdError>?
  /// What the source reported with the result not taken yet, and what is ready for the game.
  private var reportsOfResult: [SourceReport] = []
  private var released: [SourceReport] = []
  private var isLoading = false
  private var generation = 0
  private var workers = 0
  private var deadline = 0.0
  private var budget: LoadBudget?

  /// Creates a loader.
  /// - Parameters:
  ///   - source: where ads come from; its `loadTimeout` is each load's deadline.
  ///   - format: which format's entries it loads (the banner's by default).
  ///   - isInterrupted: polled while `waitForResult` waits; true ends the wait (a stop signal).
  ///   - onFinish: called from the background queue when a load finishes.
  package init(
    source: any AdSource, format: AdFormat = .banner, isInterrupted: @escaping @Sendable () -> Bool = { false },
    onFinish: @escaping @Sendable () -> Void = {}
  ) {
    self.source = source
    self.format = format
    self.timeout = source.loadTimeout
    self.isInterrupted = isInterrupted
    self.onFinish = onFinish
  }

  /// Creates a loader of a local manifest (`LocalAdSource`).
  /// - Parameters:
  ///   - manifestPath: the manifest to read on every load.
  ///   - decoder: decodes creative images (thread-safe).
  ///   - failsEveryLoad: make every load fail with `AdError.loadingDisabled` (`--fail-ads`).
  ///   - timeout: seconds after which an unfinished load fails.
  ///   - isInterrupted: polled while `waitForResult` waits; true ends the wait (a stop signal).
  ///   - onFinish: called from the background queue when a load finishes.
  package convenience init(
    manifestPath: String, decoder: any ImageDecoder, failsEveryLoad: Bool = false,
    timeout: Double = AdLoader.defaultTimeout, isInterrupted: @escaping @Sendable () -> Bool = { false },
    onFinish: @escaping @Sendable () -> Void = {}
  ) {
    self.init(
      source: LocalAdSource(
        manifestPath: manifestPath, decoder: decoder, failsEveryLoad: failsEveryLoad, loadTimeout: timeout),
      isInterrupted: isInterrupted, onFinish: onFinish)
  }

  /// A loader of `format`'s entries from the same source, waking the same host.
  package func loader(for format: AdFormat) -> AdLoader {
    let other = AdLoader(source: source, format: format, isInterrupted: isInterrupted, onFinish: onFinish)
    other.language = language
    other.rehearsal = rehearsal
    other.fittingPoster = fittingPoster
    return other
  }

  /// Starts loading the ad at position `sequence` of the rotation (wrapping around the inventory).
  /// Does nothing while a previous load runs or its result has not been taken.
  package func start(sequence: Int) {
    condition.lock()
    guard !isLoading, result == nil else {
      condition.unlock()
      return
    }
    isLoading = true
    generation += 1
    let started = generation
    deadline = MonotonicClock.readSeconds() + timeout
    let budget = LoadBudget(loadTimeout: timeout)
    self.budget = budget
    workers += 1
    let language = chosenLanguage
    let rehearsal = chosenRehearsal
    condition.unlock()
    DispatchQueue.global().async { [self] in
      // The view as it is when the ad arrives: the first load may start before the first draw.
      let outcome = budget.run { source.loadAd(sequence: sequence, format: format) }.map { loaded in
        let ad = loaded.localized(to: language)
        return fittingPoster?(ad) ?? ad
      }
      if case .success(let ad) = outcome { rehearsal?.rehearse(ad, format: format) }
      let told = source.takeReports(for: format)
      condition.lock()
      let isCurrent = started == generation && isLoading
      if isCurrent {
        result = outcome
        reportsOfResult = told
        isLoading = false
        self.budget = nil
      } else {
        // A load given up on: its ad is dropped, but what it owes buyers is not.
        released += told
      }
      condition.broadcast()
      condition.unlock()
      if isCurrent { onFinish() }
      // Only now is the worker done with everything of the host's (the decoder, the wake-up).
      condition.withLock {
        workers -= 1
        condition.broadcast()
      }
    }
  }

  /// Takes the finished result, if there is one, without waiting; a load past its deadline gives
  /// `AdError.timedOut`.
  package func takeResult() -> Result<LoadedAd, AdError>? {
    condition.lock()
    defer { condition.unlock() }
    if isLoading && MonotonicClock.readSeconds() >= deadline { expire() }
    return take()
  }

  /// Waits for the running load to finish, at most until its deadline, and takes its result. Returns
  /// nil if no load was started, or when `isInterrupted` says so while waiting.
  package func waitForResult() -> Result<LoadedAd, AdError>? {
    condition.lock()
    defer { condition.unlock() }
    while isLoading {
      let now = MonotonicClock.readSeconds()
      if now >= deadline {
        expire()
        break
      }
      if isInterrupted() { return nil }
      condition.wait(seconds: min(deadline - now, 0.05))  // at least every 50 ms: notice an interruption
    }
    return take()
  }

  /// Waits, at most `timeout` seconds, until no load runs on a worker thread any more, finished or
  /// not taken: a host calls it before it shuts its image decoder down (SDL_image), which must not
  /// happen under a decode.
  /// - Returns: whether every worker finished in time.
  @discardableResult
  package func waitForWorkers(timeout: Double) -> Bool {
    condition.lock()
    defer { condition.unlock() }
    let end = MonotonicClock.readSeconds() + timeout
    while workers > 0 {
      let now = MonotonicClock.readSeconds()
      if now >= end { return false }
      condition.wait(seconds: end - now)
    }
    return true
  }

  /// Cancels the running load's transfers (its budget: libcurl notices within a second), leaving
  /// everything else as it is: for an overlay that ends, which waits for its workers next.
  package func cancelRunningLoad() { condition.withLock { budget?.cancel() } }

  /// How many loads still run on a worker thread, finished or given up on: the current one, and one
  /// given up on whose transfers are stopping (libcurl notices a cancellation within a second).
  package var runningWorkers: Int { condition.withLock { workers } }

  /// Ends the running load as timed out and cancels its transfers; its result, if it ever comes, is
  /// dropped. Lock held.
  private func expire() {
    budget?.cancel()
    budget = nil
    isLoading = false
    generation += 1
    result = .failure(.timedOut(seconds: timeout))
  }

  /// Takes the result, releasing what the source reported with it. Lock held.
  private func take() -> Result<LoadedAd, AdError>? {
    let taken = result
    result = nil
    if !reportsOfResult.isEmpty {
      released += reportsOfResult
      reportsOfResult = []
    }
    return taken
  }

  /// What the source reported with the results taken so far (an auction's loss notices, its
  /// refused bids), once each: released with their result, so that they come in the frame its
  /// outcome is traced in, under the fixed step too.
  package func takeReports() -> [SourceReport] {
    condition.lock()
    defer { condition.unlock() }
    guard !released.isEmpty else { return [] }
    let taken = released
    released = []
    return taken
  }
}
