/// Consent strings that decode, for tests that pass a game's own strings (the TCF specification's
/// example and iabgpp-es's TcfEuV2 test string), and their GPP string.
package enum ConsentFixtures {
  /// iabgpp-es's string of 2022: the TCF 2.3 specification's example (CMP 880, vendors 1 to 4,
  /// disclosed 1-5, 100 and 404) with another date.
  package static let tcString =
    "CPSG_8APSG_8ANwAAAENAwCgAAAAAAAAAAYgACPAAAAA.IDKQA4AAgAKAGQAygAAA.YAAAAAAAAAAA"
  /// Another: CMP 10, vendors 11, 28 and 29, with a publisher segment.
  package static let otherTCString =
    "CPTtLAAPTtLAAAKAAAENAAFgALwAAEAAAAAAAOgAgABgAAAA.IAoAAgABgAAEAQAAEAAA.d4AACEAAAAAA"
  /// `tcString` as the GPP string of its `tcfeuv2` section.
  package static let gppString = "DBABMA~" + tcString
}
