import IntermissionConsent
import Testing

/// Google's Additional Consent strings, version 2, against the examples of its technical
/// specification (providers 1, 2, 3, 4 and 10 disclosed).
@Suite struct AdditionalConsentTests {
  @Test(arguments: [
    ([1, 35, 41, 101], [9, 21, 81], "2~1.35.41.101~dv.9.21.81"),
    ([], [1, 2, 3, 4, 10], "2~~dv.1.2.3.4.10"),
    ([1, 2, 3, 4, 10], [], "2~1.2.3.4.10~dv."),
    ([1, 10], [2, 3, 4], "2~1.10~dv.2.3.4"),
  ])
  func theSpecificationsExamplesEncodeAndDecode(consented: [Int], disclosed: [Int], string: String) throws {
    let consent = AdditionalConsent(consented: Set(consented), disclosedOnly: Set(disclosed))
    #expect(consent.encoded == string)
    #expect(try AdditionalConsent.decode(string) == consent)
  }

  @Test func theDotAfterDvIsOptionalWhenEveryProviderConsented() throws {
    #expect(try AdditionalConsent.decode("2~1.2.3.4.10~dv").consented == [1, 2, 3, 4, 10])
  }

  @Test(arguments: [
    ("1~1.1067", "only version 2"), ("a~1067.1~dv.2.3", "only version 2"), ("2~1067.1", "3 parts"),
    ("2~1067.1~ax.2.3", "does not start with \"dv.\""), ("2~1.x~dv.3", "\"x\" is not a provider id"),
    ("2~1.1~dv.3", "listed twice"), ("2~1.2~dv.2", "both consented and only disclosed"),
    ("2~1.-2~dv.3", "\"-2\" is not"), ("2~1..2~dv.3", "\"\" is not"),
  ])
  func malformedStringsAreRefused(string: String, reason: String) {
    #expect {
      _ = try AdditionalConsent.decode(string)
    } throws: { error in
      (error as? ConsentStringError)?.description.contains(reason) == true
    }
  }
}
