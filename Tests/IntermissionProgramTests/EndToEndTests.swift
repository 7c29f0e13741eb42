import Foundation
import IntermissionAds
import IntermissionCore
import IntermissionOverlay
import IntermissionSDL
import IntermissionTestSupport
import MenuGame
import Testing

/// The program end to end, headless, through SDL's real event queue, with the fixed-step clock.
@Suite("End to end")
struct EndToEndTests {
  static let headless = ["--headless", "--fixed-step"]

  @Test func scriptedReplayGivesTheExpectedTrace() throws {
    let runner = try ProgramRunner()
    let script = try runner.write(
      "s.txt",
      """
      1.0 key P          # user pause
      1.5 click 480 595  # banner: the ad view opens
      2.0 key Escape     # closes it; the user's pause stays
      2.5 key P          # user resume
      3.0 click 480 595  # banner again
      3.2 key P          # swallowed by the ad view
      3.5 click 886 38   # its Close button: resumed
      4.0 click 480 186  # Play
      4.5 key Escape     # back to the menu
      5.0 minimize
      5.5 restore
      """)
    let result = try runner.run(
      Self.headless + ["--seconds", "7", "--script", script, "--trace", runner.path("t.jsonl")])
    #expect(result.status == 0, "\(result.stderr)")
    let lines = try runner.traceLines("t.jsonl")
    let summary = lines.map { line -> String in
      let frame = line.split(separator: ",")[0].dropFirst("{\"frame\":".count)
      var text = "\(frame) \(ProgramRunner.eventName(line))"
      if let range = line.range(of: "\"reason\":\"") {
        text += " " + line[range.upperBound...].prefix { $0 != "\"" }
      }
      return text
    }
    // The banner is viewable from frame 38 (half of it in), but never for a whole second until the
    // window is restored: covered by the ad view, away in Play, minimised. The one impression comes
    // a viewable second after the restore. A user pause leaves the banner viewable. Each scripted
    // input is recorded as it is injected, and each hold and release of the director as it happens;
    // the running state's changes come after them.
    #expect(
      summary == [
        "0 host.started", "0 scene.entered", "30 ad.loaded", "30 banner.shown loaded", "38 viewable.start",
        "60 input.injected", "60 pause.held user", "60 game.paused user", "61 ad.loaded", "61 ad.loaded",
        "90 input.injected",
        "90 banner.clicked", "90 pause.held ad", "90 action.began", "90 viewable.stop covered", "120 input.injected",
        "120 action.finished", "120 pause.released ad", "120 viewable.start", "150 input.injected",
        "150 pause.released user", "150 game.resumed user", "180 input.injected", "180 banner.clicked",
        "180 pause.held ad", "180 game.paused ad", "180 action.began", "180 viewable.stop covered",
        "192 input.injected", "210 input.injected", "210 action.finished", "210 pause.released ad",
        "210 game.resumed ad", "210 viewable.start", "240 input.injected", "240 scene.entered",
        "240 banner.hidden scene", "241 viewable.stop offscreen", "270 input.injected", "270 scene.exited",
        "270 scene.entered", "270 banner.shown scene", "278 viewable.start", "300 input.injected",
        "300 pause.held window", "300 game.paused window", "300 viewable.stop minimized", "330 input.injected",
        "330 pause.released window", "330 game.resumed window", "330 viewable.start", "390 impression",
        "390 ad.revenue",
        "420 host.stopped seconds",
      ])
    #expect(lines[11].contains(#""time":1.500000"#) && lines[11].contains(#""event":"banner.clicked""#))
    // The shipped manifest's full-screen ads preload in the background once the banner's manifest
    // lists them; nothing shows them in this run.
    #expect(lines[8].hasSuffix(#""event":"ad.loaded","id":"starfall-season","format":"interstitial"}"#))
    #expect(lines[9].hasSuffix(#""event":"ad.loaded","id":"bonus-coins","format":"rewarded"}"#))
    let injected = lines.filter { $0.contains(#""event":"input.injected""#) }
    #expect(
      injected.first?.hasSuffix(#""input":"key P"}"#) == true && injected[1].hasSuffix(#""input":"click 480 595"}"#))
  }

  @Test func sameArgumentsAndScriptGiveTheSameTraceByteForByte() throws {
    let runner = try ProgramRunner()
    let script = try runner.write(
      "s.txt",
      // Loads at 0.1 and, after 0.6 s of viewable time, at 0.95: the click lands after the click
      // guard of the second, before its own rotation.
      "1.5 click 480 595\n1.65 key Escape\n1.7 click 480 384\n1.8 wheel -3\n1.9 drag 400 400 400 200\n2.0 key End\n")
    var traces: [Data] = []
    for name in ["a.jsonl", "b.jsonl"] {
      let result = try runner.run(
        Self.headless + [
          "--seconds", "2.5", "--refresh", "0.6", "--ad-latency", "0.1", "--script", script, "--trace",
          runner.path(name),
        ])
      #expect(result.status == 0)
      traces.append(try Data(contentsOf: URL(fileURLWithPath: runner.path(name))))
    }
    #expect(traces[0] == traces[1])
    let events = try runner.traceEvents("a.jsonl")
    #expect(events.filter { $0 == "ad.loaded" }.count == 5, "rotation happened")
    #expect(events.contains("action.began") && events.contains("scene.entered"))
  }

  @Test func screenshotShowsTheMenu() throws {
    let runner = try ProgramRunner()
    let result = try runner.run(
      Self.headless + ["--no-ads", "--frames", "10", "--screenshot", runner.path("menu.png")])
    #expect(result.status == 0, "\(result.stderr)")
    let image = try runner.image("menu.png")
    #expect(image.width == 960 && image.height == 640)
    // Button bodies (left edge of each button, clear of the label) in the button colour.
    let layout = MenuLayout(
      size: Size(width: 960, height: 640), bottomInset: 0, buttonCount: MenuScene.Item.shown(offersPrivacy: false).count
    )
    for frame in layout.buttons {
      let (x, y) = (Int(frame.minX) + 10, Int(frame.minY) + 5)
      #expect(close(image.pixel(x: x, y: y), Theme.button), "button at y \(y): \(image.pixel(x: x, y: y))")
    }
    #expect(close(image.pixel(x: 20, y: 400), Theme.background))
    // The title's white text is somewhere across its band.
    let title = try #require(layout.title)
    let titleRow = (300..<660).map { image.pixel(x: $0, y: Int(title.midY)) }
    #expect(titleRow.contains { $0.red > 200 && $0.green > 200 && $0.blue > 200 }, "title text drawn")
    // The pause button, its icon two bars drawn as shapes (the text colour, the button's between).
    #expect(close(image.pixel(x: 905, y: 16), Theme.button))
    #expect(close(image.pixel(x: 918, y: 32), Theme.text) && close(image.pixel(x: 930, y: 32), Theme.text))
    #expect(close(image.pixel(x: 924, y: 32), Theme.button))
  }

  /// At the smallest window and at a wide, short one, with the banner in: every menu button is
  /// drawn whole in the button colour above the banner, and the wide one's last buttons work.
  @Test(arguments: [(200, 150), (1200, 420)])
  func everyMenuButtonIsDrawnAboveTheBannerAndClickable(width: Int, height: Int) throws {
    let runner = try ProgramRunner()
    let size = Size(width: Double(width), height: Double(height))
    let inset = AdBanner.height(forWidth: size.width)
    let layout = MenuLayout(
      size: size, bottomInset: inset, buttonCount: MenuScene.Item.shown(offersPrivacy: false).count)
    let leaderboard = MenuScene.buttonFrame(.leaderboard, in: size, bottomInset: inset)
    let script = try runner.write("s.txt", "1.5 click \(Int(leaderboard.midX)) \(Int(leaderboard.midY))\n")
    let result = try runner.run(
      Self.headless + [
        "--size", "\(width)x\(height)", "--ad-latency", "0", "--frames", "60", "--screenshot", runner.path("menu.png"),
        "--script", script, "--trace", runner.path("t.jsonl"),
      ])
    #expect(result.status == 0, "\(result.stderr)")
    let image = try runner.image("menu.png")
    #expect(close(image.pixel(x: width / 2, y: height - Int(inset) / 2), Theme.button) == false, "the banner is in")
    for frame in layout.buttons {
      // The four corners, just inside: the button's own colour, nothing over it.
      for (x, y) in [
        (frame.minX + 2, frame.minY + 2), (frame.maxX - 3, frame.minY + 2), (frame.minX + 2, frame.maxY - 3),
        (frame.maxX - 3, frame.maxY - 3),
      ] {
        #expect(close(image.pixel(x: Int(x), y: Int(y)), Theme.button), "\(width)x\(height): \(frame) at (\(x), \(y))")
      }
      #expect(frame.maxY <= size.height - inset)
    }
    let lines = try runner.traceLines("t.jsonl")
    #expect(lines.contains { $0.contains("\"event\":\"banner.shown\"") })
    let run2 = try runner.run(
      Self.headless + [
        "--size", "\(width)x\(height)", "--ad-latency", "0", "--frames", "120", "--script", script, "--trace",
        runner.path("t2.jsonl"),
      ])
    #expect(run2.status == 0)
    #expect(
      try runner.traceLines("t2.jsonl").contains { $0.contains(#""event":"scene.entered","name":"Leaderboard""#) })
  }

  /// A controller's B or Back closes the in-app ad view, as a TV remote's back button must; A does
  /// what Return does.
  @Test(arguments: ["b", "back"])
  func aControllersBackButtonClosesTheAdView(button: String) throws {
    let runner = try ProgramRunner()
    let script = try runner.write("s.txt", "1.5 click 480 595\n2.0 button \(button)\n")
    let result = try runner.run(
      Self.headless + ["--frames", "150", "--script", script, "--trace", runner.path("t.jsonl")])
    #expect(result.status == 0)
    let lines = try runner.traceLines("t.jsonl")
    #expect(lines.contains(#"{"frame":90,"time":1.500000,"event":"game.paused","reason":"ad"}"#))
    #expect(lines.contains { $0.hasPrefix(#"{"frame":120,"time":2.000000,"event":"action.finished""#) }, "\(lines)")
    #expect(lines.contains(#"{"frame":120,"time":2.000000,"event":"game.resumed","reason":"ad"}"#))
  }

  @Test func theMenusQuitEndsTheProgramAndEscapeDoesNot() throws {
    let runner = try ProgramRunner()
    let quit = MenuScene.buttonFrame(.quit, in: Size(width: 960, height: 640), bottomInset: 90)
    let script = try runner.write("s.txt", "0.5 key Escape\n1.0 click \(Int(quit.midX)) \(Int(quit.midY))\n")
    let result = try runner.run(
      Self.headless + ["--frames", "600", "--script", script, "--trace", runner.path("t.jsonl")])
    #expect(result.status == 0)
    let lines = try runner.traceLines("t.jsonl")
    #expect(
      lines.last?.contains(#""event":"host.stopped","reason":"quit","detail":"scene""#) == true, "\(lines.last ?? "")")
    #expect(lines.last?.hasPrefix(#"{"frame":60,"#) == true, "ended in the frame of the click")
  }

  @Test func noBannerPixelsBeforeTheAdLoadsAndBannerPixelsAfter() throws {
    let runner = try ProgramRunner()
    _ = try runner.run(Self.headless + ["--frames", "25", "--screenshot", runner.path("before.png")])
    _ = try runner.run(Self.headless + ["--frames", "60", "--screenshot", runner.path("after.png")])
    let before = try runner.image("before.png")
    let after = try runner.image("after.png")
    let bannerRows = 551..<640  // 90 tall at 960 wide
    // Before the banner the menu has the whole height, and its last button may reach into these
    // rows: only the columns beside the buttons are read.
    let buttons = MenuLayout(
      size: Size(width: 960, height: 640), bottomInset: 0, buttonCount: MenuScene.Item.allCases.count
    ).buttons
    let beside = stride(from: 0, to: 960, by: 37).filter { x in
      !buttons.contains { Double(x) >= $0.minX - 2 && Double(x) <= $0.maxX + 2 }
    }
    let beforeColours = Set(bannerRows.flatMap { y in beside.map { before.pixel(x: $0, y: y) } })
    #expect(
      beforeColours.allSatisfy { close($0, Theme.background) }, "nothing but background: \(beforeColours.count) colours"
    )
    let creativeColours = Set(
      bannerRows.flatMap { y in stride(from: 120, to: 840, by: 37).map { after.pixel(x: $0, y: y) } })
    #expect(creativeColours.count > 20, "the creative is drawn: \(creativeColours.count) colours")
    #expect(!creativeColours.contains { close($0, Theme.background) && $0 == Theme.background })
  }

  @Test func pausedScenePixelsStayIdenticalFromFrameToFrame() throws {
    let runner = try ProgramRunner()
    let script = try runner.write("p.txt", "0.5 key P\n")
    for frames in ["60", "90", "150"] {
      _ = try runner.run(
        Self.headless + [
          "--no-ads", "--frames", frames, "--script", script, "--screenshot", runner.path("p\(frames).png"),
        ])
      _ = try runner.run(
        Self.headless + ["--no-ads", "--frames", frames, "--screenshot", runner.path("r\(frames).png")])
    }
    let paused = try ["60", "90", "150"].map { try runner.image("p\($0).png") }
    #expect(paused[0].samePixels(as: paused[1]))
    #expect(paused[1].samePixels(as: paused[2]))
    let running = try ["60", "90"].map { try runner.image("r\($0).png") }
    #expect(!running[0].samePixels(as: running[1]), "a running menu moves: the comparison can fail")
  }

  @Test(arguments: ["Menu", "Leaderboard"])
  func aHeldFrameLooksExactlyLikeTheLastRunningFrame(scene: String) throws {
    // Running, the scene is drawn straight to the window; held (here by minimising), it is drawn
    // once into the kept layer, which is then shown: both must give the same pixels.
    let runner = try ProgramRunner()
    let enter = scene == "Leaderboard" ? "0.5 click 480 450\n0.7 wheel -2\n" : ""
    let running = try runner.write("r.txt", enter)
    let held = try runner.write("h.txt", enter + "1.0 minimize\n")
    _ = try runner.run(
      Self.headless + ["--frames", "60", "--script", running, "--screenshot", runner.path("running.png")])
    _ = try runner.run(Self.headless + ["--frames", "90", "--script", held, "--screenshot", runner.path("held.png")])
    let last = try runner.image("running.png")
    let kept = try runner.image("held.png")
    #expect(kept.samePixels(as: last), "the held frame differs from the last running one")
    if scene == "Menu" {  // its squares orbit: one more running frame differs, so the check can fail
      _ = try runner.run(
        Self.headless + ["--frames", "61", "--script", running, "--screenshot", runner.path("next.png")])
      #expect(!(try runner.image("next.png")).samePixels(as: last))
    }
  }

  @Test func clickingTheBannerOpensTheAdViewAndStopsTheDirector() throws {
    let runner = try ProgramRunner()
    let script = try runner.write("s.txt", "1.3 click 480 595\n")  // shown at 0.75, clickable from 1.25
    let result = try runner.run(
      Self.headless + [
        "--seconds", "1.8", "--script", script, "--trace", runner.path("t.jsonl"), "--screenshot",
        runner.path("ad.png"),
      ])
    #expect(result.status == 0)
    let lines = try runner.traceLines("t.jsonl")
    #expect(lines.contains { $0.contains(#""event":"game.paused","reason":"ad""#) })
    #expect(lines.contains { $0.contains(#""event":"action.began","id":"starfall","willLeave":false"#) })
    let image = try runner.image("ad.png")
    #expect(close(image.pixel(x: 10, y: 300), Color(hex: 0x0B0F1A)), "the ad view covers the window")
    #expect(close(image.pixel(x: 835, y: 20), Theme.button), "its Close button")
    let frame = AdView.imageFrame(in: Size(width: 960, height: 640), imageSize: Size(width: 1456, height: 180))
    #expect(frame.width == 728 && frame.height == 90, "the creative at its own size")
    let creative = Set(
      stride(from: Int(frame.minY) + 2, to: Int(frame.maxY) - 2, by: 7).flatMap { y in
        stride(from: Int(frame.minX) + 2, to: Int(frame.maxX) - 2, by: 23).map { image.pixel(x: $0, y: y) }
      })
    #expect(creative.count > 10, "the creative is drawn")
    #expect(close(image.pixel(x: Int(frame.minX) - 10, y: Int(frame.midY)), Color(hex: 0x0B0F1A)), "and no wider")
  }

  @Test func openURLAdIsTracedHeadlessAndPausesNothing() throws {
    let runner = try ProgramRunner()
    // Rotation after every 0.8 s of viewable time (viewable from 0.133 s): starfall, tidewater, then
    // blockworks (open-url) from 1.73 s, clickable after the 0.5 s click guard.
    let script = try runner.write("s.txt", "2.4 click 480 595\n")
    let result = try runner.run(
      Self.headless + [
        "--refresh", "0.8", "--ad-latency", "0", "--seconds", "2.5", "--script", script, "--trace",
        runner.path("t.jsonl"),
      ])
    #expect(result.status == 0)
    let lines = try runner.traceLines("t.jsonl")
    #expect(lines.contains { $0.contains(#""event":"action.began","id":"blockworks","willLeave":true"#) })
    // Headless, nothing is opened, and the trace says so.
    #expect(
      lines.contains { $0.contains(#""event":"url.opened","url":"https://example.com/blockworks","headless":true}"#) })
    #expect(!lines.contains { $0.contains("game.paused") })
  }

  @Test func idleRealClockHostWakesForTheNextScriptedEvent() throws {
    let runner = try ProgramRunner()
    let script = try runner.write("s.txt", "0.3 key P\n1.3 key P\n")
    let result = try runner.run([
      "--headless", "--no-ads", "--seconds", "2", "--script", script, "--trace", runner.path("t.jsonl"),
    ])
    #expect(result.status == 0)
    let resumed = try runner.traceLines("t.jsonl").first { $0.contains("game.resumed") }
    let time = resumed.flatMap { line in
      line.range(of: "\"time\":").map { Double(line[$0.upperBound...].prefix { $0 != "," }) ?? -1 }
    }
    #expect(time != nil && time! >= 1.3 && time! < 2.5, "resumed at \(time ?? -1) s, asked for 1.3 s")
  }

  @Test func failureHidesTheBanner() throws {
    let runner = try ProgramRunner()
    let result = try runner.run(
      Self.headless + [
        "--fail-ads", "--frames", "90", "--trace", runner.path("t.jsonl"), "--screenshot", runner.path("f.png"),
      ])
    #expect(result.status == 0)
    #expect(try runner.traceEvents("t.jsonl").contains("ad.failed"))
    #expect(!(try runner.traceEvents("t.jsonl").contains("banner.shown")))
    let image = try runner.image("f.png")
    #expect(close(image.pixel(x: 480, y: 620), Theme.background))
  }

  @Test func pauseThenAdKeepsTheDirectorPaused() throws {
    let runner = try ProgramRunner()
    let script = try runner.write("s.txt", "1.0 key P\n1.5 click 480 595\n2.0 key Escape\n")
    _ = try runner.run(Self.headless + ["--seconds", "3", "--script", script, "--trace", runner.path("t.jsonl")])
    let lines = try runner.traceLines("t.jsonl")
    #expect(lines.contains { $0.contains("action.finished") })
    #expect(!lines.contains { $0.contains("game.resumed") }, "the user's pause outlives the ad")
  }

  @Test(
    arguments: [
      ("malformed", "malformed ad manifest"),
      ("missing", "cannot read ad manifest"),
      ("outside", "leaves the manifest's folder"),
      ("missing-image", "does not exist"),
      ("corrupt", "cannot be decoded"),
      ("bad-url", "is not an http or https URL"),
    ])
  func badManifestsMeanNoBannerNeverACrash(kind: String, message: String) throws {
    let runner = try ProgramRunner()
    let folder = runner.folder.appendingPathComponent("ads")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    try FileManager.default.copyItem(
      at: ProgramRunner.root.appendingPathComponent("Assets/ads/starfall.png"),
      to: folder.appendingPathComponent("good.png"))
    try Data("not a png".utf8).write(to: folder.appendingPathComponent("corrupt.png"))
    try Data(FileManager.default.contents(atPath: "/etc/hostname") ?? Data()).write(
      to: runner.folder.appendingPathComponent("outside.png"))
    let entry: String
    switch kind {
    case "malformed": entry = #"{ "ads": [ { "id": "x" "#
    case "outside":
      entry = #"{ "ads": [ { "id": "x", "image": "../outside.png", "title": "t", "action": "in-app" } ] }"#
    case "missing-image":
      entry = #"{ "ads": [ { "id": "x", "image": "gone.png", "title": "t", "action": "in-app" } ] }"#
    case "corrupt": entry = #"{ "ads": [ { "id": "x", "image": "corrupt.png", "title": "t", "action": "in-app" } ] }"#
    case "bad-url":
      entry =
        #"{ "ads": [ { "id": "x", "image": "good.png", "title": "t", "action": "open-url", "url": "file:///etc/passwd" } ] }"#
    default: entry = ""
    }
    let manifest = folder.appendingPathComponent("manifest.json").path
    if kind != "missing" { try Data(entry.utf8).write(to: URL(fileURLWithPath: manifest)) }
    // No banner comes, so the menu keeps the whole height: its Play button is where that layout puts it.
    let play = MenuScene.buttonFrame(.play, in: Size(width: 960, height: 640))
    let script = try runner.write("s.txt", "1.0 click 100 595\n1.2 click \(Int(play.midX)) \(Int(play.midY))\n")
    let result = try runner.run(
      Self.headless + [
        "--ads", manifest, "--seconds", "1.5", "--script", script, "--trace", runner.path("t.jsonl"), "--screenshot",
        runner.path("s.png"),
      ])
    #expect(result.status == 0, "\(result.stderr)")
    let lines = try runner.traceLines("t.jsonl")
    let failure = lines.first { $0.contains("ad.failed") }
    #expect(failure?.contains(message) == true, "\(failure ?? "no ad.failed")")
    #expect(!lines.contains { $0.contains("banner.shown") || $0.contains("banner.clicked") })
    #expect(lines.contains { $0.contains(#""name":"Play""#) }, "the game went on")
  }

  @Test func leaderboardLastRowScrollsFullyAboveTheBanner() throws {
    let runner = try ProgramRunner()
    let script = try runner.write("s.txt", "1.0 click 480 450\n1.2 key End\n")
    _ = try runner.run(Self.headless + ["--seconds", "1.5", "--script", script, "--screenshot", runner.path("l.png")])
    let image = try runner.image("l.png")
    // 60 rows of 44: at the end, row 60 (odd index, alternate colour) spans y 502..<542, above the banner at 550.
    #expect(close(image.pixel(x: 30, y: 505), Theme.panelAlternate), "\(image.pixel(x: 30, y: 505))")
    #expect(close(image.pixel(x: 30, y: 539), Theme.panelAlternate))
    #expect(!close(image.pixel(x: 30, y: 600), Theme.panelAlternate), "the banner is below it")
  }

  @Test func resizeFollowsTheLayoutAndClicksStillHit() throws {
    let runner = try ProgramRunner()
    let script = try runner.write("s.txt", "0.2 resize 640 480\n0.5 click 320 180\n")
    _ = try runner.run(
      Self.headless + [
        "--no-ads", "--seconds", "1", "--script", script, "--trace", runner.path("t.jsonl"), "--screenshot",
        runner.path("r.png"),
      ])
    let image = try runner.image("r.png")
    #expect(image.width == 640 && image.height == 480)
    #expect(
      try runner.traceLines("t.jsonl").contains { $0.contains(#""name":"Play""#) }, "Play sits at y 172..224 at 640x480"
    )
  }

  @Test(arguments: [("TERM", "SIGTERM"), ("INT", "SIGINT"), ("HUP", "SIGHUP")])
  func signalsEndTheProgramCleanlyWithACompleteTrace(signal: String, name: String) throws {
    let runner = try ProgramRunner()
    let program = try runner.start(["--headless", "--trace", runner.path("t.jsonl")])
    let deadline = Date().addingTimeInterval(20)
    while Date() < deadline {
      if let lines = try? runner.traceLines("t.jsonl"), lines.contains(where: { $0.contains("scene.entered") }) {
        break
      }
      Thread.sleep(forTimeInterval: 0.05)
    }
    kill(program.process.processIdentifier, ["TERM": SIGTERM, "INT": SIGINT, "HUP": SIGHUP][signal]!)
    let result = runner.finish(program)
    #expect(result.status == 0, "\(result.stderr)")
    let last = try runner.traceLines("t.jsonl").last ?? ""
    #expect(last.contains(#""event":"host.stopped","reason":"signal","detail":"\#(name)""#), "\(last)")
  }
}

/// The banner follows the demo's scenes: Play keeps it away, the menus bring it back.
@Suite("Banner placement, end to end")
struct BannerPlacementEndToEndTests {
  @Test func menuPlayBackCreditsBackHidesAndShowsTheBannerAtTheSceneChanges() throws {
    let runner = try ProgramRunner()
    let script = try runner.write("s.txt", "1.0 click 480 186\n1.5 key Escape\n2.0 click 480 384\n2.5 key Escape\n")
    let result = try runner.run(
      EndToEndTests.headless + ["--seconds", "3", "--script", script, "--trace", runner.path("t.jsonl")])
    #expect(result.status == 0, "\(result.stderr)")
    let summary = try runner.traceSummary("t.jsonl", fields: ["name", "reason"]) { event, _ in
      event.hasPrefix("scene.") || event.hasPrefix("banner.") || event.hasPrefix("game.")
    }
    #expect(
      summary == [
        "0 scene.entered Menu", "30 banner.shown loaded", "60 scene.entered Play", "60 banner.hidden scene",
        "90 scene.exited Play", "90 scene.entered Menu", "90 banner.shown scene", "120 scene.entered Credits",
        "150 scene.exited Credits", "150 scene.entered Menu",
      ])
  }

  @Test func playHasNoBannerPixelsWhereTheMenuHasThem() throws {
    let runner = try ProgramRunner()
    // Play is where each run's menu puts it: above the banner, or lower without one.
    let size = Size(width: 960, height: 640)
    for (name, ads) in [("ads.png", [String]()), ("none.png", ["--no-ads"])] {
      let play = MenuScene.buttonFrame(.play, in: size, bottomInset: ads.isEmpty ? AdBanner.height(forWidth: 960) : 0)
      let script = try runner.write("\(name).txt", "1.0 click \(Int(play.midX)) \(Int(play.midY))\n")
      let result = try runner.run(
        EndToEndTests.headless + ads + ["--frames", "90", "--script", script, "--screenshot", runner.path(name)])
      #expect(result.status == 0)
    }
    // In Play the bottom band is exactly what the game draws without any ad overlay.
    let withAds = try runner.image("ads.png")
    let withoutAds = try runner.image("none.png")
    #expect(withAds.samePixels(as: withoutAds, rows: 540..<640))
    // In the menu it is not: the banner is there.
    _ = try runner.run(EndToEndTests.headless + ["--frames", "90", "--screenshot", runner.path("menu.png")])
    _ = try runner.run(
      EndToEndTests.headless + ["--no-ads", "--frames", "90", "--screenshot", runner.path("bare.png")])
    #expect(!(try runner.image("menu.png")).samePixels(as: try runner.image("bare.png"), rows: 551..<640))
  }
}
