import IntermissionHost
import IntermissionTestSupport
import Testing

@Suite("HostConfiguration")
struct OptionsTests {
  @Test func parsesEveryOption() throws {
    let options = try HostConfiguration.parse([
      "--headless", "--size", "800x600", "--fps=30", "--frames", "10", "--seconds", "2.5", "--fixed-step",
      "--script", "s.txt", "--trace=t.jsonl", "--screenshot", "out.png", "--ads", "m.json", "--ad-latency", "0",
      "--fail-ads", "--refresh", "5", "--font", "f.ttf",
    ])
    #expect(options.headless && options.fixedStep && options.failAds)
    #expect(options.width == 800 && options.height == 600)
    #expect(options.fps == 30 && options.frames == 10 && options.seconds == 2.5)
    #expect(options.scriptPath == "s.txt" && options.tracePath == "t.jsonl" && options.screenshotPath == "out.png")
    #expect(
      options.adsPath == "m.json" && options.adLatency == 0 && options.refresh == 5 && options.fontPath == "f.ttf")
  }

  @Test func defaults() throws {
    let options = try HostConfiguration.parse([])
    #expect(!options.headless && options.width == 960 && options.height == 640 && options.fps == 60)
    #expect(options.adLatency == 0.5 && options.refresh == 30 && options.frames == nil && !options.noAds)
    #expect(options.beaconsPath == nil && !options.noBeacons)
    #expect(options.overlayDrawing == .renderer)
  }

  @Test func theOverlayIsDrawnOnTheRendererOrIntoPixels() throws {
    #expect(try HostConfiguration.parse(["--overlay", "surface"]).overlayDrawing == .surface)
    #expect(try HostConfiguration.parse(["--overlay=renderer"]).overlayDrawing == .renderer)
  }

  @Test func beaconsCanBeTurnedOff() throws {
    #expect(try HostConfiguration.parse(["--no-beacons"]).noBeacons)
    #expect(try HostConfiguration.parse(["--beacons", "b.sqlite"]).beaconsPath == "b.sqlite")
    let both = try HostConfiguration.parse(["--no-ads", "--no-beacons"])
    #expect(both.noAds && both.noBeacons, "no ads and no queue say the same twice: accepted")
  }

  @Test(
    arguments: [
      (["--size", "10x10"], "--size expects WxH"),
      (["--size", "800"], "--size expects WxH"),
      (["--size", "800x-1"], "--size expects WxH"),
      (["--fps", "abc"], "--fps expects a number from 1 to 1000, got 'abc'"),
      (["--fps", "0"], "--fps expects a number"),
      (["--frames", "1.5"], "--frames expects a whole number"),
      (["--frames"], "--frames needs a value"),
      (["--bogus"], "unknown option '--bogus'"),
      (["stray"], "unexpected argument 'stray'"),
      (["--headless=yes"], "--headless takes no value"),
      (["--trace", ""], "--trace needs a non-empty value"),
      (["--no-ads", "--fail-ads"], "--no-ads cannot be combined with --fail-ads"),
      (["--no-beacons", "--beacons", "b.sqlite"], "--no-beacons cannot be combined with --beacons"),
      (["--no-beacons=1"], "--no-beacons takes no value"),
      (["--ad-latency", "-1"], "--ad-latency expects a number from 0"),
      (["--overlay", "opengl"], "--overlay expects renderer or surface, got 'opengl'"),
      (["--overlay"], "--overlay needs a value"),
      (["--no-ads", "--overlay", "surface"], "--no-ads cannot be combined with --overlay"),
    ])
  func rejectsBadArgumentsWithAClearMessage(arguments: [String], message: String) {
    #expect {
      try HostConfiguration.parse(arguments)
    } throws: { error in
      "\(error)".contains(message)
    }
  }

  @Test func usageListsEveryOption() {
    for option in [
      "--headless", "--size", "--fps", "--frames", "--seconds", "--fixed-step", "--script", "--trace", "--screenshot",
      "--ads", "--ad-latency", "--fail-ads", "--no-ads", "--refresh", "--font", "--beacons", "--no-beacons",
      "--overlay",
    ] {
      #expect(HostConfiguration.usage.contains(option), "\(option) missing from --help")
    }
  }
}
