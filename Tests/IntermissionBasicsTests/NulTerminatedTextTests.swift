import IntermissionBasics
import Testing

/// A C library's character buffer read as text: up to its first NUL, all of it without one, and
/// invalid UTF-8 replaced rather than refused.
@Suite("Text of a C buffer")
struct NulTerminatedTextTests {
  @Test func theTextEndsAtTheFirstNUL() {
    let buffer: [CChar] = Array("no route".utf8CString) + Array("after".utf8CString)
    #expect(String(nulTerminated: buffer) == "no route")
  }

  @Test func aBufferWithoutNULIsReadWhole() {
    let buffer = "full".utf8.map { CChar(bitPattern: $0) }
    #expect(String(nulTerminated: buffer) == "full")
  }

  @Test func invalidUTF8IsReplaced() {
    let buffer: [CChar] = [0x61, CChar(bitPattern: 0xFF), 0x62, 0]
    #expect(String(nulTerminated: buffer) == "a\u{FFFD}b")
  }
}
