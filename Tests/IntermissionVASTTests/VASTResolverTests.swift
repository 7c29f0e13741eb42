import IntermissionBasics
import IntermissionCore
import IntermissionVAST
import Testing

/// Ad tags served from a table, as a loopback server would, counting each request.
final class TagTable: Sendable {
  private let answers: [String: Result<String, VASTError>]
  private let asked = Locked<[String]>([])

  init(_ answers: [String: Result<String, VASTError>]) { self.answers = answers }

  var requests: [String] { asked.withLock { $0 } }

  func resolver() -> VASTResolver {
    VASTResolver { url in
      self.asked.withLock { $0.append(url) }
      guard let answer = self.answers[url] else { return .failure(VASTError(.wrapperTimeout, "\(url) failed")) }
      return answer.map { Array($0.utf8) }
    }
  }
}

@Suite("VAST wrappers")
struct VASTResolverTests {
  /// A chain of `count` wrappers, w1 to wN, ending at the inline ad.
  static func chain(_ count: Int, end: String = VASTFixtures.inline()) -> (first: String, table: TagTable) {
    var answers: [String: Result<String, VASTError>] = ["https://ads.example.com/inline": .success(end)]
    for index in 1..<max(count, 1) {
      let next = index + 1 == count ? "https://ads.example.com/inline" : "https://ads.example.com/w\(index + 2)"
      answers["https://ads.example.com/w\(index + 1)"] = .success(VASTFixtures.wrapper("w\(index + 1)", tag: next))
    }
    let firstTag = count == 1 ? "https://ads.example.com/inline" : "https://ads.example.com/w2"
    return (VASTFixtures.wrapper("w1", tag: firstTag), TagTable(answers))
  }

  static func resolve(_ text: String, with table: TagTable) throws -> Result<VASTResolvedAd, VASTResolutionFailure> {
    table.resolver().resolve(try VASTDocument.read(Array(text.utf8)))
  }

  /// One to five wrappers resolve into the inline ad, with every wrapper's trackers before the
  /// inline ad's, outermost first, each hop fetched once.
  @Test(arguments: 1...5) func upToFiveWrappersResolveWithEveryTracker(count: Int) throws {
    let (first, table) = VASTResolverTests.chain(count)
    let resolved = try VASTResolverTests.resolve(first, with: table).get()
    #expect(resolved.wrapperCount == count)
    #expect(resolved.id == "inline-1" && resolved.inline.title == "Starfall: the trailer")
    let names = (1...count).map { "w\($0)" }
    #expect(
      resolved.trackers.impressions
        == names.map { "https://t.example.com/\($0)/imp" } + [
          "https://t.example.com/imp?ad=inline-1&ts=[TIMESTAMP]", "https://t.example.com/imp2",
        ])
    #expect(
      resolved.trackers.clickTrackings == names.map { "https://t.example.com/\($0)/click" } + [
        "https://t.example.com/click"
      ])
    #expect(resolved.trackers.events.filter { $0.kind == .start }.count == count + 1)
    #expect(resolved.trackers.errors.count == count + 1)
    #expect(table.requests.count == count && Set(table.requests).count == count)
  }

  @Test func aSixthWrapperIs302ToEveryErrorURLOfTheChain() throws {
    let (first, table) = VASTResolverTests.chain(7)
    let failure = try #require(VASTResolverTests.resolve(first, with: table).failureValue)
    #expect(failure.error.code == .wrapperLimit)
    #expect(failure.errorURLs == (1...6).map { "https://t.example.com/w\($0)/error?c=[ERRORCODE]" })
    #expect(table.requests.count == 5, "the sixth wrapper's tag is never fetched")
  }

  @Test func aWrapperLoopIs302() throws {
    let table = TagTable([
      "https://ads.example.com/a": .success(VASTFixtures.wrapper("a", tag: "https://ads.example.com/b")),
      "https://ads.example.com/b": .success(VASTFixtures.wrapper("b", tag: "https://ads.example.com/a")),
    ])
    let failure = try #require(
      VASTResolverTests.resolve(VASTFixtures.wrapper("root", tag: "https://ads.example.com/a"), with: table)
        .failureValue)
    #expect(failure.error.code == .wrapperLimit && failure.error.reason.contains("loop"))
    #expect(table.requests == ["https://ads.example.com/a", "https://ads.example.com/b"])
  }

  @Test func aFailedHopIs301AndAnEmptyEndIs303() throws {
    let failed = TagTable(["https://ads.example.com/a": .failure(VASTError(.wrapperTimeout, "timed out after 3 s"))])
    let timeout = try #require(
      VASTResolverTests.resolve(VASTFixtures.wrapper("root", tag: "https://ads.example.com/a"), with: failed)
        .failureValue)
    #expect(
      timeout.error.code == .wrapperTimeout && timeout.errorURLs == ["https://t.example.com/root/error?c=[ERRORCODE]"])
    for empty in [
      "", "  \n", #"<VAST version="4.2"><Error><![CDATA[https://t.example.com/end/error]]></Error></VAST>"#,
    ] {
      let table = TagTable(["https://ads.example.com/a": .success(empty)])
      let failure = try #require(
        VASTResolverTests.resolve(VASTFixtures.wrapper("root", tag: "https://ads.example.com/a"), with: table)
          .failureValue)
      #expect(failure.error.code == .noAdsAfterWrapper, "\(empty)")
      #expect(failure.errorURLs.first == "https://t.example.com/root/error?c=[ERRORCODE]")
    }
  }

  @Test func followAdditionalWrappersFalseRefusesAnotherWrapper() throws {
    let table = TagTable([
      "https://ads.example.com/a": .success(VASTFixtures.wrapper("a", tag: "https://ads.example.com/inline")),
      "https://ads.example.com/inline": .success(VASTFixtures.inline()),
    ])
    let root = VASTFixtures.wrapper("root", tag: "https://ads.example.com/a", follow: false)
    let failure = try #require(VASTResolverTests.resolve(root, with: table).failureValue)
    #expect(failure.error.code == .wrapperGeneral)
    // Straight to an inline ad is fine.
    let direct = VASTFixtures.wrapper("root", tag: "https://ads.example.com/inline", follow: false)
    #expect(try VASTResolverTests.resolve(direct, with: table).failureValue == nil)
  }

  /// A chain that ends in no ad falls back to the response's next ad, unless the wrapper says not to.
  @Test func fallbackOnNoAdTriesTheResponsesNextAd() throws {
    let table = TagTable(["https://ads.example.com/empty": .success(#"<VAST version="4.2"/>"#)])
    func response(fallback: Bool) -> String {
      let wrapper = VASTFixtures.wrapper("w", tag: "https://ads.example.com/empty", fallback: fallback)
      let inline = VASTFixtures.inline(id: "standalone")
      func ads(_ text: String) -> Substring {
        let start = text.range(of: "<Ad ")!.lowerBound
        let end = text.range(of: "</Ad>")!.upperBound
        return text[start..<end]
      }
      return #"<VAST version="4.2">"# + ads(wrapper) + ads(inline) + "</VAST>"
    }
    #expect(try VASTResolverTests.resolve(response(fallback: true), with: table).get().id == "standalone")
    let refused = try #require(VASTResolverTests.resolve(response(fallback: false), with: table).failureValue)
    #expect(refused.error.code == .noAdsAfterWrapper)
  }
}

extension Result {
  /// The failure, if it is one.
  var failureValue: Failure? {
    if case .failure(let failure) = self { return failure }
    return nil
  }
}
