import IntermissionBasics
import Testing

@Suite("Percent-encoding (RFC 3986)")
struct PercentEncodingTests {
  /// The unreserved characters stay as they are; every other byte of the UTF-8, reserved ASCII
  /// and multi-byte characters alike, becomes %XY in upper case.
  @Test func everyByteButTheUnreservedOnesIsEncoded() {
    #expect(PercentEncoding.encoded("AZaz09-._~") == "AZaz09-._~")
    #expect(PercentEncoding.encoded("a b/é?&=%") == "a%20b%2F%C3%A9%3F%26%3D%25")
    #expect(PercentEncoding.encoded("") == "")
    let unreserved = (0...255).map(UInt8.init).filter(PercentEncoding.isUnreserved)
    #expect(unreserved.count == 26 + 26 + 10 + 4)
    #expect(
      (0...15).map { Character(Unicode.Scalar(PercentEncoding.hexDigit(UInt8($0)))) } == Array("0123456789ABCDEF"))
  }
}
