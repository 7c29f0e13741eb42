import Testing

@testable import IntermissionConsent

/// GPP strings against the Global Privacy Platform's specification and its reference encoder's
/// (iabgpp-es) test vectors: Fibonacci coding, the header, `tcfeuv2` and `usnat`.
@Suite struct GPPStringTests {
  /// The specification's table, which iabgpp-es's FibonacciIntegerEncoder tests assert too.
  @Test(arguments: [(1, "11"), (2, "011"), (3, "0011"), (4, "1011"), (5, "00011"), (6, "10011"), (7, "01011")])
  func fibonacciCodesMatchTheSpecification(value: Int, bits: String) throws {
    var writer = BitWriter()
    writer.writeFibonacci(value)
    #expect(writer.bits.map(String.init).joined() == bits)
    var reader = BitReader(bits: writer.bits, kind: "test")
    #expect(try reader.readFibonacci("value") == value)
  }

  /// A code that never reaches its closing pair of ones (iabgpp-es refuses "110" alone for the bit
  /// after the pair; in a string that bit belongs to the next field).
  @Test(arguments: ["0000", "010", "1010", ""].map { $0.map { UInt8(String($0))! } })
  func aFibonacciCodeWithoutItsEndIsRefused(bits: [UInt8]) {
    var reader = BitReader(bits: bits, kind: "test")
    #expect(throws: ConsentStringError.self) { _ = try reader.readFibonacci("value") }
  }

  /// iabgpp-es's FibonacciIntegerRangeEncoder tests, and the specification's [3,5,6,7,8].
  @Test(arguments: [
    ([], "000000000000"), ([2], "0000000000010011"), ([2, 3, 4, 5, 6], "00000000000110111011"),
    ([2, 5, 6, 7], "000000000010001110011011"), ([3, 5, 6, 7, 8], "0000000000100001110110011"),
    ([2, 5, 6, 7, 8, 9, 10, 11, 12], "00000000001000111001101011"),
  ])
  func fibonacciRangesMatchTheReferenceEncoder(ids: [Int], bits: String) throws {
    var writer = BitWriter()
    FibonacciRange.write(ids, to: &writer)
    #expect(writer.bits.map(String.init).joined() == bits)
    var reader = BitReader(bits: writer.bits, kind: "test")
    #expect(try FibonacciRange.read(from: &reader, "ids") == ids)
  }

  /// iabgpp-es's HeaderV1 and GppModel tests; the specification's own headers pad to 6 bits only.
  @Test(arguments: [
    ([], "DBAA"), ([2], "DBABMA"), ([2, 6], "DBACNYA"), ([6], "DBABTA"), ([7], "DBABLA"), ([2, 5, 6], "DBACOeA"),
  ])
  func headersMatchTheReferenceEncoder(ids: [Int], header: String) throws {
    let string = GPPString(sections: Dictionary(uniqueKeysWithValues: ids.map { ($0, "1---") }))
    #expect(string.encoded.split(separator: "~").first.map(String.init) == header)
  }

  @Test(arguments: [("DBABM", [2]), ("DBACNY", [2, 6]), ("DBABjw", [5, 6])])
  func theSpecificationsHeadersDecode(header: String, ids: [Int]) throws {
    let sections = ids.map { $0 == 2 ? "CPXxRfAPXxRfAAfKABENB-CgAAAAAAAAAAYgAAAAAAAA" : "1YNN" }
    let string = ([header] + sections).joined(separator: "~")
    #expect(try GPPString.decode(string).sectionIDs == ids)
  }

  /// GppModel.test.ts: a `tcfeuv2` section for CMP 880, vendors 1 to 4, disclosed 1-5, 100, 404.
  @Test func aTCFSectionMatchesTheReferenceEncoder() throws {
    var model = TCModel(
      cmpID: 880, cmpVersion: 0, consentLanguage: "EN", vendorListVersion: 48, created: TCStringVectorTests.january2022)
    model.policyVersion = 2
    model.publisherCountryCode = "DE"
    model.vendorConsents = [1, 2, 3, 4]
    model.disclosedVendors = [1, 2, 3, 4, 5, 100, 404]
    model.publisherPurposes = PublisherPurposes()
    let string = GPPString(sections: [GPPString.tcfEUv2: try TCString.encode(model)])
    let expected = "DBABMA~CPSG_8APSG_8ANwAAAENAwCgAAAAAAAAAAYgACPAAAAA.IDKQA4AAgAKAGQAygAAA.YAAAAAAAAAAA"
    #expect(string.encoded == expected)
    let decoded = try GPPString.decode(expected)
    #expect(try TCString.decode(decoded.sections[2]!) == model)
    #expect(string.inAppKeys["IABGPP_GppSID"] == "2" && string.inAppKeys["IABGPP_2_String"] == decoded.sections[2])
    #expect(string.inAppKeys["IABGPP_HDR_GppString"] == expected && string.inAppKeys["IABGPP_HDR_Version"] == "1")
  }

  /// UsNat.test.ts: every field set, and the GPC subsection.
  @Test func aUSNationalSectionMatchesTheReferenceEncoder() throws {
    var section = USNationalSection()
    section.sharingNotice = 1
    section.saleOptOutNotice = 1
    section.sharingOptOutNotice = 1
    section.targetedAdvertisingOptOutNotice = 1
    section.sensitiveDataProcessingOptOutNotice = 1
    section.sensitiveDataLimitUseNotice = 1
    section.saleOptOut = 1
    section.sharingOptOut = 1
    section.targetedAdvertisingOptOut = 1
    section.sensitiveDataProcessing = [2, 1, 0, 2, 1, 0, 2, 1, 0, 2, 1, 0, 2, 1, 0, 2]
    section.knownChildSensitiveDataConsents = [2, 1, 0]
    section.personalDataConsents = 1
    section.mspaCoveredTransaction = 1
    section.mspaOptOutOptionMode = 1
    section.mspaServiceProviderMode = 2
    section.globalPrivacyControl = true
    #expect(try section.encode() == "CVVVkkkkkpFY.YA")
    #expect(try USNationalSection.decode("CVVVkkkkkpFY.YA") == section)
    var defaults = USNationalSection()
    defaults.mspaCoveredTransaction = 1
    defaults.globalPrivacyControl = false
    #expect(try defaults.encode() == "CAAAAAAAAABA.QA")
    defaults.globalPrivacyControl = nil
    #expect(try defaults.encode() == "CAAAAAAAAABA")
  }

  /// GppModel.test.ts's `usnat` strings of version 1 and 2, decoded and written back.
  @Test(arguments: [
    ("DBABLA~BAAAVVVVUQA.QA", Array(repeating: 1, count: 12), [1, 1]),
    ("DBABLA~CAAAVVVVAFBA.QA", Array(repeating: 1, count: 12) + [0, 0, 0, 0], [1, 1, 0]),
    ("DBABLA~CAAAVVVVVVRA.QA", Array(repeating: 1, count: 16), [1, 1, 1]),
    ("DBABLA~CAAAAAAAAQRA.QA", Array(repeating: 0, count: 15) + [1], [0, 0, 1]),
  ])
  func usNationalSectionsDecode(string: String, sensitive: [Int], child: [Int]) throws {
    let gpp = try GPPString.decode(string)
    #expect(gpp.sectionIDs == [7])
    let section = try USNationalSection.decode(gpp.sections[7]!)
    #expect(section.sensitiveDataProcessing == sensitive && section.knownChildSensitiveDataConsents == child)
    #expect(section.globalPrivacyControl == false)
    let encoded = try section.encode()
    #expect(GPPString(sections: [7: encoded]).encoded == string)
  }

  @Test(arguments: [
    ("DBACOeA~CPSGAAAAAAAAAAAAAAENAACAAAAAAAAAAAAAAAAAAAAA~1YNN", "names 3 sections but 2 follow"),
    ("DBACOeA~~1YNN", "names 3 sections but 2 follow"),
    ("z", "the header's Type is 51, not 3"), ("D", "ends inside the header's Version"),
    ("DBABLA~CAAAAAAAAAAA", "MspaCoveredTransaction is 0"),
    ("DBABLA~DAAAAAAAAABA", "Version is 3"),
    ("DBABLA~CAAAAAAAAABA.gA", "only GPC (1)"),
    ("DBABMA~CPSG_8APSG_8AAAAAAENAAFgAAAAAAAAAAAAAOA", "section 2: TC string"),
    ("CBABMA~1YNN", "Type is 2, not 3"),
  ])
  func malformedGPPStringsAreRefusedWithTheReason(string: String, reason: String) {
    #expect {
      _ = try GPPString.decode(string)
    } throws: { error in
      (error as? ConsentStringError)?.description.contains(reason) == true
    }
  }
}
