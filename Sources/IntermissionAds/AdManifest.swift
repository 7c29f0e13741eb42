import IntermissionBasics
import IntermissionCore

/// Reads and validates an ad manifest: untrusted input.
///
/// The format is `{ "ads": [ { "id": "...", "image": "file.png", "title": "...",
/// "action": "in-app" | "open-url", "url": "https://...", "description": "..." } ] }`, image paths
/// relative to the manifest. An open-url ad needs its `url`; an in-app ad's optional `url` is where
/// its ad view's call-to-action button leads. `description` (optional, at most 300 characters) is
/// shown in the ad view.
/// Paths must stay inside the manifest's folder (after resolving `..` and symbolic links), and
/// `open-url` ads need an http or https URL.
///
/// Each ad has a `format`: `banner` (the default), `interstitial` (optionally with `closeAfter`,
/// 0 to 15 s) or `rewarded` (with `reward`, `{"type": "coins", "amount": 50}`, and optionally
/// `rewardAfter`, 1 to 60 s, and `rewardURL`, where an earned reward is reported). The banner
/// rotates through the banner entries only; each full-screen format preloads from its own.
///
/// An `interstitial` or `rewarded` entry may give `vast` instead of `image`: a VAST document (a
/// path inside the manifest's folder, or an https URL) whose video it plays; the media files of a
/// house VAST file may be paths relative to it, inside the manifest's folder too.
///
/// Each ad may also carry `impressionURL` and `clickURL` (http or https, on any host: trackers live
/// elsewhere), where its viewable impression and its clicks are reported, and `expires`, the
/// seconds such a report stays deliverable (default 86400). A manifest fetched over HTTP resolves
/// its image paths against its own URL, and they must stay on its origin.
package enum AdManifest {
  /// Where a manifest came from, which decides how its image paths resolve.
  package enum Location: Hashable, Sendable {
    /// A file: images are files inside its folder.
    case file(String)
    /// A URL: images are URLs on its origin.
    case web(WebURL)

    /// The file's path or the URL, for messages.
    package var name: String {
      switch self {
      case .file(let path): path
      case .web(let url): url.description
      }
    }
  }

  /// The longest `expires` accepted, in seconds: 30 days.
  package static let maximumBeaconLifetime = 30 * 86_400.0

  /// The most bytes a manifest may have; a larger file is rejected, not read.
  package static let maximumSize = 1 << 20

  /// Loads and validates the manifest at `path`: a regular file (never a FIFO or a device) of at
  /// most `maximumSize` bytes.
  /// - Returns: the ads in manifest order.
  /// - Throws: `AdError` naming the file, the entry and what is wrong.
  package static func load(path: String) throws -> [AdCreative] {
    let bytes: [UInt8]
    do {
      bytes = try RegularFile.read(path, limit: maximumSize)
    } catch {
      throw AdError.manifestUnreadable(path: path, reason: error.description)
    }
    return try parse(bytes, manifestPath: path)
  }

  /// Validates manifest `bytes` as if read from `manifestPath` (used to resolve image paths). The
  /// document must be strict JSON (RFC 8259), and no string in an ad may hold a control character.
  /// - Throws: `AdError`.
  /// The longest `description` accepted, in characters.
  package static let maximumDescriptionLength = 300

  package static func parse(_ bytes: [UInt8], manifestPath: String) throws -> [AdCreative] {
    try parse(bytes, location: .file(manifestPath))
  }

  /// Validates manifest `bytes` fetched from `location`: as `parse(_:manifestPath:)`, with image
  /// paths resolved as the location says.
  /// - Throws: `AdError`.
  package static func parse(_ bytes: [UInt8], location: Location) throws -> [AdCreative] {
    let manifestPath = location.name
    func malformed(_ detail: String) -> AdError { .manifestMalformed(path: manifestPath, detail: detail) }
    let root: StrictJSON.Value
    do {
      root = try StrictJSON.parse(bytes)
    } catch {
      throw malformed("not valid JSON (\(error))")
    }
    guard case .object = root else { throw malformed("the top level is not an object") }
    guard case .array(let entries)? = root["ads"] else { throw malformed("missing \"ads\" array") }
    guard !entries.isEmpty else { throw AdError.noAds(path: manifestPath) }

    var creatives: [AdCreative] = []
    for (index, entry) in entries.enumerated() {
      let place = "ads[\(index)]"
      guard case .object = entry else { throw malformed("\(place) is not an object") }
      func string(_ key: String, visible: Bool = false) throws(AdError) -> String {
        guard case .string(let value)? = entry[key] else {
          throw malformed("\(place): \"\(key)\" must be a non-empty string")
        }
        return try checked(value, "\"\(key)\"", visible: visible)
      }
      func checked(_ value: String, _ name: String, visible: Bool) throws(AdError) -> String {
        guard !value.isEmpty else { throw malformed("\(place): \(name) must be a non-empty string") }
        guard !PrintableText.containsControl(value) else {
          throw malformed("\(place): \(name) contains a control character")
        }
        guard !visible || value.contains(where: { !$0.isWhitespace }) else {
          throw malformed("\(place): \(name) needs at least one visible character")
        }
        return value
      }
      /// Text under `key` as a string, or per language as an object of language tags; nil when absent.
      func localized(_ key: String) throws(AdError) -> LocalizedText? {
        guard case .object(let members)? = entry[key] else {
          return entry[key] == nil
            ? nil : LocalizedText(variants: [.init(language: nil, text: try string(key, visible: true))])
        }
        guard !members.isEmpty else { throw malformed("\(place): \"\(key)\" names no language") }
        var variants: [LocalizedText.Variant] = []
        for (tag, value) in members {
          let name = "\"\(key)\".\"\(PrintableText.escaping(tag))\""
          guard LanguageTag.isWellFormed(tag) else {
            throw malformed("\(place): \(name) is not a language tag (such as \"en\", \"ja\", \"pt-BR\")")
          }
          guard case .string(let text) = value else { throw malformed("\(place): \(name) must be a non-empty string") }
          variants.append(.init(language: tag, text: try checked(text, name, visible: true)))
        }
        return LocalizedText(variants: variants)
      }
      let id = try string("id", visible: true)
      // A full-screen entry may play a VAST video (`vast`) instead of showing an `image`.
      let vast = entry["vast"] == nil ? nil : try string("vast")
      if vast != nil, entry["image"] != nil {
        throw malformed("\(place): give \"image\" or \"vast\", not both")
      }
      let image = try vast ?? string("image")
      guard let titles = try localized("title") else {
        throw malformed("\(place): \"title\" must be a non-empty string")
      }
      let actionName = try string("action")
      let descriptions = try localized("description")
      if descriptions?.variants.contains(where: { $0.text.count > AdManifest.maximumDescriptionLength }) == true {
        throw malformed(
          "\(place) '\(id)': \"description\" is longer than \(AdManifest.maximumDescriptionLength) characters")
      }
      let callsToAction = try localized("cta")
      var language: String?
      if entry["language"] != nil {
        let tag = try string("language")
        guard LanguageTag.isWellFormed(tag) else {
          throw malformed("\(place) '\(id)': \"language\" is not a language tag (such as \"en\", \"ja\", \"pt-BR\")")
        }
        language = tag
      }
      /// The http or https URL under `key`; nil when the key is absent, unless it is `required`.
      func requiredWebURL(_ key: String) throws -> String {
        let url = try string(key)
        guard isWebURL(url) else { throw AdError.unsupportedURL(id: id, url: url) }
        return url
      }
      func webURL(_ key: String) throws -> String? { entry[key] == nil ? nil : try requiredWebURL(key) }
      var landingURL: String?
      let action: AdCreative.Action
      switch actionName {
      case "in-app":
        action = .inApp
        landingURL = try webURL("url")
      case "open-url":
        action = .openURL(try requiredWebURL("url"))
      default:
        throw malformed(
          "\(place) '\(id)': \"action\" must be \"in-app\" or \"open-url\", not \"\(PrintableText.escaping(actionName))\""
        )
      }
      let impressionURL = try webURL("impressionURL")
      let clickURL = try webURL("clickURL")
      let rewardURL = try webURL("rewardURL")
      var lifetime = AdCreative.defaultBeaconLifetime
      if let expires = entry["expires"] {
        guard case .number(let seconds) = expires, seconds >= 1, seconds <= maximumBeaconLifetime else {
          throw malformed(
            "\(place) '\(id)': \"expires\" must be a number of seconds from 1 to \(Int(maximumBeaconLifetime))")
        }
        lifetime = seconds
      }
      var price: AdPrice?
      if let value = entry["cpm"] {
        // What the publisher says an impression of its house ad is worth (a direct deal's price).
        guard case .number(let cpm) = value, PriceFloor.isValid(cpm) else {
          throw malformed(
            "\(place) '\(id)': \"cpm\" must be a price per thousand impressions in USD from 0 to \(Int(PriceFloor.maximum))"
          )
        }
        price = AdPrice(cpm: cpm, precision: .publisherProvided)
      }
      let fullScreen: (format: AdFormat, reward: AdFormat.Reward?, countdown: Double?)
      do {
        fullScreen = try AdFormat.read(entry, place: "\(place) '\(id)'")
      } catch {
        throw malformed(error.message)
      }
      if vast != nil, fullScreen.format == .banner {
        throw malformed("\(place) '\(id)': \"vast\" is for \"interstitial\" and \"rewarded\" ads")
      }
      let imagePath: String
      if let vastURL = vast.flatMap({ WebURL($0) }) {
        // A VAST URL may be on any host (an ad server's): the ad URL rules apply when it is fetched.
        imagePath = vastURL.description
      } else {
        switch location {
        case .file(let path):
          let resolved = Result { () throws(AdError) -> String in
            try resolveImage(image, id: id, folder: resolvedFolder(of: path))
          }
          if case .failure(.imageMissing) = resolved, vast != nil {
            throw malformed("\(place) '\(id)': VAST file '\(PrintableText.escaping(image))' does not exist")
          }
          imagePath = try resolved.get()
        case .web(let url): imagePath = try resolveImage(image, id: id, against: url)
        }
      }
      var creative = AdCreative(
        id: id, imagePath: imagePath, title: titles.variants[0].text, action: action,
        description: descriptions?.variants[0].text, landingURL: landingURL, impressionURL: impressionURL,
        clickURL: clickURL, beaconLifetime: lifetime)
      creative.language = language
      creative.callToAction = callsToAction?.variants[0].text
      // Texts in several languages are kept for the game's language to choose from (`localized(to:)`).
      if titles.variants.count > 1 || titles.variants[0].language != nil { creative.localizedTitle = titles }
      if let descriptions, descriptions.variants.count > 1 || descriptions.variants[0].language != nil {
        creative.localizedDescription = descriptions
      }
      if let callsToAction, callsToAction.variants.count > 1 || callsToAction.variants[0].language != nil {
        creative.localizedCallToAction = callsToAction
      }
      (creative.format, creative.reward, creative.countdown) = fullScreen
      creative.rewardURL = rewardURL
      creative.price = price
      if vast != nil { creative.vastSource = imagePath }
      creatives.append(creative)
    }
    return creatives
  }

  /// Whether `text` is an absolute http or https URL with a host, and nothing that a shell or
  /// browser could read as more than one argument.
  package static func isWebURL(_ text: String) -> Bool { WebURL(text) != nil }

  private static func resolvedFolder(of manifestPath: String) -> String {
    let folder = FilePath.folder(of: manifestPath)
    return FilePath.resolved(folder) ?? folder
  }

  private static func resolveImage(_ image: String, id: String, folder: String) throws(AdError) -> String {
    let resolved: String
    switch FilePath.contained(image, in: folder) {
    case .inside(let path): resolved = path
    case .outside: throw AdError.pathOutsideManifestFolder(id: id, path: image)
    case .missing: throw AdError.imageMissing(id: id, path: image)
    }
    do {
      try RegularFile.check(resolved)
    } catch .missing {
      throw AdError.imageMissing(id: id, path: image)
    } catch {
      throw AdError.imageCorrupt(id: id, path: image, reason: error.description)
    }
    return resolved
  }

  /// An image of a remote manifest: resolved against the manifest's URL, and on its origin.
  private static func resolveImage(_ image: String, id: String, against manifestURL: WebURL) throws(AdError)
    -> String
  {
    guard let resolved = manifestURL.resolving(image) else {
      throw AdError.imageOffOrigin(id: id, reference: image, origin: manifestURL.origin)
    }
    guard resolved.origin == manifestURL.origin else {
      throw AdError.imageOffOrigin(id: id, reference: image, origin: manifestURL.origin)
    }
    return resolved.description
  }
}
