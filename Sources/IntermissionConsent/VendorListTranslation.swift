import IntermissionBasics

/// A translation of the vendor list's texts (`purposes-{language}.json`): purposes, special
/// purposes, features, special features, stacks and data categories, by id. Vendors' own
/// declarations are never translated.
package struct VendorListTranslation: Sendable {
  /// The texts of one declaration or stack.
  package struct Text: Hashable, Sendable {
    /// The name.
    package let name: String
    /// The description.
    package let description: String
    /// The illustrations, if the translation gives them.
    package let illustrations: [String]?
  }

  /// The language, as the file's name gave it (`"fr"`).
  package let language: String
  /// The texts, by kind (`"purposes"`, `"stacks"`, …) and id.
  package let texts: [String: [Int: Text]]

  static let kinds = ["purposes", "specialPurposes", "features", "specialFeatures", "stacks", "dataCategories"]

  /// Parses a translation, refusing a document that is not one, with the member and why. A missing
  /// kind or entry is not an error: the English text stays (`translating(_:)` says which).
  package static func parse(_ bytes: [UInt8], language: String, name: String) throws(ConsentDocumentError)
    -> VendorListTranslation
  {
    let reading = JSONReading(document: name)
    guard bytes.count <= GlobalVendorList.maximumSize else {
      throw ConsentDocumentError("\(reading.document): the translation is larger than 16 MiB")
    }
    let root = try reading.parse(bytes)
    _ = try reading.members(root, "the top level")
    var texts: [String: [Int: Text]] = [:]
    for kind in kinds {
      var byID: [Int: Text] = [:]
      for (id, item) in try reading.byID(root[kind], kind, in: 1...1000) {
        let path = "\(kind).\"\(id)\""
        byID[id] = Text(
          name: try reading.string(item["name"], "\(path).name", limit: 1000),
          description: try reading.string(item["description"], "\(path).description"),
          illustrations: item["illustrations"] == nil
            ? nil : try reading.strings(item["illustrations"], "\(path).illustrations"))
      }
      texts[kind] = byID
    }
    return VendorListTranslation(language: language, texts: texts)
  }

  /// `list` with every text this translation gives replaced, and the entries it lacks, named
  /// (`"purposes 7"`), which keep their English text.
  package func translating(_ list: GlobalVendorList) -> (list: GlobalVendorList, untranslated: [String]) {
    var result = list
    var untranslated: [String] = []
    func apply(_ declarations: inout [GlobalVendorList.Declaration], _ kind: String) {
      for index in declarations.indices {
        guard let text = texts[kind]?[declarations[index].id] else {
          untranslated.append("\(kind) \(declarations[index].id)")
          continue
        }
        declarations[index].name = text.name
        declarations[index].description = text.description
        if let illustrations = text.illustrations { declarations[index].illustrations = illustrations }
      }
    }
    apply(&result.purposes, "purposes")
    apply(&result.specialPurposes, "specialPurposes")
    apply(&result.features, "features")
    apply(&result.specialFeatures, "specialFeatures")
    apply(&result.dataCategories, "dataCategories")
    for index in result.stacks.indices {
      guard let text = texts["stacks"]?[result.stacks[index].id] else {
        untranslated.append("stacks \(result.stacks[index].id)")
        continue
      }
      result.stacks[index].name = text.name
      result.stacks[index].description = text.description
    }
    return (result, untranslated)
  }
}
