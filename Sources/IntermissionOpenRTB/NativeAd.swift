import IntermissionAds
import IntermissionBasics
import IntermissionCore

/// An OpenRTB Native 1.2 ad (a bid's `adm`), read and checked: what the banner, the ad view and the
/// full-screen view render, and the trackers it names.
package struct NativeAd: Hashable, Sendable {
  /// The title (asset 1, required).
  package var title: String
  /// The main image's URL (asset 2, required), and its size if the markup gives it.
  package var imageURL: String
  package var imageWidth: Int?
  package var imageHeight: Int?
  /// The description (asset 3, data type 2).
  package var description: String?
  /// The call-to-action text (asset 4, data type 12).
  package var callToAction: String?
  /// Where a click leads (`link.url`), through the browser.
  package var linkURL: String
  /// Fired on each click (`link.clicktrackers`).
  package var clickTrackers: [String]
  /// Fired when the ad is first shown (`eventtrackers` with `event` 1, image method).
  package var shownTrackers: [String]
  /// Fired at the viewable impression (`eventtrackers` with `event` 2, and the legacy
  /// `imptrackers`).
  package var viewableTrackers: [String]

  /// The most trackers of each kind accepted.
  package static let maximumTrackers = 16

  /// Reads native markup: the Native 1.2 response object, or the pre-1.1 one inside `"native"`.
  /// - Parameters:
  ///   - adm: the bid's markup.
  ///   - urls: which URLs the markup may name.
  /// - Throws: why the markup is refused, naming the field.
  package static func parse(_ adm: String, urls: URLRule) throws(Refusal) -> NativeAd {
    let root: StrictJSON.Value
    do {
      root = try StrictJSON.parse(Array(adm.utf8))
    } catch {
      throw Refusal("adm is not Native 1.2 JSON (\(error))")
    }
    var markup = root
    if let native = root["native"], case .object = native { markup = native }
    guard case .array(let assets)? = markup["assets"] else { throw Refusal("adm: \"assets\" must be an array") }
    func asset(_ id: OpenRTBRequest.Asset) -> StrictJSON.Value? {
      assets.first { $0["id"] == .number(Double(id.rawValue)) }
    }
    func text(_ value: StrictJSON.Value?, _ name: String, limit: Int) throws(Refusal) -> String? {
      guard let value else { return nil }
      guard case .string(let text) = value, text.contains(where: { !$0.isWhitespace }), text.count <= limit,
        !PrintableText.containsControl(text)
      else { throw Refusal("adm: \(name) must be printable text of at most \(limit) characters") }
      return text
    }
    guard let title = try text(asset(.title)?["title"]?["text"], "the title (asset 1)", limit: 90) else {
      throw Refusal("adm: the required title (asset 1) is missing")
    }
    guard let image = asset(.image)?["img"], case .string(let imageText)? = image["url"] else {
      throw Refusal("adm: the required main image (asset 2) is missing")
    }
    let imageURL = try urls.checked(imageText, "the main image")
    func dimension(_ key: String) -> Int? {
      guard case .number(let number)? = image[key], number >= 1, number <= 65_535, number == number.rounded() else {
        return nil
      }
      return Int(number)
    }
    let description = try text(asset(.description)?["data"]?["value"], "the description (asset 3)", limit: 300)
    let callToAction = try text(asset(.callToAction)?["data"]?["value"], "the call to action (asset 4)", limit: 40)
    guard case .string(let link)? = markup["link"]?["url"], let linkURL = WebURL(link) else {
      throw Refusal("adm: \"link.url\" must be an http or https URL")
    }
    let clickTrackers = try urls.list(markup["link"]?["clicktrackers"], "link.clicktrackers")
    var shown: [String] = []
    var viewable = try urls.list(markup["imptrackers"], "imptrackers")
    if let trackers = markup["eventtrackers"] {
      guard case .array(let items) = trackers, items.count <= maximumTrackers * 2 else {
        throw Refusal("adm: \"eventtrackers\" must be an array of at most \(maximumTrackers * 2)")
      }
      for item in items {
        // Image trackers (method 1) only: a game runs no JavaScript.
        guard item["method"] == .number(1), case .string(let url)? = item["url"] else { continue }
        switch item["event"] {
        case .number(1)?: shown.append(try urls.checked(url, "an eventtracker"))
        case .number(2)?: viewable.append(try urls.checked(url, "an eventtracker"))
        default: continue
        }
      }
    }
    return NativeAd(
      title: title, imageURL: imageURL, imageWidth: dimension("w"), imageHeight: dimension("h"),
      description: description, callToAction: callToAction, linkURL: linkURL.description,
      clickTrackers: clickTrackers, shownTrackers: shown, viewableTrackers: viewable)
  }

  /// Why a bid or its markup was refused.
  package struct Refusal: Error, Hashable, Sendable, CustomStringConvertible {
    /// What is wrong, naming the field.
    package let description: String
    package init(_ description: String) { self.description = description }
  }

  /// Which URLs a bid may name for its image, notices and trackers: https on a public host; http
  /// too only when the endpoint is http on loopback (tests), and a loopback or private address only
  /// when the endpoint is on one of the same kind (a responder on loopback may name loopback, never
  /// the player's home network).
  package struct URLRule: Hashable, Sendable {
    /// Whether http is allowed besides https.
    package var allowsHTTP: Bool
    /// The kind of non-public address allowed besides public ones: the endpoint's own, if any.
    package var allowedScope: WebURL.AddressScope

    /// The rule for bids from `endpoint`.
    package init(endpoint: WebURL) {
      allowsHTTP = endpoint.scheme == "http" && WebURL.isLoopbackHost(endpoint.host)
      allowedScope = WebURL.scope(of: endpoint.host)
    }

    /// `text`, normalised, if the rule allows it.
    package func checked(_ text: String, _ name: String) throws(Refusal) -> String {
      guard let url = WebURL(text) else { throw Refusal("\(name) is not an http or https URL") }
      guard url.scheme == "https" || allowsHTTP else { throw Refusal("\(name) must be https: \(url.origin)") }
      let scope = WebURL.scope(of: url.host)
      guard scope == .public || scope == allowedScope else {
        throw Refusal("\(name) points at a private or loopback address: \(url.host)")
      }
      return url.description
    }

    /// The URLs of an optional array of strings.
    func list(_ value: StrictJSON.Value?, _ name: String) throws(Refusal) -> [String] {
      guard let value else { return [] }
      guard case .array(let items) = value, items.count <= NativeAd.maximumTrackers else {
        throw Refusal("adm: \"\(name)\" must be an array of at most \(NativeAd.maximumTrackers) URLs")
      }
      var urls: [String] = []
      for item in items {
        guard case .string(let text) = item else { throw Refusal("adm: \"\(name)\" must hold URLs") }
        urls.append(try checked(text, name))
      }
      return urls
    }
  }
}
