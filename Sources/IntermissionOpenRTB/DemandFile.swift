import IntermissionAds
import IntermissionBasics
import IntermissionCore

/// A demand file (`--ads FILE`, the C config's `manifest_path`): where ads are bought over OpenRTB
/// 2.6 instead of listed in a manifest, told apart from a manifest by its top-level key `openrtb`.
///
/// ```json
/// { "openrtb": {
///     "endpoint": "https://pbs.example.com/openrtb2/auction",
///     "tmax": 800,
///     "app": { "bundle": "com.example.mygame", "name": "My Game", "ver": "1.4.0", "publisher": "pub-123" },
///     "placements": { "banner": "menu-banner", "interstitial": "level-end", "rewarded": "bonus" },
///     "regs": { "coppa": 0 },
///     "reward": { "type": "coins", "amount": 50 },
///     "video": { "maxDuration": 30 },
///     "floors": { "banner": 0.5, "interstitial": 4, "rewarded": 8 },
///     "fallback": "house-ads/manifest.json" } }
/// ```
///
/// The full-screen imps ask for video and native at once; `video.maxDuration` (5 to 120 s) caps a
/// video ad's length, by default 30 s for an interstitial and 60 s for a rewarded ad.
///
/// `floors` are each format's price floor, a CPM in USD (`imp.bidfloor`): a bid under its imp's
/// floor is refused, with loss code 100.
///
/// A bought ad carries no reward: the game's own, `reward` (required with a rewarded placement),
/// is what a rewarded ad gives, after `rewardAfter` seconds (default 15); an interstitial's close
/// control waits `closeAfter` (default 5), as in a manifest.
package struct DemandFile: Hashable, Sendable {
  /// The game as the request's `app` object names it.
  package struct App: Hashable, Sendable {
    /// The store or package id (`app.bundle`).
    package var bundle: String
    /// The game's name (`app.name`).
    package var name: String
    /// The game's version (`app.ver`).
    package var version: String?
    /// The publisher's id at the exchange (`app.publisher.id`).
    package var publisher: String?

    /// Creates the app's description.
    package init(bundle: String, name: String, version: String? = nil, publisher: String? = nil) {
      self.bundle = bundle
      self.name = name
      self.version = version
      self.publisher = publisher
    }
  }

  /// Where requests go: https, or http on a loopback address (tests).
  package var endpoint: WebURL
  /// The auction's time limit in milliseconds (`tmax`).
  package var tmax: Int
  /// The game.
  package var app: App
  /// Each requested format's placement, its imp's `tagid`; a format without one is not requested.
  package var placements: [AdFormat: String]
  /// Whether the game is directed at children under COPPA (`regs.coppa`).
  package var coppa: Int
  /// House ads (a manifest inside the demand file's folder, absolute) for when the endpoint
  /// cannot be reached.
  package var fallback: String?
  /// Whether every request is marked as test traffic (`"test": true`), besides headless runs.
  package var test: Bool
  /// What a rewarded ad gives.
  package var reward: AdFormat.Reward?
  /// The full-screen countdowns: an interstitial's `closeAfter`, a rewarded ad's `rewardAfter`.
  package var countdowns: [AdFormat: Double]
  /// The longest video ad accepted (`video.maxDuration`), in seconds; nil takes each format's default.
  package var videoMaxDuration: Double?
  /// Prebid Server's stored auction responses to ask for, by format, for testing without demand
  /// (`imp.ext.prebid.storedauctionresponse.id`).
  package var storedAuctionResponses: [AdFormat: String] = [:]
  /// Each format's price floor, a CPM in USD (`floors`); a format without one has none.
  package var floors: [AdFormat: Double] = [:]

  /// The longest video ad of `format` accepted, in seconds: `video.maxDuration`, else the format's
  /// default.
  package func maximumVideoDuration(of format: AdFormat) -> Double {
    videoMaxDuration ?? VideoCreative.defaultMaximumDuration(of: format)
  }

  /// The default `tmax`, in milliseconds.
  package static let defaultTmax = 800
  /// The range `tmax` may take, in milliseconds.
  package static let tmaxRange = 50...10_000

  /// Whether `bytes` are a demand file rather than a manifest: a JSON object whose first-level
  /// key `openrtb` is present (the parser then says what else is wrong).
  package static func isDemandFile(_ bytes: [UInt8]) -> Bool {
    guard case .object(let members)? = try? StrictJSON.parse(bytes) else { return false }
    return members.contains { $0.key == "openrtb" }
  }

  /// Reads and checks a demand file.
  /// - Parameters:
  ///   - bytes: its contents.
  ///   - path: where it is: `fallback` is resolved against its folder and must stay inside it.
  /// - Throws: `AdError.demandMalformed` naming the field and what is wrong with it.
  package static func parse(_ bytes: [UInt8], path: String) throws(AdError) -> DemandFile {
    func malformed(_ detail: String) -> AdError { .demandMalformed(path: path, detail: detail) }
    let root: StrictJSON.Value
    do {
      root = try StrictJSON.parse(bytes)
    } catch {
      throw malformed("not valid JSON (\(error))")
    }
    guard case .object(let top) = root, let body = root["openrtb"] else {
      throw malformed("missing \"openrtb\" object")
    }
    guard top.count == 1 else { throw malformed("\"openrtb\" must be the only top-level member") }
    guard case .object(let members) = body else { throw malformed("\"openrtb\" is not an object") }
    let known = [
      "endpoint", "tmax", "app", "placements", "regs", "fallback", "test", "reward", "rewardAfter", "closeAfter",
      "storedAuctionResponses", "video", "floors",
    ]
    if let unknown = members.first(where: { !known.contains($0.key) }) {
      throw malformed(
        "unknown member \"\(PrintableText.escaping(unknown.key, limit: 40))\" (known: \(known.joined(separator: ", ")))"
      )
    }
    func string(_ value: StrictJSON.Value?, _ name: String) throws(AdError) -> String {
      guard let value else { throw malformed("\"\(name)\" is missing") }
      guard case .string(let text) = value, text.contains(where: { !$0.isWhitespace }), text.count <= 256,
        !PrintableText.containsControl(text)
      else { throw malformed("\"\(name)\" must be a string of 1 to 256 printable characters") }
      return text
    }
    func optionalString(_ value: StrictJSON.Value?, _ name: String) throws(AdError) -> String? {
      value == nil ? nil : try string(value, name)
    }
    let endpointText = try string(body["endpoint"], "endpoint")
    guard let endpoint = WebURL(endpointText),
      endpoint.scheme == "https" || WebURL.isLoopbackHost(endpoint.host)
    else { throw malformed("\"endpoint\" must be an https URL (http only on a loopback address)") }
    var tmax = defaultTmax
    if let value = body["tmax"] {
      guard case .number(let number) = value, number == number.rounded(), tmaxRange.contains(Int(exactly: number) ?? 0)
      else { throw malformed("\"tmax\" must be a whole number of milliseconds from 50 to 10000") }
      tmax = Int(number)
    }
    guard case .object? = body["app"], let app = body["app"] else { throw malformed("\"app\" must be an object") }
    let application = App(
      bundle: try string(app["bundle"], "app.bundle"), name: try string(app["name"], "app.name"),
      version: try optionalString(app["ver"], "app.ver"),
      publisher: try optionalString(app["publisher"], "app.publisher"))
    guard case .object(let placementMembers)? = body["placements"] else {
      throw malformed("\"placements\" must be an object naming a placement for banner, interstitial or rewarded")
    }
    var placements: [AdFormat: String] = [:]
    for (key, value) in placementMembers {
      guard let format = AdFormat(rawValue: key) else {
        throw malformed("\"placements\": unknown format \"\(PrintableText.escaping(key, limit: 40))\"")
      }
      placements[format] = try string(value, "placements.\(key)")
    }
    guard !placements.isEmpty else { throw malformed("\"placements\" names no format") }
    var coppa = 0
    if let regs = body["regs"] {
      guard case .object(let regMembers) = regs, regMembers.allSatisfy({ $0.key == "coppa" }) else {
        throw malformed("\"regs\" must be an object with \"coppa\" only (consent comes from the game at run time)")
      }
      if let value = regs["coppa"] {
        guard case .number(let number) = value, number == 0 || number == 1 else {
          throw malformed("\"regs.coppa\" must be 0 or 1")
        }
        coppa = Int(number)
      }
    }
    var test = false
    if let value = body["test"] {
      guard case .bool(let flag) = value else { throw malformed("\"test\" must be true or false") }
      test = flag
    }
    var fallback: String?
    if let reference = try optionalString(body["fallback"], "fallback") {
      fallback = try resolveFallback(reference, demandPath: path)
    }
    // The full-screen fields are read as a manifest entry of their format reads them.
    var reward: AdFormat.Reward?
    var countdowns: [AdFormat: Double] = [:]
    for format in [AdFormat.interstitial, .rewarded] where placements[format] != nil {
      var entry: [(key: String, value: StrictJSON.Value)] = [("format", .string(format.rawValue))]
      for key in format == .rewarded ? ["reward", "rewardAfter"] : ["closeAfter"] {
        if let value = body[key] { entry.append((key, value)) }
      }
      do {
        let read = try AdFormat.read(.object(entry), place: "placements.\(format.rawValue)")
        if format == .rewarded { reward = read.reward }
        countdowns[format] = read.countdown
      } catch {
        throw malformed(error.message)
      }
    }
    var stored: [AdFormat: String] = [:]
    if let value = body["storedAuctionResponses"] {
      guard case .object(let members) = value else {
        throw malformed("\"storedAuctionResponses\" must be an object of stored response ids by format")
      }
      for (key, id) in members {
        guard let format = AdFormat(rawValue: key) else {
          throw malformed("\"storedAuctionResponses\": unknown format \"\(PrintableText.escaping(key, limit: 40))\"")
        }
        stored[format] = try string(id, "storedAuctionResponses.\(key)")
      }
    }
    var videoMaxDuration: Double?
    if let value = body["video"] {
      guard case .object(let videoMembers) = value, videoMembers.allSatisfy({ $0.key == "maxDuration" }),
        case .number(let seconds)? = value["maxDuration"], seconds == seconds.rounded(), (5...120).contains(seconds)
      else {
        throw malformed("\"video\" must be an object with \"maxDuration\", a whole number of seconds from 5 to 120")
      }
      videoMaxDuration = seconds
    }
    var demand = DemandFile(
      endpoint: endpoint, tmax: tmax, app: application, placements: placements, coppa: coppa, fallback: fallback,
      test: test, reward: reward, countdowns: countdowns)
    demand.storedAuctionResponses = stored
    demand.videoMaxDuration = videoMaxDuration
    if let value = body["floors"] { demand.floors = try readFloors(value, placements: placements, path: path) }
    return demand
  }

  /// The `floors` object: a CPM in USD, at least 0 and finite, for formats that have a placement.
  private static func readFloors(_ value: StrictJSON.Value, placements: [AdFormat: String], path: String)
    throws(AdError) -> [AdFormat: Double]
  {
    func malformed(_ detail: String) -> AdError { .demandMalformed(path: path, detail: detail) }
    guard case .object(let members) = value else {
      throw malformed("\"floors\" must be an object of price floors (CPM in USD) by format")
    }
    var floors: [AdFormat: Double] = [:]
    for (key, floor) in members {
      let name = PrintableText.escaping(key, limit: 40)
      guard let format = AdFormat(rawValue: key) else { throw malformed("\"floors\": unknown format \"\(name)\"") }
      guard placements[format] != nil else {
        throw malformed("\"floors.\(name)\": the format has no placement in \"placements\"")
      }
      guard case .number(let cpm) = floor, PriceFloor.isValid(cpm) else {
        throw malformed(
          "\"floors.\(name)\" must be a CPM in USD from 0 to \(Int(PriceFloor.maximum))")
      }
      floors[format] = cpm
    }
    return floors
  }

  /// `reference` resolved against the demand file's folder, which it must not leave.
  private static func resolveFallback(_ reference: String, demandPath: String) throws(AdError) -> String {
    let outside = AdError.demandMalformed(
      path: demandPath, detail: "\"fallback\" must be a manifest inside the demand file's folder")
    guard !reference.hasPrefix("/"), !reference.hasPrefix("~") else { throw outside }
    let folderPath = FilePath.folder(of: demandPath)
    let folder = FilePath.resolved(folderPath) ?? folderPath
    let prefix = folder.hasSuffix("/") ? folder : folder + "/"
    let joined = FilePath.join(folder, reference)
    guard FilePath.normalized(joined).hasPrefix(prefix) else { throw outside }
    if let resolved = FilePath.resolved(joined) {
      guard resolved.hasPrefix(prefix) else { throw outside }
      return resolved
    }
    return FilePath.normalized(joined)
  }
}
