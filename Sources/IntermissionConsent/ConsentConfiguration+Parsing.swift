import IntermissionBasics

extension ConsentConfiguration {
  static let knownMembers = [
    "app", "cmpId", "cmpVersion", "publisherCountryCode", "vendorList", "translations", "vendors", "googleProviders",
    "publisherPurposes", "geographyURL", "geography", "maxAgeDays",
  ]

  /// Reads a consent file, refusing an unknown member or a wrong value with its line and column.
  /// - Parameters:
  ///   - bytes: the file.
  ///   - path: the file's path: relative `vendorList` and `translations` are files inside its
  ///     folder, never outside it.
  package static func parse(_ bytes: [UInt8], path: String) throws(ConsentDocumentError) -> ConsentConfiguration {
    let reading = JSONReading(document: path)
    guard bytes.count <= 1_048_576 else { throw ConsentDocumentError("\(reading.document): larger than 1 MiB") }
    let root = try reading.parse(bytes)
    func at(_ key: String) -> String {
      guard let place = StrictJSON.location(ofMember: key, in: bytes) else { return "\"\(key)\"" }
      return "line \(place.line), column \(place.column): \"\(key)\""
    }
    for (key, _) in try reading.members(root, "the top level") where !knownMembers.contains(key) {
      throw reading.failure(
        at(key), "is not a member of a consent file (known: \(knownMembers.joined(separator: ", ")))")
    }
    let app = try reading.string(root["app"], at("app"), limit: 64)
    guard isAppName(app) else {
      throw reading.failure(at("app"), "must be 1 to 64 letters, digits, '.', '_' or '-', not starting with '.'")
    }
    let country = try reading.string(root["publisherCountryCode"], at("publisherCountryCode"), limit: 2)
    guard TCString.isLetters(country) else {
      throw reading.failure(at("publisherCountryCode"), "must be two capital letters")
    }
    let folder = FilePath.resolved(FilePath.folder(of: path)) ?? FilePath.folder(of: path)
    let vendorList = try source(root["vendorList"], at("vendorList"), folder: folder, reading)
    let translations = try root["translations"].map { value throws(ConsentDocumentError) in
      try source(value, at("translations"), folder: folder, reading, template: true)
    }
    let vendors = try reading.ints(root["vendors"], at("vendors"), in: 1...65_535)
    guard Set(vendors).count == vendors.count else { throw reading.failure(at("vendors"), "lists a vendor twice") }
    var providers: [GoogleProvider] = []
    if let list = root["googleProviders"] {
      guard case .array(let items) = list else { throw reading.failure(at("googleProviders"), "must be an array") }
      for (index, item) in items.enumerated() {
        let itemPath = "\(at("googleProviders"))[\(index)]"
        for (key, _) in try reading.members(item, itemPath) where !["id", "name", "privacyPolicy"].contains(key) {
          throw reading.failure("\(itemPath).\(key)", "is not a member (known: id, name, privacyPolicy)")
        }
        let id = try reading.int(item["id"], "\(itemPath).id", in: 1...1_000_000)
        guard !providers.contains(where: { $0.id == id }) else {
          throw reading.failure(itemPath, "lists provider \(id) twice")
        }
        let policy = try reading.string(item["privacyPolicy"], "\(itemPath).privacyPolicy", limit: 2048)
        guard WebURL(policy) != nil else {
          throw reading.failure("\(itemPath).privacyPolicy", "must be an http or https URL")
        }
        providers.append(
          GoogleProvider(
            id: id, name: try reading.string(item["name"], "\(itemPath).name", limit: 200), privacyPolicyURL: policy))
      }
    }
    let purposes = root["publisherPurposes"]
    var custom: [CustomPurpose] = []
    if let purposes {
      let path = at("publisherPurposes")
      for (key, _) in try reading.members(purposes, path)
      where !["consent", "legitimateInterest", "custom"].contains(key) {
        throw reading.failure("\(path).\(key)", "is not a member (known: consent, legitimateInterest, custom)")
      }
      if let items = purposes["custom"] {
        guard case .array(let list) = items, list.count <= 63 else {
          throw reading.failure("\(path).custom", "must be an array of at most 63 purposes")
        }
        for (index, item) in list.enumerated() {
          custom.append(
            CustomPurpose(
              name: try reading.string(item["name"], "\(path).custom[\(index)].name", limit: 200),
              description: try reading.string(item["description"], "\(path).custom[\(index)].description")))
        }
      }
    }
    let legitimate = try reading.ints(
      purposes?["legitimateInterest"], "publisherPurposes.legitimateInterest", in: 1...24)
    guard legitimate.allSatisfy({ $0 == 2 || $0 >= 7 }) else {
      throw reading.failure(
        at("legitimateInterest"), "may not hold purposes 1 or 3 to 6, which need consent (TCF policy)")
    }
    var geography: ConsentGeography?
    if let value = root["geography"] {
      let text = try reading.string(value, at("geography"), limit: 16)
      guard let parsed = ConsentGeography(text) else {
        throw reading.failure(at("geography"), "must be eea, uk, ch, us- and a state's two letters, or other")
      }
      geography = parsed
    }
    let geographyURL = try root["geographyURL"].map { value throws(ConsentDocumentError) in
      let text = try reading.string(value, at("geographyURL"), limit: 2048)
      return try secureURL(text, at("geographyURL"), reading).description
    }
    return ConsentConfiguration(
      app: app, cmpID: try reading.int(root["cmpId"], at("cmpId"), in: 1...4095),
      cmpVersion: try reading.int(root["cmpVersion"] ?? .number(1), at("cmpVersion"), in: 0...4095),
      publisherCountryCode: country, vendorList: vendorList, translations: translations, folder: folder,
      vendors: vendors.sorted(),
      googleProviders: providers.sorted { $0.id < $1.id },
      publisherConsentPurposes: try reading.ints(purposes?["consent"], "publisherPurposes.consent", in: 1...24),
      publisherLegitimateInterestPurposes: legitimate,
      customPurposes: custom, declaresPublisherPurposes: purposes != nil, geographyURL: geographyURL,
      geography: geography,
      maxAgeDays: try reading.int(root["maxAgeDays"] ?? .number(390), at("maxAgeDays"), in: 1...395))
  }

  /// `text` as an https URL, or http on a loopback address (a test's or a developer's server): the
  /// vendor list and the geography decide whether a player is asked, and must not be changed on
  /// the way.
  static func secureURL(_ text: String, _ path: String, _ reading: JSONReading) throws(ConsentDocumentError) -> WebURL {
    guard let url = WebURL(text) else { throw reading.failure(path, "is not a valid http or https URL") }
    let loopback = url.host == "127.0.0.1" || url.host == "localhost" || url.host == "[::1]"
    guard url.description.hasPrefix("https://") || loopback else {
      throw reading.failure(path, "must be an https URL (http only on a loopback address)")
    }
    return url
  }

  static func isAppName(_ name: String) -> Bool {
    !name.isEmpty && !name.hasPrefix(".")
      && name.utf8.allSatisfy { byte in
        (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte) || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
          || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || byte == UInt8(ascii: ".")
          || byte == UInt8(ascii: "_")
          || byte == UInt8(ascii: "-")
      }
  }

  /// A document's source: an https URL (never the IAB's own server, which the TCF forbids a client
  /// to fetch), or a file inside `folder`.
  static func source(
    _ value: StrictJSON.Value?, _ path: String, folder: String, _ reading: JSONReading, template: Bool = false
  ) throws(ConsentDocumentError) -> Source {
    let text = try reading.string(value, path, limit: 2048)
    if text.hasPrefix("http://") || text.hasPrefix("https://") {
      let url = try secureURL(text, path, reading)
      let host = url.host.hasSuffix(".") ? String(url.host.dropLast()) : url.host
      guard host != "consensu.org" && !host.hasSuffix(".consensu.org") else {
        throw reading.failure(
          path,
          "is on consensu.org: the TCF forbids clients to fetch the vendor list from the IAB's servers; "
            + "serve a copy from the publisher's own server")
      }
      return .url(url.description)
    }
    if template { return .file(text) }
    switch FilePath.contained(text, in: folder) {
    case .inside(let resolved): return .file(resolved)
    case .outside: throw reading.failure(path, "leaves the consent file's folder")
    case .missing: throw reading.failure(path, "names no file")
    }
  }
}
