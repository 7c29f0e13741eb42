/// A Global Privacy Platform string: a header naming the sections by id (a Fibonacci-coded range),
/// then each section's own string, joined by `~`.
///
/// Intermission reads and writes the sections `tcfeuv2` (id 2, the TC string) and `usnat` (id 7);
/// a string with any other section is read with that section kept as it came, undecoded.
package struct GPPString: Hashable, Sendable {
  /// The section id of the EU's TCF version 2 (`tcfeuv2`).
  package static let tcfEUv2 = 2
  /// The section id of the US national section (`usnat`).
  package static let usNational = 7

  /// Each section's string, by section id.
  package var sections: [Int: String]

  /// A GPP string of `sections` (section id to the section's string).
  package init(sections: [Int: String]) {
    self.sections = sections
  }

  /// The section ids, ascending, as `IABGPP_GppSID` and `regs.gpp_sid` list them.
  package var sectionIDs: [Int] { sections.keys.sorted() }

  /// The whole string: the header, then the sections in the order of their ids.
  package var encoded: String {
    var header = BitWriter()
    header.write(3, width: 6)
    header.write(1, width: 6)
    FibonacciRange.write(sectionIDs, to: &header)
    header.pad(toMultipleOf: 8)
    return ([Base64URL.encode(header.bits)] + sections.sorted { $0.key < $1.key }.map(\.value)).joined(separator: "~")
  }

  /// The sections of `string`, refusing a header that does not decode, a count of sections that
  /// does not match the header's, and a `tcfeuv2` or `usnat` section that does not decode.
  /// - Throws: `ConsentStringError` with the reason and where.
  package static func decode(_ string: String) throws(ConsentStringError) -> GPPString {
    let kind = "GPP string"
    guard string.utf8.count <= 100_000 else {
      throw ConsentStringError(
        kind: kind, reason: "the string is longer than 100,000 characters", location: "character 1")
    }
    let parts = string.split(separator: "~", omittingEmptySubsequences: false)
    var reader = BitReader(bits: try Base64URL.decode(parts[0], kind: kind), kind: kind)
    let type = try reader.read(6, "the header's Type")
    guard type == 3 else { throw reader.error("the header's Type is \(type), not 3", at: 0) }
    let version = try reader.read(6, "the header's Version")
    guard version == 1 else { throw reader.error("the header's Version is \(version), not 1", at: 6) }
    let ids = try FibonacciRange.read(from: &reader, "the header's SectionIds")
    try reader.expectPadding()
    guard ids.count == parts.count - 1 else {
      throw ConsentStringError(
        kind: kind, reason: "the header names \(ids.count) sections but \(parts.count - 1) follow",
        location: "character \(parts[0].utf8.count + 1)")
    }
    var sections: [Int: String] = [:]
    var offset = parts[0].utf8.count + 1
    for (id, part) in zip(ids, parts.dropFirst()) {
      do throws(ConsentStringError) {
        switch id {
        case tcfEUv2: _ = try TCString.decode(String(part))
        case usNational: _ = try USNationalSection.decode(String(part))
        default: break
        }
      } catch {
        throw ConsentStringError(
          kind: kind, reason: "section \(id): \(error.description)", location: "the section at character \(offset + 1)")
      }
      sections[id] = String(part)
      offset += part.utf8.count + 1
    }
    return GPPString(sections: sections)
  }

  /// The in-app keys of the CMP API for this string: `IABGPP_HDR_Version`, `IABGPP_HDR_Sections`,
  /// `IABGPP_HDR_GppString`, `IABGPP_GppSID` and one `IABGPP_[id]_String` per section.
  package var inAppKeys: [String: String] {
    let ids = sectionIDs.map(String.init).joined(separator: "_")
    var keys = [
      "IABGPP_HDR_Version": "1", "IABGPP_HDR_Sections": ids, "IABGPP_HDR_GppString": encoded, "IABGPP_GppSID": ids,
    ]
    for (id, section) in sections { keys["IABGPP_\(id)_String"] = section }
    return keys
  }
}
