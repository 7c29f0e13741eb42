extension VASTDocument {
  /// The VAST versions read: 2.0 to 4.3.
  package static let supportedVersions: Set<String> = ["2.0", "3.0", "4.0", "4.1", "4.2", "4.3"]

  /// Reads the VAST document in `bytes`, untrusted: at most `XMLReader.maximumSize` bytes and
  /// `XMLReader.maximumDepth` levels, no DTD and no entities. Elements are matched by local name,
  /// so a default namespace (`xmlns="http://www.iab.com/VAST"`) is accepted; URLs are trimmed of
  /// the white space around them (CDATA on lines of its own).
  /// - Throws: `VASTError` 100 when it is not XML that can be read, 101 when it is not VAST, 102 for
  ///   another version.
  package static func read(_ bytes: [UInt8]) throws(VASTError) -> VASTDocument {
    let root: XMLElement
    do {
      root = try XMLReader.parse(bytes)
    } catch {
      throw VASTError(.xmlParsing, error.description)
    }
    guard root.name == "VAST" else {
      throw VASTError(.schemaValidation, "the root element is <\(root.name)>, not <VAST>")
    }
    let version = (root.attributes["version"] ?? "").trimmingWhitespace
    // "2.0.1" and the like are their minor version's.
    let minor = version.split(separator: ".").prefix(2).joined(separator: ".")
    guard supportedVersions.contains(minor) || supportedVersions.contains(version) else {
      throw VASTError(.versionNotSupported, "VAST version '\(version.prefix(20))' (2.0 to 4.3 are read)")
    }
    var ads: [VASTAd] = []
    for (index, element) in root.children("Ad").enumerated() {
      ads.append(try ad(element, index: index))
    }
    return VASTDocument(version: version, ads: ads, errorURLs: urls(root.children("Error")))
  }

  private static func ad(_ element: XMLElement, index: Int) throws(VASTError) -> VASTAd {
    let id = element.attributes["id"] ?? ""
    let sequence = element.attributes["sequence"].flatMap { Int($0.trimmingWhitespace) }
    let adType = element.attributes["adType"]
    if let inline = element.child("InLine") {
      return VASTAd(id: id, sequence: sequence, adType: adType, content: .inline(self.inline(inline)))
    }
    if let wrapper = element.child("Wrapper") {
      guard let uri = wrapper.child("VASTAdTagURI")?.trimmedText, !uri.isEmpty else {
        throw VASTError(.schemaValidation, "ad \(index + 1) ('\(id.prefix(40))'): a Wrapper without VASTAdTagURI")
      }
      var read = VASTWrapper(adTagURI: uri)
      read.followAdditionalWrappers = boolean(wrapper.attributes["followAdditionalWrappers"]) ?? true
      read.fallbackOnNoAd = boolean(wrapper.attributes["fallbackOnNoAd"]) ?? true
      read.trackers = trackers(of: wrapper)
      return VASTAd(id: id, sequence: sequence, adType: adType, content: .wrapper(read))
    }
    throw VASTError(.schemaValidation, "ad \(index + 1) ('\(id.prefix(40))') has neither InLine nor Wrapper")
  }

  private static func inline(_ element: XMLElement) -> VASTInline {
    var inline = VASTInline()
    inline.title = element.child("AdTitle")?.trimmedText ?? ""
    inline.description = element.child("Description")?.trimmedText
    inline.adServingID = element.child("AdServingId")?.trimmedText
    inline.trackers = trackers(of: element)
    if let linear = firstLinear(of: element) {
      var read = VASTLinear()
      read.duration = linear.child("Duration").flatMap { VASTTimeOffset.clockSeconds($0.trimmedText) }
      read.skipOffset = linear.attributes["skipoffset"].flatMap(VASTTimeOffset.init)
      read.clickThrough = linear.child("VideoClicks")?.child("ClickThrough")?.trimmedText
      read.mediaFiles = (linear.child("MediaFiles")?.children("MediaFile") ?? []).compactMap(mediaFile)
      inline.linear = read
    }
    return inline
  }

  private static func mediaFile(_ element: XMLElement) -> VASTMediaFile? {
    let url = element.trimmedText
    guard !url.isEmpty else { return nil }
    var file = VASTMediaFile(
      url: url, type: element.attributes["type"]?.trimmingWhitespace.lowercased(),
      width: number(element.attributes["width"]), height: number(element.attributes["height"]),
      bitrate: number(element.attributes["bitrate"]) ?? number(element.attributes["maxBitrate"]))
    file.delivery = element.attributes["delivery"]?.trimmingWhitespace
    file.codec = element.attributes["codec"]
    file.apiFramework = element.attributes["apiFramework"].map(\.trimmingWhitespace).flatMap { $0.isEmpty ? nil : $0 }
    return file
  }

  /// The trackers of an `InLine` or a `Wrapper`: its own, and its first linear creative's.
  private static func trackers(of element: XMLElement) -> VASTTrackers {
    var trackers = VASTTrackers()
    trackers.impressions = urls(element.children("Impression"))
    trackers.errors = urls(element.children("Error"))
    if let viewability = element.child("ViewableImpression") {
      trackers.viewable = urls(viewability.children("Viewable"))
      trackers.notViewable = urls(viewability.children("NotViewable"))
    }
    if let linear = firstLinear(of: element) {
      trackers.clickTrackings = urls(linear.child("VideoClicks")?.children("ClickTracking") ?? [])
      for tracking in linear.child("TrackingEvents")?.children("Tracking") ?? [] {
        let url = tracking.trimmedText
        guard !url.isEmpty, let kind = tracking.attributes["event"].flatMap(VASTTrackingEvent.Kind.init) else {
          continue
        }
        let offset = tracking.attributes["offset"].flatMap(VASTTimeOffset.init)
        if kind == .progress && offset == nil { continue }
        trackers.events.append(VASTTrackingEvent(kind: kind, offset: offset, url: url))
      }
    }
    return trackers
  }

  /// The first `Creatives/Creative/Linear`.
  private static func firstLinear(of element: XMLElement) -> XMLElement? {
    for creative in element.child("Creatives")?.children("Creative") ?? [] {
      if let linear = creative.child("Linear") { return linear }
    }
    return nil
  }

  private static func urls(_ elements: [XMLElement]) -> [String] {
    elements.map(\.trimmedText).filter { !$0.isEmpty }
  }

  private static func number(_ text: String?) -> Int? {
    text.flatMap { Int($0.trimmingWhitespace) }.flatMap { $0 >= 0 ? $0 : nil }
  }

  private static func boolean(_ text: String?) -> Bool? {
    switch text?.trimmingWhitespace.lowercased() {
    case "true", "1": true
    case "false", "0": false
    default: nil
    }
  }
}
