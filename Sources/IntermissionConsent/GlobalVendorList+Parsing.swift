import IntermissionBasics

extension GlobalVendorList {
  /// The largest vendor list accepted, in bytes (the IAB's list of about 1,000 vendors is near
  /// 1.5 MB).
  package static let maximumSize = 16 * 1024 * 1024

  /// Parses a vendor list of format version 3, refusing anything else with the member and why.
  ///
  /// Vendor ids above 65,535 (a TC string cannot hold them), duplicate ids (the JSON parser refuses
  /// a repeated key), an id that differs from its key, and a list larger than `maximumSize` are
  /// refused. Call it off the game's loop: a full list takes milliseconds.
  /// - Parameters:
  ///   - bytes: the document.
  ///   - name: the file or URL, for messages.
  package static func parse(_ bytes: [UInt8], name: String) throws(ConsentDocumentError) -> GlobalVendorList {
    let reading = JSONReading(document: name)
    guard bytes.count <= maximumSize else {
      throw ConsentDocumentError("\(reading.document): the vendor list is larger than \(maximumSize / 1_048_576) MiB")
    }
    let root = try reading.parse(bytes)
    _ = try reading.members(root, "the top level")
    let version = try reading.int(root["gvlSpecificationVersion"], "gvlSpecificationVersion", in: 0...1000)
    guard version == 3 else { throw reading.failure("gvlSpecificationVersion", "is \(version); only 3 is read") }
    var vendors: [Vendor] = []
    for (id, value) in try reading.byID(root["vendors"], "vendors", in: 1...65_535) {
      let path = "vendors.\"\(id)\""
      if let deleted = value["deletedDate"], deleted != .null { continue }
      vendors.append(try vendor(id: id, value, path, reading))
    }
    return GlobalVendorList(
      specificationVersion: version,
      vendorListVersion: try reading.int(root["vendorListVersion"], "vendorListVersion", in: 1...4095),
      policyVersion: try reading.int(root["tcfPolicyVersion"], "tcfPolicyVersion", in: 1...63),
      lastUpdated: try reading.string(root["lastUpdated"], "lastUpdated", limit: 64),
      purposes: try declarations(root["purposes"], "purposes", reading, range: 1...24),
      specialPurposes: try declarations(root["specialPurposes"], "specialPurposes", reading, range: 1...255),
      features: try declarations(root["features"], "features", reading, range: 1...255),
      specialFeatures: try declarations(root["specialFeatures"], "specialFeatures", reading, range: 1...12),
      stacks: try stacks(root["stacks"], reading),
      dataCategories: try declarations(root["dataCategories"], "dataCategories", reading, range: 1...255),
      vendors: vendors)
  }

  static func declarations(
    _ value: StrictJSON.Value?, _ path: String, _ reading: JSONReading, range: ClosedRange<Int>
  ) throws(ConsentDocumentError) -> [Declaration] {
    var result: [Declaration] = []
    for (id, item) in try reading.byID(value, path, in: range) {
      result.append(
        Declaration(
          id: id, name: try reading.string(item["name"], "\(path).\"\(id)\".name", limit: 1000),
          description: try reading.string(item["description"], "\(path).\"\(id)\".description"),
          illustrations: try reading.strings(item["illustrations"], "\(path).\"\(id)\".illustrations")))
    }
    return result
  }

  static func stacks(_ value: StrictJSON.Value?, _ reading: JSONReading) throws(ConsentDocumentError) -> [Stack] {
    var result: [Stack] = []
    for (id, item) in try reading.byID(value, "stacks", in: 1...1000) {
      let path = "stacks.\"\(id)\""
      result.append(
        Stack(
          id: id, name: try reading.string(item["name"], "\(path).name", limit: 1000),
          description: try reading.string(item["description"], "\(path).description"),
          purposes: try reading.ints(item["purposes"], "\(path).purposes", in: 1...24),
          specialFeatures: try reading.ints(item["specialFeatures"], "\(path).specialFeatures", in: 1...12)))
    }
    return result
  }

  static func vendor(id: Int, _ value: StrictJSON.Value, _ path: String, _ reading: JSONReading)
    throws(ConsentDocumentError) -> Vendor
  {
    func small(_ key: String, _ range: ClosedRange<Int>) throws(ConsentDocumentError) -> [UInt8] {
      try reading.ints(value[key], "\(path).\(key)", in: range).map { UInt8($0) }
    }
    var privacy: String?
    var claim: String?
    if let urls = value["urls"] {
      guard case .array(let items) = urls else { throw reading.failure("\(path).urls", "must be an array") }
      for (index, item) in items.enumerated() {
        // Made only for a message: most lists have none to report.
        func itemPath() -> String { "\(path).urls[\(index)]" }
        let language = try reading.string(item["langId"], "\(itemPath()).langId", limit: 16)
        let url = try reading.string(item["privacy"], "\(itemPath()).privacy", limit: 2048)
        let itemClaim = try item["legIntClaim"].map { value throws(ConsentDocumentError) in
          try reading.string(value, "\(itemPath()).legIntClaim", limit: 2048)
        }
        if privacy == nil || language.lowercased() == "en" {
          privacy = url
          claim = itemClaim
        }
      }
    }
    let retention = value["dataRetention"]
    return Vendor(
      id: id, name: try reading.string(value["name"], "\(path).name", limit: 1000),
      purposes: try small("purposes", 1...24), legitimateInterestPurposes: try small("legIntPurposes", 1...24),
      flexiblePurposes: try small("flexiblePurposes", 1...24), specialPurposes: try small("specialPurposes", 1...255),
      features: try small("features", 1...255), specialFeatures: try small("specialFeatures", 1...12),
      standardRetentionDays: try reading.optionalInt(
        retention?["stdRetention"], "\(path).dataRetention.stdRetention", in: 0...100_000),
      cookieMaxAgeSeconds: try reading.optionalInt(
        value["cookieMaxAgeSeconds"], "\(path).cookieMaxAgeSeconds", in: Int(Int32.min)...(1 << 40)),
      usesNonCookieAccess: try reading.bool(
        value["usesNonCookieAccess"], "\(path).usesNonCookieAccess", default: false),
      privacyPolicyURL: privacy ?? "", legitimateInterestClaimURL: claim)
  }
}
