import IntermissionAds
import IntermissionBasics
import IntermissionCore

/// One OpenRTB 2.6 bid request for one format, built from a demand file, the player's consent and
/// the window; sent as `body` with `Content-Type: application/json` and `x-openrtb-version: 2.6`.
/// It carries no device identifier, no IP address, no location and no user id.
package struct OpenRTBRequest: Sendable {
  /// What the request says of the machine: no identifier.
  package struct Device: Hashable, Sendable {
    /// `Intermission/VERSION (Linux; ARCH)`.
    package var userAgent: String
    /// The window's size in pixels.
    package var width: Int
    package var height: Int
    /// The language (ISO 639-1) of the locale or of the game's choice, if known.
    package var language: String?
    /// The same language as a BCP 47 tag (`device.langb`, OpenRTB 2.6), such as "pt-BR".
    package var languageTag: String?

    /// Creates a device description.
    package init(userAgent: String, width: Int, height: Int, language: String?, languageTag: String? = nil) {
      self.userAgent = userAgent
      self.width = width
      self.height = height
      self.language = language
      self.languageTag = languageTag
    }
  }

  /// The request's id (`id`, a fresh UUID): `${AUCTION_ID}`.
  package var id: String
  /// The transaction id (`source.tid`).
  package var transactionID: String
  /// The format requested: one imp, whose `tagid` is the format's placement.
  package var format: AdFormat
  /// The demand file.
  package var demand: DemandFile
  /// The player's consent signals at the time of the request.
  package var consent: ConsentSignals
  /// The machine and window.
  package var device: Device
  /// Whether the request is test traffic (`test: 1`): every headless or fixed-step run, and a
  /// demand file's `"test": true`.
  package var isTest: Bool
  /// The video MIME types a full-screen imp asks for: what the loaded FFmpeg decodes
  /// (`MediaDecoder.playableTypes`); empty asks for native only.
  package var videoTypes: [String] = ["video/mp4"]
  /// The imp's price floor (`imp.bidfloor`, CPM in `PriceFloor.currency`): the demand
  /// file's for the format, or the game's since (`AdOverlay.setFloor(_:for:)`); nil or 0 sets none.
  package var floor: Double?

  /// The auction held (`at`): first price. The highest bid wins and pays its own price, which
  /// replaces `${AUCTION_PRICE}`, as Prebid Server holds it.
  package static let auctionType = 1

  /// The VAST protocols a video imp accepts: VAST 2.0 to 4.x, wrappers included (AdCOM's list).
  package static let videoProtocols = [2, 3, 5, 6, 7, 8, 11, 12, 13, 14]
  /// The shortest video asked for, in seconds.
  package static let minimumVideoDuration = 5

  /// The native assets' ids: the title, the main image, the description and the call to action.
  package enum Asset: Int, Sendable {
    case title = 1, image = 2, description = 3, callToAction = 4
  }

  /// The longest title asked for, in characters.
  package static let titleLength = 90

  /// Creates a request.
  package init(
    id: String, transactionID: String, format: AdFormat, demand: DemandFile, consent: ConsentSignals, device: Device,
    isTest: Bool
  ) {
    self.id = id
    self.transactionID = transactionID
    self.format = format
    self.demand = demand
    self.consent = consent
    self.device = device
    self.isTest = isTest || demand.test
    floor = demand.floors[format]
  }

  /// The imp's id: the format's name.
  package var impID: String { format.rawValue }

  /// The request's body, as compact JSON text.
  package var body: String { json.jsonText }

  /// The request as a JSON value, its members in the specification's order.
  package var json: StrictJSON.Value {
    typealias J = StrictJSON.Value
    let fullscreen = format != .banner
    var imp: [(key: String, value: J)] = [
      ("id", .string(impID)), ("tagid", .string(demand.placements[format] ?? "")),
      ("instl", .number(fullscreen ? 1 : 0)),
    ]
    if let floor, floor > 0 {
      imp += [("bidfloor", .number(floor)), ("bidfloorcur", .string(PriceFloor.currency))]
    }
    if format == .rewarded { imp.append(("rwdd", .number(1))) }
    imp.append(("secure", .number(1)))
    if fullscreen, !videoTypes.isEmpty { imp.append(("video", .object(videoObject))) }
    imp.append(
      (
        "native",
        .object([("request", .string(OpenRTBRequest.nativeRequest(for: format).jsonText)), ("ver", .string("1.2"))])
      ))
    if let stored = demand.storedAuctionResponses[format] {
      // Prebid Server answers with this stored response, no auction held: for testing.
      imp.append(
        ("ext", .object([("prebid", .object([("storedauctionresponse", .object([("id", .string(stored))]))]))])))
    }
    var app: [(key: String, value: J)] = [("bundle", .string(demand.app.bundle)), ("name", .string(demand.app.name))]
    if let version = demand.app.version { app.append(("ver", .string(version))) }
    if let publisher = demand.app.publisher { app.append(("publisher", .object([("id", .string(publisher))]))) }
    var deviceMembers: [(key: String, value: J)] = [
      ("ua", .string(device.userAgent)), ("os", .string("Linux")), ("devicetype", .number(2)),
      ("w", .number(Double(device.width))), ("h", .number(Double(device.height))),
    ]
    if let language = device.language { deviceMembers.append(("language", .string(language))) }
    if let tag = device.languageTag { deviceMembers.append(("langb", .string(tag))) }
    deviceMembers.append(("js", .number(0)))
    var regs: [(key: String, value: J)] = [("coppa", .number(Double(demand.coppa)))]
    if let gdpr = consent.gdpr { regs.append(("gdpr", .number(Double(gdpr)))) }
    if let usPrivacy = consent.usPrivacy { regs.append(("us_privacy", .string(usPrivacy))) }
    if let gpp = consent.gpp { regs.append(("gpp", .string(gpp))) }
    if !consent.gppSid.isEmpty { regs.append(("gpp_sid", .array(consent.gppSid.map { .number(Double($0)) }))) }
    var members: [(key: String, value: J)] = [
      ("id", .string(id)), ("imp", .array([.object(imp)])), ("app", .object(app)), ("device", .object(deviceMembers)),
      ("regs", .object(regs)),
    ]
    var user: [(key: String, value: J)] = []
    if let tcf = consent.tcf { user.append(("consent", .string(tcf))) }
    if let additional = consent.additionalConsent {
      // Google's Additional Consent, where Prebid Server reads it.
      user.append(
        ("ext", .object([("ConsentedProvidersSettings", .object([("consented_providers", .string(additional))]))])))
    }
    if !user.isEmpty { members.append(("user", .object(user))) }
    members += [
      ("at", .number(Double(OpenRTBRequest.auctionType))), ("tmax", .number(Double(demand.tmax))),
      ("cur", .array([.string("USD")])),
      ("source", .object([("tid", .string(transactionID))])), ("test", .number(isTest ? 1 : 0)),
    ]
    return .object(members)
  }

  /// The imp's `video` object (OpenRTB 2.6 §3.2.7): a linear, full-screen (`plcmt` 3) video of the
  /// view's size, that plays at once with sound and stays on screen at its end; an interstitial may
  /// be skipped after its `closeAfter`, a rewarded video may not.
  var videoObject: [(key: String, value: StrictJSON.Value)] {
    typealias J = StrictJSON.Value
    var members: [(key: String, value: J)] = [
      ("mimes", .array(videoTypes.map { .string($0) })),
      ("minduration", .number(Double(OpenRTBRequest.minimumVideoDuration))),
      ("maxduration", .number(demand.maximumVideoDuration(of: format))),
      ("protocols", .array(OpenRTBRequest.videoProtocols.map { .number(Double($0)) })),
      ("w", .number(Double(device.width))), ("h", .number(Double(device.height))), ("startdelay", .number(0)),
      ("plcmt", .number(3)), ("linearity", .number(1)),
    ]
    if format == .interstitial {
      let closeAfter = demand.countdowns[.interstitial] ?? AdFormat.defaultCloseAfter
      members += [("skip", .number(1)), ("skipafter", .number(closeAfter.rounded()))]
    } else {
      members.append(("skip", .number(0)))
    }
    members += [("playbackmethod", .array([.number(1)])), ("playbackend", .number(1)), ("api", .array([]))]
    return members
  }

  /// The Native 1.2 request of `format`'s imp: a required title and main image (at least the size
  /// the format shows, in its proportions), an optional description and call-to-action text, and
  /// the impression and viewable (MRC 50) event trackers by image pixel.
  package static func nativeRequest(for format: AdFormat) -> StrictJSON.Value {
    typealias J = StrictJSON.Value
    let image = imageSize(for: format)
    func asset(_ id: Asset, required: Bool, _ body: (String, J)) -> J {
      .object([("id", .number(Double(id.rawValue))), ("required", .number(required ? 1 : 0)), (body.0, body.1)])
    }
    let assets: [J] = [
      asset(.title, required: true, ("title", .object([("len", .number(Double(titleLength)))]))),
      asset(
        .image, required: true,
        (
          "img",
          .object([
            ("type", .number(3)), ("w", .number(image.preferred.width)), ("h", .number(image.preferred.height)),
            ("wmin", .number(image.minimum.width)), ("hmin", .number(image.minimum.height)),
            ("mimes", .array([.string("image/png"), .string("image/jpeg")])),
          ])
        )),
      asset(.description, required: false, ("data", .object([("type", .number(2))]))),
      asset(.callToAction, required: false, ("data", .object([("type", .number(12))]))),
    ]
    let trackers: [J] = [1, 2].map { event in
      .object([("event", .number(Double(event))), ("methods", .array([.number(1)]))])
    }
    return .object([
      ("ver", .string("1.2")), ("plcmttype", .number(format == .banner ? 1 : 4)), ("plcmtcnt", .number(1)),
      ("assets", .array(assets)), ("eventtrackers", .array(trackers)),
    ])
  }

  /// The main image a format asks for: its preferred size (and so its proportions) and its minimum.
  package static func imageSize(for format: AdFormat) -> (preferred: Size, minimum: Size) {
    format == .banner
      ? (Size(width: 1456, height: 180), Size(width: 320, height: 40))
      : (Size(width: 1280, height: 720), AdFormat.minimumFullscreenSize)
  }

  /// `Intermission/VERSION (Linux; ARCH)`.
  package static func userAgent(version: String, architecture: String) -> String {
    "Intermission/\(version) (Linux; \(architecture))"
  }

  /// The ISO 639-1 language of a POSIX locale name (`de_DE.UTF-8` gives `de`); nil for the C and
  /// POSIX locales and anything else that names no language.
  package static func language(ofLocale locale: String?) -> String? {
    guard let locale else { return nil }
    let code = locale.prefix { $0.isLetter }
    guard (2...3).contains(code.count), code.allSatisfy({ $0.isASCII }), code != "C" else { return nil }
    guard locale.dropFirst(code.count).first.map({ "_.@".contains($0) }) ?? true else { return nil }
    return code.lowercased()
  }
}
