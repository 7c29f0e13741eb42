import IntermissionConsent
import IntermissionTestSupport
import Testing

/// Untrusted consent strings: seeded random and mutated strings never crash a decoder; every
/// refusal says why and where; whatever decodes, encodes and decodes to the same model; and a
/// string built to cost hundreds of millions of insertions is refused at once.
@Suite struct ConsentStringFuzzTests {
  static let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_")
  static let seeds = [
    ConsentFixtures.tcString, ConsentFixtures.otherTCString, ConsentFixtures.gppString, "DBABLA~CVVVkkkkkpFY.YA",
    "2~1.35.41.101~dv.9.21.81",
  ]

  static func mutated(_ text: String, _ random: inout SeededGenerator) -> String {
    var characters = Array(text)
    for _ in 0..<Int.random(in: 1...4, using: &random) {
      guard !characters.isEmpty else { break }
      let index = Int.random(in: 0..<characters.count, using: &random)
      switch Int.random(in: 0..<5, using: &random) {
      case 0: characters[index] = alphabet.randomElement(using: &random)!
      case 1: characters.removeSubrange(index...)
      case 2: characters.insert([".", "~", "="].randomElement(using: &random)!, at: index)
      case 3: characters.remove(at: index)
      default: characters.insert(contentsOf: characters[index...].prefix(8), at: index)
      }
    }
    return String(characters)
  }

  @Test func twentyThousandStringsNeverCrashAndEveryRefusalSaysWhere() throws {
    var random = SeededGenerator(seed: 4343)
    var decoded = 0
    for number in 0..<20_000 {
      let text =
        number % 2 == 0
        ? Self.mutated(Self.seeds.randomElement(using: &random)!, &random)
        : String(
          (0..<Int.random(in: 0...120, using: &random)).map { _ in Self.alphabet.randomElement(using: &random)! })
      func refusalSaysWhere(_ body: () throws -> Void) {
        do {
          try body()
        } catch let error as ConsentStringError {
          #expect(!error.reason.isEmpty && !error.location.isEmpty, "\(text): \(error)")
        } catch {
          Issue.record("\(text): \(error) is not a ConsentStringError")
        }
      }
      refusalSaysWhere {
        let model = try TCString.decode(text)
        decoded += 1
        #expect(try TCString.decode(TCString.encode(model)) == model, "\(text)")
      }
      refusalSaysWhere { _ = try GPPString.decode(text) }
      refusalSaysWhere { _ = try USNationalSection.decode(text) }
      refusalSaysWhere { _ = try AdditionalConsent.decode(text) }
    }
    #expect(decoded > 100, "mutations of valid strings decode often enough to test the round trip: \(decoded)")
  }

  @Test func restrictionsThatNameMillionsOfIdsAreRefused() throws {
    var model = TCModel(cmpID: 1, cmpVersion: 1, consentLanguage: "EN", vendorListVersion: 1, created: 0)
    let everyone = Set(1...65_535)
    model.publisherRestrictions = (1...24).map {
      PublisherRestriction(purpose: $0, kind: .requireConsent, vendors: everyone)
    }
    let string = try TCString.encode(model)
    #expect {
      _ = try TCString.decode(string)
    } throws: { error in
      "\(error)".contains("more than 300,000 vendor ids")
    }
  }
}
