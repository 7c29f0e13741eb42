import Foundation
import IntermissionAds
import IntermissionCore
import IntermissionNet
import IntermissionTestSupport
import MenuGame
import Testing

/// Video ads bought over OpenRTB from the loopback responder (`Tests/Servers/openrtb.py`'s video
/// cases), the real program headless: the request's video object, the VAST in `adm`, behind a
/// wrapper or in the win notice's body, the media downloaded into the HTTP cache, and every tracker
/// at the responder exactly once, as the buyer wrote it.
@Suite("Video ads over OpenRTB")
struct VideoDeliveryTests {
  static let placements = #"{"banner": "menu-banner", "rewarded": "bonus"}"#
  static let members = #", "reward": {"type": "coins", "amount": 50}, "video": {"maxDuration": 20}"#
  /// Bonus at 1 s, the offer at 3 s; the 4 s video completes at 7 s; Escape at 9 s.
  static let script = "1.0 click 480 252\n3.0 key Return\n9.0 key Escape\n"

  func run(_ responder: OpenRTBResponder, _ runner: ProgramRunner, fixedStep: Bool = true, seconds: Double = 10)
    throws -> ProgramRunner.Result
  {
    let demand = try responder.writeDemandFile(in: runner.folder, placements: Self.placements, members: Self.members)
    let script = try runner.write("s.txt", Self.script)
    return try runner.run(
      ["--headless", "--no-audio"] + (fixedStep ? ["--fixed-step"] : []) + [
        "--ads", demand, "--seconds", String(seconds), "--script", script, "--trace", runner.path("t.jsonl"),
        "--beacons", runner.path("beacons.sqlite"),
      ])
  }

  /// The video's story in the trace, as `frame event detail`.
  func story(_ runner: ProgramRunner) throws -> [String] {
    try runner.traceSummary("t.jsonl", fields: ["quartile", "amount", "code"]) { event, line in
      (event.hasPrefix("video.") || event.hasPrefix("rewarded.") || event.hasPrefix("fullscreen.")
        || event == "vast.error" || (event == "impression" && line.contains("\"format\"")))
    }
  }

  /// The rewarded video's notices at the responder: the win, the billing and the VAST trackers.
  func videoNotices(_ responder: OpenRTBResponder) -> [(line: String, status: Int?)] {
    responder.notices.filter { notice in
      ["/vast/", "/wrap/", "/win?b=v1", "/bill?b=v1", "/win-vast"].contains { notice.line.hasPrefix($0) }
    }
  }

  /// How many bid requests asked for the rewarded imp.
  func rewardedAuctions(_ responder: OpenRTBResponder) -> Int {
    responder.bidRequests.compactMap(\.json).filter { request in
      (request["imp"] as? [[String: Any]])?.first?["id"] as? String == "rewarded"
    }.count
  }

  @Test func aWatchedRewardedVideoSendsEveryTrackerOnceInPlayheadOrder() throws {
    let responder = try OpenRTBResponder(case: "video", media: GeneratedMedia.path("steps.mp4"))
    let runner = try ProgramRunner()
    let result = try run(responder, runner)
    #expect(result.status == 0, "\(result.stderr)")
    #expect(
      try story(runner) == [
        "180 fullscreen.shown", "180 impression", "180 video.started", "240 video.quartile 1",
        "300 video.quartile 2", "360 video.quartile 3", "420 rewarded.completed", "420 video.completed",
        "540 rewarded.earned 50", "540 fullscreen.dismissed",
      ])
    let notices = videoNotices(responder)
    #expect(
      notices.map(\.line) == [
        "/win?b=v1&p=2.5", "/bill?b=v1&p=2.5&c=USD", "/vast/impression?p=2.5", "/vast/creativeView?t=00%3A00%3A00.000",
        "/vast/start?t=00%3A00%3A00.000", "/vast/firstQuartile?t=00%3A00%3A01.000", "/vast/midpoint?t=00%3A00%3A02.000",
        "/vast/thirdQuartile?t=00%3A00%3A03.000", "/vast/complete?t=00%3A00%3A04.000",
        "/vast/closeLinear?t=00%3A00%3A04.000",
      ], "each once, byte for byte, no nonce or ts of ours: \(responder.notices.map(\.line))")
    // The bid request asked for video beside native, as the demand file says.
    let rewarded = try #require(
      responder.bidRequests.compactMap(\.json).first { request in
        (request["imp"] as? [[String: Any]])?.first?["id"] as? String == "rewarded"
      })
    let imp = try #require((rewarded["imp"] as? [[String: Any]])?.first)
    let video = try #require(imp["video"] as? [String: Any])
    #expect((video["mimes"] as? [String])?.contains("video/mp4") == true && video["maxduration"] as? Int == 20)
    #expect(video["plcmt"] as? Int == 3 && video["skip"] as? Int == 0 && imp["rwdd"] as? Int == 1)
    #expect(imp["native"] != nil, "one imp, both formats")
    #expect(responder.requests.filter { $0.path == "/media.mp4" }.count == 1, "the media downloaded once")
  }

  @Test func aWrappersTrackersFireWithTheInlinesAndItsTagIsFetchedOnce() throws {
    let responder = try OpenRTBResponder(case: "video-wrapper", media: GeneratedMedia.path("steps.mp4"))
    let runner = try ProgramRunner()
    let result = try run(responder, runner)
    #expect(result.status == 0, "\(result.stderr)")
    let lines = videoNotices(responder).map(\.line)
    // The auction's macros are the bid's markup's: the inline document fetched from elsewhere keeps
    // its own text.
    #expect(lines.contains("/wrap/impression") && lines.contains("/vast/impression?p=${AUCTION_PRICE}"), "\(lines)")
    // The wrapper's trackers come first at each moment: the chain from the outside in.
    let wrapperStart = try #require(lines.firstIndex(of: "/wrap/start"), "\(lines)")
    let inlineStart = try #require(lines.firstIndex(of: "/vast/start?t=00%3A00%3A00.000"), "\(lines)")
    #expect(wrapperStart < inlineStart)
    #expect(lines.filter { $0 == "/wrap/complete" }.count == 1)
    // Once per rewarded auction: the show's, and the next preload's.
    #expect(responder.requests.filter { $0.path == "/vast/inline.xml" }.count == rewardedAuctions(responder))
    #expect(try story(runner).contains("420 rewarded.completed"))
  }

  @Test func aVideoBidWithoutMarkupTakesItsVASTFromTheWinNoticeAndFiresItOnce() throws {
    let responder = try OpenRTBResponder(case: "video-nurl", media: GeneratedMedia.path("steps.mp4"))
    let runner = try ProgramRunner()
    let result = try run(responder, runner)
    #expect(result.status == 0, "\(result.stderr)")
    let lines = videoNotices(responder).map(\.line)
    // The markup's fetch is the win notice: once per rewarded auction (the show's, the next
    // preload's), and no other win notice.
    #expect(lines.filter { $0.hasPrefix("/win") }.allSatisfy { $0 == "/win-vast?b=v1&p=2.5" })
    #expect(lines.filter { $0.hasPrefix("/win") }.count == rewardedAuctions(responder))
    #expect(lines.contains("/vast/complete?t=00%3A00%3A04.000"))
    #expect(try story(runner).contains("540 rewarded.earned 50"))
  }

  @Test(arguments: [
    ("fallback-vast", ["/missing.xml", "/media.mp4"], "/broken/error?code=301"),
    ("fallback-media", ["/missing.mp4", "/media.mp4"], "/broken/error?code=401"),
  ])
  func aVideoWinnerWhoseVASTOrMediaFailsIsReplacedByTheNextBid(answer: String, fetched: [String], error: String)
    throws
  {
    let responder = try OpenRTBResponder(case: answer, media: GeneratedMedia.path("steps.mp4"))
    let runner = try ProgramRunner()
    let demand = try responder.writeDemandFile(in: runner.folder, placements: Self.placements, members: Self.members)
    // Bonus at 1 s: the rewarded ad loads, and is not shown.
    let script = try runner.write("s.txt", "1.0 click 480 252\n")
    let result = try runner.run([
      "--headless", "--no-audio", "--fixed-step", "--ads", demand, "--seconds", "3", "--script", script, "--trace",
      runner.path("t.jsonl"), "--beacons", runner.path("beacons.sqlite"),
    ])
    #expect(result.status == 0, "\(result.stderr)")
    let story = try runner.traceSummary("t.jsonl", fields: ["id", "format", "kind", "code"]) { event, line in
      ["ad.loaded", "ad.failed", "bid.refused", "vast.error"].contains(event) || line.contains(#""kind":"loss""#)
        || line.contains(#""kind":"vast""#)
    }
    let loaded = story.filter { $0.contains("ad.loaded") }
    #expect(loaded.count == 2 && loaded.last?.hasSuffix("ad.loaded v1 rewarded") == true, "\(story)")
    #expect(story.contains { $0.hasSuffix("bid.refused broken") }, "\(story)")
    #expect(!story.contains { $0.contains("ad.failed") || $0.contains("vast.error") }, "one load, no failure: \(story)")
    // What the server received, byte for byte: the broken bid's VAST or media asked for, then the next
    // bid's media; the broken bid hears 3 and its Error URL its VAST error, the one below the shown
    // bid 102, and the shown bid no loss. Nothing appended to any of the buyer's URLs.
    let received = responder.requests.filter { $0.method == "GET" }.map(\.target).filter { target in
      ["/missing", "/media.mp4", "/broken/", "/loss", "/vast/", "/win?b=v1", "/win?b=low"].contains {
        target.hasPrefix($0)
      }
    }
    #expect(received == fetched + ["/loss?b=broken&r=3&p=", error, "/loss?b=low&r=102&p="], "\(received)")
  }

  @Test func aRemoteManifestsHouseVideoComesFromNginxWithItsMediaBesideItsVAST() throws {
    let runner = try ProgramRunner()
    let www = try ShippedManifest.copy(runner, "www")
    let nginx = try NginxServer(root: www)
    let script = try runner.write(
      "s.txt",
      try String(
        contentsOf: ProgramRunner.root.appendingPathComponent(
          "docs/bonus-script.txt"), encoding: .utf8))
    let result = try runner.run(
      [
        "--headless", "--fixed-step", "--no-audio", "--ads", nginx.url("manifest.json"), "--seconds", "20",
        "--script", script, "--trace", runner.path("t.jsonl"),
      ])
    #expect(result.status == 0, "\(result.stderr)")
    let lines = try runner.traceLines("t.jsonl")
    #expect(try story(runner).contains("780 video.completed"), "\(lines)")
    #expect(try story(runner).contains("1140 rewarded.earned 50"))
    // The VAST file on the manifest's origin, its media file resolved against it, each fetched once
    // (then revalidated or taken from the cache).
    let fetched = nginx.requests
    #expect(fetched.contains("GET /bonus-coins.xml 200") && fetched.contains("GET /bonus-coins.mp4 200"), "\(fetched)")
    #expect(fetched.filter { $0 == "GET /bonus-coins.mp4 200" }.count == 1, "\(fetched)")
  }

  @Test func aManifestFilesVASTURLOnALoopbackAddressIsRefused() throws {
    let responder = try OpenRTBResponder(case: "video", media: GeneratedMedia.path("steps.mp4"))
    let runner = try ProgramRunner()
    let manifest = try runner.write(
      "manifest.json",
      """
      { "ads": [ { "id": "a", "image": "a.png", "title": "A", "action": "in-app" },
        { "id": "v", "vast": "https://127.0.0.1:\(responder.port)/vast/inline.xml", "title": "V", "action": "in-app",
          "format": "rewarded", "reward": {"type": "coins", "amount": 5} } ] }
      """)
    try FileManager.default.copyItem(
      atPath: ProgramRunner.root.appendingPathComponent("Assets/ads/starfall.png").path, toPath: runner.path("a.png"))
    let result = try runner.run(
      [
        "--headless", "--fixed-step", "--no-audio", "--ads", manifest, "--seconds", "2", "--trace",
        runner.path("t.jsonl"),
      ])
    #expect(result.status == 0, "\(result.stderr)")
    let errors = try runner.traceLines("t.jsonl").filter { $0.contains(#""event":"vast.error""#) }
    #expect(errors.first?.contains("private or loopback") == true, "\(errors)")
    #expect(!responder.requests.contains { $0.path == "/vast/inline.xml" }, "never asked")
  }
}
