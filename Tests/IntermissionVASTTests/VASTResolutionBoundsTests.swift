import IntermissionBasics
import IntermissionCore
import IntermissionVAST
import Testing

/// A resolution's work is bounded whatever the documents say: `fallbackOnNoAd` at every level of a
/// response of many wrappers would otherwise fetch every ad tag of a tree K ads wide and five deep.
@Suite("VAST resolution bounds")
struct VASTResolutionBoundsTests {
  /// A response of `count` wrapper ads, the i-th leading to `https://ads.example.com/<name>-<i>`.
  static func wrappers(_ name: String, count: Int) -> String {
    let ads = (0..<count).map { index in
      #"<Ad id="\#(name)-\#(index)"><Wrapper><VASTAdTagURI>https://ads.example.com/\#(name)-\#(index)</VASTAdTagURI>"#
        + #"<Error>https://t.example.com/\#(name)-\#(index)/error</Error></Wrapper></Ad>"#
    }
    return #"<VAST version="4.2">"# + ads.joined() + "</VAST>"
  }

  /// A server of a tree of wrappers: every document holds `width` wrapper ads, and the documents
  /// at `depth` are empty responses (error 303, which falls back). It answers `limit` requests at
  /// most (later ones fail, 301), so that an unbounded resolution still ends.
  final class WrapperTree: Sendable {
    let width: Int
    let depth: Int
    let limit: Int
    private let asked = Locked(0)

    init(width: Int, depth: Int, limit: Int = 2000) {
      self.width = width
      self.depth = depth
      self.limit = limit
    }

    var requests: Int { asked.withLock { $0 } }

    func fetch(_ url: String) -> Result<[UInt8], VASTError> {
      let count = asked.withLock {
        $0 += 1
        return $0
      }
      guard count <= limit else { return .failure(VASTError(.wrapperTimeout, "the server gave up")) }
      let name = String(url.dropFirst("https://ads.example.com/".count))
      let level = name.split(separator: "-").count - 1
      let text = level >= depth ? #"<VAST version="4.2"/>"# : VASTResolutionBoundsTests.wrappers(name, count: width)
      return .success(Array(text.utf8))
    }
  }

  /// 30 wrapper ads at each of five levels, each leaf an empty response: 10 ad tags are fetched,
  /// then the resolution ends in 302 (unbounded, it fetched every one the server answered).
  @Test func aTreeOfWrappersIsFetchedAtMostTenTimes() throws {
    let tree = WrapperTree(width: 30, depth: 5)
    let resolver = VASTResolver(fetch: { tree.fetch($0) })
    let document = try VASTDocument.read(Array(Self.wrappers("r", count: 30).utf8))
    let failure = try #require(resolver.resolve(document).failureValue)
    #expect(tree.requests == 10)
    #expect(failure.error.code == .wrapperLimit)
    #expect(failure.error.reason.contains("more than 10 ad tags fetched"), "\(failure.error.reason)")
    // Fetched: r-0 to r-0-0-0-0, then r-0-0-0-0-0 to -5 (empty, each falling back); the 11th
    // would be r-0-0-0-0-6, whose chain hears the 302.
    #expect(
      failure.errorURLs
        == ["r-0", "r-0-0", "r-0-0-0", "r-0-0-0-0", "r-0-0-0-0-6"].map { "https://t.example.com/\($0)/error" })
  }

  /// A response of 20 wrapper ads whose chains end in no ad: the first 16 are tried, then 302.
  @Test func atMostSixteenAdsOfAResponseAreTried() throws {
    let tree = WrapperTree(width: 20, depth: 1)
    let resolver = VASTResolver(fetch: { tree.fetch($0) }, maximumFetches: 100)
    let document = try VASTDocument.read(Array(Self.wrappers("r", count: 20).utf8))
    let failure = try #require(resolver.resolve(document).failureValue)
    #expect(tree.requests == 16)
    #expect(failure.error.code == .wrapperLimit)
    #expect(failure.error.reason == "20 ads in one response, of which 16 are tried", "\(failure.error.reason)")
  }

  /// Below the bounds, fallback works as before: the 16th ad of a response is reached and played.
  @Test func theSixteenthAdIsStillReached() throws {
    let tree = WrapperTree(width: 15, depth: 1)
    let inline = VASTFixtures.inline(id: "last")
    let start = inline.range(of: "<Ad ")!.lowerBound
    let end = inline.range(of: "</Ad>")!.upperBound
    let text = Self.wrappers("r", count: 15).dropLast("</VAST>".count) + inline[start..<end] + "</VAST>"
    let resolver = VASTResolver(fetch: { tree.fetch($0) }, maximumFetches: 100)
    let resolved = try resolver.resolve(VASTDocument.read(Array(text.utf8))).get()
    #expect(resolved.id == "last" && tree.requests == 15)
  }
}
