import IntermissionTestSupport
import IntermissionVAST
import Testing

@Suite("VAST fuzzing")
struct VASTFuzzTests {
  /// Seeded mutations of real documents (bytes flipped, cut, repeated, tags and entities spliced
  /// in): each is read or refused with a VAST error of the document kind, never a crash, and
  /// whatever is read resolves or fails cleanly.
  @Test func mutatedDocumentsAreReadOrRefusedCleanly() {
    var generator = SeededGenerator(seed: 0x5741_5354)
    let seeds = [
      VASTFixtures.inline(), VASTFixtures.inline(version: "2.0"), VASTFixtures.wrapper("w", tag: "https://a/b"),
    ]
    .map { Array($0.utf8) }
    let splices = ["<Ad>", "</InLine>", "<![CDATA[", "]]>", "&amp;", "&#0;", "<!DOCTYPE x>", "\u{0}", "é", "<Wrapper>"]
      .map { Array($0.utf8) }
    var read = 0
    for round in 0..<3000 {
      var bytes = seeds[round % seeds.count]
      for _ in 0..<Int.random(in: 1...4, using: &generator) {
        let at = Int.random(in: 0..<bytes.count, using: &generator)
        switch Int.random(in: 0..<5, using: &generator) {
        case 0: bytes[at] = UInt8.random(in: 0...255, using: &generator)
        case 1: bytes = Array(bytes[..<at])
        case 2: bytes.insert(contentsOf: splices.randomElement(using: &generator)!, at: at)
        case 3: bytes.removeSubrange(at..<min(bytes.count, at + Int.random(in: 1...40, using: &generator)))
        default: bytes.insert(contentsOf: bytes[at..<min(bytes.count, at + 64)], at: at)
        }
        if bytes.isEmpty { bytes = [0x3C] }
      }
      do {
        let document = try VASTDocument.read(bytes)
        read += 1
        let resolver = VASTResolver { _ in .failure(VASTError(.wrapperTimeout, "offline")) }
        if case .success(let ad) = resolver.resolve(document) {
          _ = try? VASTPlayableAd(ad, playableTypes: ["video/mp4"], viewWidth: 960, maxDuration: 30)
        }
      } catch {
        #expect([.xmlParsing, .schemaValidation, .versionNotSupported].contains(error.code), "\(error)")
      }
    }
    #expect(read == 167, "the seed's mutations that still read (\(read))")
  }
}
