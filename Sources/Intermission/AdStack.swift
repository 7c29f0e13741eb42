import IntermissionAds
import IntermissionBasics
import IntermissionConsent
import IntermissionCore
import IntermissionLocalization
import IntermissionNet
import IntermissionOverlay
import IntermissionSDL

/// The one place where an ad overlay and everything it runs on are put together: the HTTP client,
/// the ad source, the loader, the durable queue of beacons (with the reward and revenue ledgers
/// in its file), the video sound and the overlay, from one set of options with one policy for
/// each default. The host, the C API and `AdOverlay(manifestPath:pauseTarget:...)` all build
/// through it.
public final class AdStack {
  /// What the stack is built from. Every default is the one the host's command line and the C
  /// API's `intermission_config_init` give too, but the manifest's: each front names its own
  /// sample ads (the host its `Assets/ads`, the C API the installed ones; a Swift game the
  /// package's, `SampleAds`).
  public struct Options {
    /// Where the ads come from: an ad manifest, a demand file (ads bought over OpenRTB), or an ad
    /// server's http or https URL (cached on disk); nil takes the shipped sample ads (`SampleAds`).
    public var manifestPath: String?
    /// House ads for when the ad server or the exchange cannot be reached; nil for none.
    public var fallbackManifestPath: String?
    /// The overlay's timing; `waitsForDueLoads` makes a deterministic run, whose OpenRTB requests
    /// are marked as test traffic.
    public var configuration: AdOverlay.Configuration
    /// Seconds one HTTP transfer may take in all; connecting may take at most 3 of them.
    public var timeout: Double
    /// Certificate authorities trusted besides the system's (a PEM file); nil for none.
    public var caFile: String?
    /// The durable queue (a SQLite file) for beacons, an OpenRTB ad's notices, earned rewards and
    /// revenue events: nil keeps them in the default file
    /// (`$XDG_DATA_HOME/intermission/beacons.sqlite`, else under `~/.local/share`), an empty
    /// string keeps none (they live in memory and are lost with the process).
    public var beaconsPath: String?
    /// Whether video ads play their sound.
    public var playsSound: Bool
    /// Where the default files (the HTTP cache, the beacon queue) and the audio device are
    /// looked up; the process's environment by default.
    public var environment: [String: String]
    /// The consent file (`ConsentConfiguration`): a consent engine then decides, before any ad
    /// request, whether the player must be asked; nil runs none (a game's own signals, if any,
    /// go through `AdOverlay.setConsent`).
    public var consentPath: String?
    /// Where the player is, for tests and developers (UMP's debug geography); nil takes the
    /// consent file's `geography`, else its `geographyURL`'s answer, else unknown (asked).
    public var consentGeography: ConsentGeography?
    /// Forgets the stored decision before the engine starts (`--reset-consent`).
    public var resetsConsent = false

    /// Every load fails (the host's `--fail-ads`).
    package var failsEveryLoad = false
    /// The OpenRTB requests are test traffic even though loads are not waited for (the host's
    /// headless runs).
    package var marksTestTraffic = false
    /// The beacon queue's clock (seconds since 1970); the wall clock by default.
    package var beaconClock: (() -> Double)?
    /// The consent engine's clock (seconds since 1970); the wall clock by default.
    package var consentClock: (@Sendable () -> Int)?
    /// The vendor list and geography read ahead for the consent file (a host starts the reads
    /// before its window opens); nil reads them when the stack is built.
    package var consentPrefetch: ConsentPrefetch?
    /// The beacon queue's retry jitter; a fixed seed makes retries happen at the same times.
    package var beaconBackoff = RetryBackoff()
    /// Whether a stop signal arrived: loads and deliveries then end at once.
    package var isInterrupted: @Sendable () -> Bool = { false }
    /// Called on a worker thread when a load or a delivery finishes (wakes a waiting loop).
    package var onFinish: @Sendable () -> Void = {}
    /// Tells the user of a queue that cannot be written or was damaged, once.
    package var warn: (String) -> Void = { FileDescriptor.printToStandardError("intermission: warning: " + $0) }

    /// Options with every default: the sample ads, a 10-second time-out, the default beacon
    /// queue, sound on.
    public init(
      manifestPath: String? = nil, fallbackManifestPath: String? = nil,
      configuration: AdOverlay.Configuration = AdOverlay.Configuration(), timeout: Double = 10,
      caFile: String? = nil, beaconsPath: String? = nil, playsSound: Bool = true,
      environment: [String: String] = ProcessEnvironment.current()
    ) {
      self.manifestPath = manifestPath
      self.fallbackManifestPath = fallbackManifestPath
      self.configuration = configuration
      self.timeout = timeout
      self.caFile = caFile
      self.beaconsPath = beaconsPath
      self.playsSound = playsSound
      self.environment = environment
    }
  }

  /// The overlay: the banner, the full-screen ads and the holds on the game.
  public let overlay: AdOverlay
  /// The manifest, demand file or URL the ads come from.
  public var manifestPath: String { parts.manifestPath }
  /// The durable beacon queue, unless `beaconsPath` was empty.
  package var beaconQueue: BeaconQueue? { parts.beaconQueue }
  /// Fetches ads and beacons; `stopWorkers()` cancels its transfers.
  package var client: HTTPClient { parts.client }
  /// The consent engine, when `consentPath` was given.
  package var consentEngine: ConsentEngine? { parts.consent?.engine }
  private let parts: Parts

  /// Builds the stack. In-app ads hold `pauseTarget` as `.ad`; state changes go to `trace`.
  /// - Parameters:
  ///   - pauseTarget: what an in-app ad pauses: the game's `PauseGate`, or a `Director`.
  ///   - trace: where state changes are recorded.
  ///   - urlOpener: opens a clicked ad's page; the system browser by default.
  ///   - options: where the ads come from and what the stack keeps.
  /// - Throws: `SDLSession.ConcurrentSessionError` while code outside any `SDLSession.exclusive`
  ///   draws through SDL on another thread (see `AdOverlay(manifestPath:pauseTarget:...)`);
  ///   `ConsentDocumentError` for a consent file that cannot be read or is not one.
  public init(
    pauseTarget: any PauseTarget, trace: Trace, urlOpener: any URLOpener = SystemBrowser(), options: Options = Options()
  ) throws {
    parts = try Parts(options: options)
    overlay = AdOverlay(
      pauseTarget: pauseTarget, loader: parts.loader, configuration: options.configuration, trace: trace,
      urlOpener: urlOpener)
    // A game's own loop has no frame driver: the overlay begins the trace's frames at each update
    // (the host, which has one, turns this off).
    overlay.drivesTrace = true
    parts.equip(overlay)
  }

  /// Stops what runs beside the game: transfers under way are cancelled (quitting never waits for
  /// a slow server), then the overlay's workers and the beacon queue's are waited for
  /// (`AdOverlay.stopWorkers()`).
  public func stopWorkers() {
    // The overlay's first step cancels the client's transfers, its last waits for the beacon
    // queue's worker (`equip` gave it both).
    overlay.stopWorkers()
  }

  /// Everything but the overlay, built from the options, and then given to the overlay: an
  /// `AdStack`'s, or the one `AdOverlay(manifestPath:pauseTarget:...)` makes of itself.
  package struct Parts {
    /// The manifest, demand file or URL the ads come from.
    let manifestPath: String
    /// Fetches ads and beacons.
    let client: HTTPClient
    /// Loads the banners from the source.
    let loader: AdLoader
    /// The durable beacon queue, unless `beaconsPath` was empty.
    let beaconQueue: BeaconQueue?
    /// The consent engine's bridge, when a consent file was given.
    let consent: ConsentBridge?
    private let claim: SDLThreadClaim
    private let rewardLedger: RewardLedger?
    private let videoSound: SDLVideoSound?

    /// Builds the client, the source, the loader and the beacon queue of `options`.
    /// - Throws: `SDLSession.ConcurrentSessionError` (see `AdStack.init`).
    package init(options: Options) throws {
      claim = try SDLThreadClaim.claim()
      let environment = options.environment
      manifestPath =
        options.manifestPath ?? SampleAds.manifestPath(environment: environment) ?? "Assets/ads/manifest.json"
      let timeouts = AdStack.timeouts(options.timeout)
      consent = try Self.consentBridge(options)
      let gate = consent.map { bridge in AdTrafficGate { bridge.admitsAdTraffic } } ?? .open
      client = HTTPClient(timeouts: timeouts, caFile: options.caFile, gate: gate)
      let source = AdSources.forManifest(
        manifestPath, client: client, decoder: SDLImageDecoder(),
        cacheFolder: HTTPCache.defaultFolder(environment: environment),
        fallbackManifest: options.fallbackManifestPath, failsEveryLoad: options.failsEveryLoad,
        isTest: options.configuration.waitsForDueLoads || options.marksTestTraffic, environment: environment)
      loader = AdLoader(source: source, isInterrupted: options.isInterrupted, onFinish: options.onFinish)
      videoSound = options.playsSound ? SDLVideoSound(environment: environment) : nil
      if let consent {
        // The consent's own fetches (the vendor list, the geography) are not ad traffic: a client
        // of their own, which the gate does not close.
        let (consentClient, consentCache) = AdStack.consentFetching(
          timeout: options.timeout, caFile: options.caFile, environment: environment)
        ConsentStartup.start(
          consent.engine, geography: options.consentGeography,
          language: Localization.chooseLanguage(explicit: options.configuration.language, environment: environment),
          client: consentClient, cache: consentCache, decoder: SDLImageDecoder(),
          waits: options.configuration.waitsForDueLoads, prefetched: options.consentPrefetch,
          onFinish: options.onFinish)
      }
      let path = options.beaconsPath ?? BeaconStore.defaultPath(environment: environment)
      guard let path, !path.isEmpty else {
        beaconQueue = nil
        rewardLedger = nil
        return
      }
      let createsFolders = options.beaconsPath == nil
      beaconQueue = BeaconQueue(
        path: path, client: AdSources.beaconClient(for: source, client: client),
        clock: options.beaconClock ?? WallClock.now, waitsForAttempts: options.configuration.waitsForDueLoads,
        backoff: options.beaconBackoff, createsFolders: createsFolders, isInterrupted: options.isInterrupted,
        onFinish: options.onFinish, warn: options.warn)
      rewardLedger = RewardLedger(path: path, createsFolders: createsFolders)
    }

    /// Gives `overlay` (made with `loader`) the parts: the claim on SDL for its lifetime, the
    /// cancellation of its transfers, the video sound and the durable queue. Beacons, an OpenRTB
    /// ad's notices and trackers (sent until one 2xx, across crashes), earned rewards waiting for
    /// the game's acknowledgement and revenue events waiting for their handler (each written in
    /// one transaction with its impression's beacons) are then lost to no crash.
    package func equip(_ overlay: AdOverlay) {
      overlay.keptForItsLifetime.append(claim)
      overlay.cancelsTransfers = { [client] in client.cancelAll() }
      overlay.consent = consent
      if let videoSound { overlay.fullscreen.videoSound = videoSound }
      if let beaconQueue, let rewardLedger {
        overlay.beacons = beaconQueue
        overlay.fullscreen.rewardStore = rewardLedger
        overlay.revenueStore = beaconQueue
        overlay.waitsForBeaconWorker = { [beaconQueue] in beaconQueue.waitForWorker() }
      }
    }

    /// The consent file's engine and its bridge to the overlay, or nil without a consent file.
    /// - Throws: `ConsentDocumentError` naming what is wrong with the file.
    private static func consentBridge(_ options: Options) throws -> ConsentBridge? {
      guard let path = options.consentPath else { return nil }
      let bytes: [UInt8]
      do {
        bytes = try RegularFile.read(path, limit: 1_048_576)
      } catch {
        throw ConsentDocumentError("\(PrintableText.escaping(path, limit: 200)): \(error)")
      }
      let configuration = try ConsentConfiguration.parse(bytes, path: path)
      let store = ConsentStore(folder: ConsentStore.folder(app: configuration.app, environment: options.environment))
      if options.resetsConsent { store.reset() }
      let language = Localization.chooseLanguage(
        explicit: options.configuration.language, environment: options.environment)
      return ConsentBridge { report in
        ConsentEngine(
          configuration: configuration, store: store, language: language,
          clock: options.consentClock ?? { Int(WallClock.now()) },
          report: report)
      }
    }
  }
}
