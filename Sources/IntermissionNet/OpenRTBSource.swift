import IntermissionAds
import IntermissionBasics
import IntermissionCore
import IntermissionOpenRTB
import IntermissionVideo

/// Ads bought over OpenRTB 2.6 from the endpoint of a demand file (a Prebid Server's
/// `/openrtb2/auction`, say): each load POSTs a bid request for its format, on the loader's worker
/// thread, decides the auction (`OpenRTBAuction`), fetches the winning native ad's image through
/// the HTTP cache, and hands the ad over with the notices it owes its buyer (`AdCreative.notices`).
///
/// - The request carries the consent signals set last (`setConsent`), the view's size, and
///   `test: 1` for test traffic; no device identifier.
/// - Loss notices of the other bids, and the reasons bids were refused, wait in `takeReports()`
///   for the overlay's durable queue and its trace.
/// - 204 or no bid is no fill (`nbr` kept); a failure names what failed; when the endpoint cannot
///   be reached, the demand file's house ads serve (`"source":"fallback"`). Bids are never cached.
/// - Image, notice and tracker URLs must be https on a public address (`NativeAd.URLRule`); the
///   connection itself refuses private addresses unless the endpoint is on one.
package final class OpenRTBSource: AdSource, @unchecked Sendable {
  /// The demand file.
  package let demand: DemandFile
  /// Where it was read from.
  package let name: String
  /// Whether every request is test traffic (headless and fixed-step runs).
  package let isTest: Bool
  /// Whether connections may reach loopback, link-local and private addresses: only when the
  /// endpoint is on one itself. The beacon queue that sends this source's notices follows it.
  package let allowsPrivateAddresses: Bool
  let client: HTTPClient
  /// Asks the exchange: waits while its client's gate is closed (the player's consent).
  package var awaitsConsent: Bool { !client.gate.isOpen }
  private let fetcher: CachedFetch
  /// Brings video ads' wrappers and media.
  let videos: VideoMediaDownload
  private let fallback: (any AdSource)?
  private let userAgent: String
  /// The device's language (`device.language`, ISO 639-1) and BCP 47 tag (`device.langb`).
  private var language: DeviceLanguage?

  private struct DeviceLanguage {
    let code: String
    let tag: String
  }
  private let lock = Condition()
  private var consent = ConsentSignals()
  /// Each format's price floor: the demand file's, or the game's since (`setFloor(_:for:)`).
  private var floors: [AdFormat: Double]
  private var viewSize = Size(width: 960, height: 640)
  /// What each format's last load has to tell, until its loader takes it.
  private var reports: [AdFormat: [SourceReport]] = [:]
  /// Monotonic seconds, for each load's deadline (a test may pass its own clock).
  package var clock: @Sendable () -> Double = MonotonicClock.readSeconds

  /// How long a loss notice stays deliverable, in seconds.
  package static let noticeLifetime = 86_400.0
  /// The largest image kept for a bought banner (it shows small there, and in the ad view at most
  /// about this size), in pixels.
  package static let bannerImageLimit = Size(width: 640, height: 640)
  /// The largest image kept for a bought full-screen ad, in pixels.
  package static let fullscreenImageLimit = Size(width: 1920, height: 1920)

  /// Creates the source.
  /// - Parameters:
  ///   - demand: the demand file, read.
  ///   - path: where it was read from.
  ///   - client: its timeouts and certificate authorities; private addresses are refused unless
  ///     the endpoint is on one.
  ///   - decoder: checks images as they stream in, and decodes them.
  ///   - cache: where image bodies are kept; nil caches nothing.
  ///   - isTest: marks every request as test traffic.
  ///   - version: the program's version, for the user agent.
  ///   - architecture: the machine's, for the user agent.
  ///   - locale: the locale's name (`LANG`), for `device.language`.
  package init(
    demand: DemandFile, path: String, client: HTTPClient, decoder: any ImageDecoder, cache: HTTPCache?,
    isTest: Bool, version: String, architecture: String, locale: String?
  ) {
    self.demand = demand
    floors = demand.floors
    name = path
    self.isTest = isTest
    let endpoint = demand.endpoint
    let local = WebURL.scope(of: endpoint.host) != .public
    let guarded = client.restricted(allowsPrivateAddresses: local)
    allowsPrivateAddresses = guarded.allowsPrivateAddresses
    self.client = guarded
    fetcher = CachedFetch(client: guarded, cache: cache, decoder: decoder)
    videos = VideoMediaDownload(
      client: guarded, cache: cache ?? HTTPCache(folder: OpenRTBSource.temporaryMediaFolder()),
      rule: NativeAd.URLRule(endpoint: endpoint))
    fallback = demand.fallback.map { LocalAdSource(manifestPath: $0, decoder: decoder) }
    userAgent = OpenRTBRequest.userAgent(version: version, architecture: architecture)
    language = OpenRTBRequest.language(ofLocale: locale).map {
      DeviceLanguage(code: $0, tag: locale.flatMap(LanguageTag.fromLocale) ?? $0)
    }
  }

  /// The request's deadline, its image's transfer, the decode, and the house ads.
  package var loadTimeout: Double {
    requestTimeout + client.timeouts.total + 2 + (fallback?.loadTimeout ?? 0)
  }

  /// The bid request's own deadline: `tmax` and the time to connect.
  var requestTimeout: Double { Double(demand.tmax) / 1000 + client.timeouts.connect }

  /// Sets the signals the next request carries.
  package func setConsent(_ signals: ConsentSignals) { lock.withLock { consent = signals } }

  package func setFloor(_ cpm: Double, for format: AdFormat) { lock.withLock { floors[format] = cpm } }

  /// The signals the next request carries.
  package var currentConsent: ConsentSignals { lock.withLock { consent } }

  /// A bid request gives the view's size: a load waits until it is known.
  package var needsViewSize: Bool { true }

  package func noteViewSize(_ size: Size) {
    lock.lock()
    viewSize = size
    lock.unlock()
  }

  package func noteLanguage(_ tag: String) {
    guard LanguageTag.isWellFormed(tag) else { return }
    lock.withLock { language = DeviceLanguage(code: LanguageTag.primary(tag), tag: tag) }
  }

  package func takeReports(for format: AdFormat) -> [SourceReport] {
    lock.withLock { reports.removeValue(forKey: format) ?? [] }
  }

  package func loadAd(sequence: Int) -> Result<LoadedAd, AdError> { loadAd(sequence: sequence, format: .banner) }

  package func loadAd(sequence: Int, format: AdFormat) -> Result<LoadedAd, AdError> {
    guard demand.placements[format] != nil else {
      return .failure(format == .banner ? .noBannerAds(path: name) : .noFullscreenAds(format: format, path: name))
    }
    let started = clock()
    let (signals, size, floor) = lock.withLock { (consent, viewSize, floors[format]) }
    let language: DeviceLanguage? = lock.withLock { self.language }
    var request = OpenRTBRequest(
      id: RandomUUID.make(), transactionID: RandomUUID.make(), format: format, demand: demand, consent: signals,
      device: .init(
        userAgent: userAgent, width: Int(size.width), height: Int(size.height), language: language?.code,
        languageTag: language?.tag),
      isTest: isTest)
    request.floor = floor
    // A full-screen imp asks for the video FFmpeg decodes here (loaded for it, only then).
    if format != .banner { request.videoTypes = MediaDecoder.playableTypes.sorted() }
    let endpoint = demand.endpoint.description
    let response = client.post(
      endpoint, body: Array(request.body.utf8),
      headers: ["Content-Type: application/json", "x-openrtb-version: 2.6"], maximumBytes: AdManifest.maximumSize,
      timeout: requestTimeout)
    let auction: OpenRTBAuction
    switch response {
    case .failure(let failure):
      let error = AdError.transferFailed(url: endpoint, reason: failure.description)
      return failure.isOffline ? serveFallback(sequence: sequence, format: format, error: error) : .failure(error)
    case .success(let answer):
      do {
        auction = try OpenRTBAuction.decide(status: answer.status, body: answer.body, request: request)
      } catch {
        return .failure(.transferFailed(url: endpoint, reason: "bid response refused: \(error)"))
      }
    }
    report(auction.losses, for: format)
    guard !auction.candidates.isEmpty else {
      return .failure(auction.noBidReason.map { .noBid(reason: $0) } ?? .noFill)
    }
    return loadBest(of: auction.candidates, format: format, viewWidth: Int(size.width), deadline: started + loadTimeout)
  }

  /// The ad of `bid`: its markup fetched from its win notice if need be, then its image, or its
  /// VAST and media. A failure refuses it (loss code 3).
  func load(_ bid: OpenRTBAuction.Winner, format: AdFormat, viewWidth: Int) -> Result<LoadedAd, AdError> {
    var winner = bid
    let endpoint = demand.endpoint.description
    if winner.markupFromWinNotice {
      switch markup(fromWinNoticeOf: winner) {
      case .success(let fetched): winner = fetched
      case .failure(let refusal):
        refuse(winner, creative(of: winner, format: format), reason: refusal.description, format: format)
        return .failure(.transferFailed(url: winner.winNotice ?? endpoint, reason: refusal.description))
      }
    }
    let creative = creative(of: winner, format: format)
    if winner.markupType == .video { return loadVideo(winner, creative, format: format, viewWidth: viewWidth) }
    do throws(CachedFetch.Failure) {
      let image = try fetcher.image(of: creative)
      if case .failure(let error) = OpenRTBSource.checkedSize(LoadedAd(creative: creative, image: image)) {
        refuse(winner, creative, reason: error.description, format: format)
        return .failure(error)
      }
      // A bought image can be of any size: scaled here, on the worker, to what its format shows.
      let limit = format == .banner ? OpenRTBSource.bannerImageLimit : OpenRTBSource.fullscreenImageLimit
      var loaded = LoadedAd(creative: creative, image: (image as? any FittableImage)?.fitted(within: limit) ?? image)
      loaded.formats = Set(demand.placements.keys)
      return .success(loaded)
    } catch {
      // The image could not be had: the bid cannot be shown (an invalid bid response).
      let failure: AdError
      switch error {
      case .offline(let error), .ad(let error): failure = error
      case .cachedEntryDamaged: failure = .transferFailed(url: creative.imagePath, reason: "a damaged cache entry")
      }
      refuse(winner, creative, reason: failure.description, format: format)
      return .failure(failure)
    }
  }

  /// The winning bid as an ad: its native assets (none yet for a video), and its notices with
  /// their moments. A win notice that gave the markup is not fired again.
  func creative(of winner: OpenRTBAuction.Winner, format: AdFormat) -> AdCreative {
    let ad = winner.ad
    let lifetime = OpenRTBSource.noticeLifetime
    func beacons(_ kind: Beacon.Kind, _ urls: [String]) -> [Beacon] {
      urls.map { Beacon(kind: kind, adID: winner.bidID, url: $0, lifetime: lifetime) }
    }
    var creative = AdCreative(
      id: winner.bidID, imagePath: ad?.imageURL ?? winner.winNotice ?? "", title: ad?.title ?? "", action: .inApp,
      description: ad?.description, landingURL: ad?.linkURL)
    creative.format = format
    creative.isNative = ad != nil
    creative.callToAction = ad?.callToAction
    creative.language = winner.language
    let winNotice = winner.markupFromWinNotice ? nil : winner.winNotice
    creative.countdown = demand.countdowns[format]
    if format == .rewarded { creative.reward = demand.reward }
    creative.lifetime = winner.lifetime
    creative.price = AdPrice(
      cpm: winner.price, currency: winner.currency, precision: .exact, source: .openrtb, seat: winner.seat,
      crid: winner.creativeID)
    creative.notices = AdNotices(
      shown: beacons(.win, winNotice.map { [$0] } ?? []) + beacons(.tracker, ad?.shownTrackers ?? []),
      impression: beacons(.billing, winner.billingNotice.map { [$0] } ?? [])
        + beacons(.tracker, ad?.viewableTrackers ?? []),
      click: beacons(.tracker, ad?.clickTrackers ?? []),
      expired: beacons(.loss, winner.lossNotice.map { [winner.macros.losing(2).substitute($0)] } ?? []))
    return creative
  }

  /// The winning bid could not be shown after all (its image): refused, with loss code 3.
  func refuse(_ winner: OpenRTBAuction.Winner, _ creative: AdCreative, reason: String, format: AdFormat) {
    var loss = winner.loss(3, reason: reason)
    // A bid whose markup was asked of its win notice was told it won (OpenRTB 2.6 §4.4): notices
    // stay truthful, so it hears no loss after that. It is refused all the same, and never billed.
    if winner.markupFromWinNotice { loss.url = nil }
    report([loss], for: format)
  }

  /// Reports `losses`: each refusal's reason, then its loss notice, if it has a URL.
  func report(_ losses: [OpenRTBAuction.Loss], for format: AdFormat) {
    var told: [SourceReport] = []
    for loss in losses {
      if let reason = loss.reason { told.append(.bidRefused(id: loss.bidID, reason: reason)) }
      if let url = loss.url {
        told.append(.notice(Beacon(kind: .loss, adID: loss.bidID, url: url, lifetime: OpenRTBSource.noticeLifetime)))
      }
    }
    report(told, for: format)
  }

  /// Keeps `told` for the loader of `format` to take.
  func report(_ told: [SourceReport], for format: AdFormat) {
    guard !told.isEmpty else { return }
    lock.withLock { reports[format, default: []] += told }
  }

  /// The demand file's house ads, else `error`.
  private func serveFallback(sequence: Int, format: AdFormat, error: AdError) -> Result<LoadedAd, AdError> {
    guard let fallback, case .success(let loaded) = fallback.loadAd(sequence: sequence, format: format) else {
      return .failure(error)
    }
    var creative = loaded.creative
    // A house ad served for the demand file: its stated cpm, if any, counted as the fallback's.
    var price = creative.price ?? AdPrice()
    price.source = .fallback
    creative.price = price
    var house = LoadedAd(creative: creative, image: loaded.image, fallback: .houseAds)
    house.formats = Set(demand.placements.keys)
    return .success(house)
  }
}
