import Dispatch
import Foundation
import IntermissionAds
import IntermissionCore
import IntermissionHost
import IntermissionOverlay
import IntermissionSDL
import IntermissionTestSupport
import MenuGame
import Testing

/// Text laid out off the loop: what a rehearsal prepares on another thread is what the canvas then
/// draws, pixel for pixel, without rasterising it on the loop; and the overlay rehearses each ad it
/// loads, and its own words, before the frame that shows them.
@Suite("Text laid out off the loop", .serialized, .sdlSession)
struct TextPreparationTests {
  static let title = "スターフォール・タクティクスで夜空を指揮しよう、今すぐ無料で遊べます"
  static let description =
    "Command the night sky across thirty missions, then take your fleet online against friends."

  /// Draws the title cut to a narrow band, and the description wrapped, as the ad view does.
  static func draw(on canvas: any Canvas) {
    canvas.drawText(
      title, style: .heading, color: Color(hex: 0xFFFFFF), in: Rect(x: 10, y: 10, width: 220, height: 36),
      alignment: .leading, language: "ja", truncating: true)
    let lines = canvas.wrapText(description, style: .body, width: 300, maxLines: 3, language: "en")
    for (index, line) in lines.enumerated() {
      canvas.drawText(
        line, style: .body, color: Color(hex: 0xFFFFFF),
        in: Rect(x: 10, y: 60 + Double(index) * 24, width: 300, height: 24), alignment: .leading, language: "en",
        truncating: true)
    }
  }

  static func pixels(of canvas: SDLCanvas) throws -> [UInt32] {
    let surface = try canvas.readPixels()
    var pixels: [UInt32] = []
    for y in 0..<surface.height {
      for x in 0..<surface.width {
        let pixel = surface.pixel(x: x, y: y)
        pixels.append(UInt32(pixel.red) << 16 | UInt32(pixel.green) << 8 | UInt32(pixel.blue))
      }
    }
    return pixels
  }

  @Test func aRehearsalOnAnotherThreadPreparesExactlyWhatTheCanvasDraws() throws {
    let stack = try BackendFixtures.Stack(width: 480, height: 200)
    let canvas = stack.canvas
    // Drawn on the loop alone first: the reference.
    canvas.clear(Color(hex: 0x000000))
    Self.draw(on: canvas)
    let reference = try Self.pixels(of: canvas)
    #expect(canvas.wasPrepared(Self.title) == false)

    // The same drawing rehearsed on a worker, after the canvas forgot all its text.
    try canvas.relayText()
    let preparer = try #require(canvas.textPreparer)
    let size = canvas.size
    let done = DispatchSemaphore(value: 0)
    DispatchQueue.global().async {
      Self.draw(on: preparer.rehearsalCanvas(size: size))
      done.signal()
    }
    done.wait()
    let before = canvas.textRasterisation
    #expect(before.prepared == 5, "the title, its cut and the description's 3 lines: \(before.prepared)")

    canvas.clear(Color(hex: 0x000000))
    Self.draw(on: canvas)
    let after = canvas.textRasterisation
    #expect(after.onLoop == before.onLoop, "\(after.onLoop - before.onLoop) lines rasterised on the loop")
    #expect(canvas.wasPrepared(Self.title) == true)
    let cut = canvas.wrapText(Self.description, style: .body, width: 300, maxLines: 3, language: "en")
    #expect(
      cut == ["Command the night sky across", "thirty missions, then take your", "fleet online against friends."])
    for line in cut { #expect(canvas.wasPrepared(line) == true, "\(line)") }
    #expect(try Self.pixels(of: canvas) == reference, "the prepared text draws as the canvas's own does")
  }

  @Test func theOverlayPreparesEachAdsTextAndItsOwnWordsBeforeItShowsThem() throws {
    var options = BackendFixtures.headlessOptions(frames: 1080)
    options.noAudio = true
    options.language = "ja"
    // The banner's in-app view and back, then the Bonus screen and "Watch an ad for 50 coins"
    // (docs/bonus-script.txt), whose 10 s video plays to its end (18 s in all).
    let script = try ReplayScript.parse(
      "2.0 click 480 595\n3.0 key Escape\n4.0 click 480 252\n6.0 key Return\n", file: "view and bonus")
    let host = try Host(
      configuration: options, script: script, fontPath: BackendFixtures.font, trace: Trace(output: nil),
      adManifest: ShippedManifest.path, audioFolder: nil, firstScene: { MenuScene(settings: GameSettings()) })
    var titles: Set<String> = []  // the titles of the in-app views opened
    host.frameObserver = { _, _ in
      if let ad = host.adOverlay?.activeAction, host.adOverlay?.isAdViewOpen == true { titles.insert(ad.title) }
    }
    try host.run()
    host.frameObserver = nil  // the observer holds the host
    let overlay = try #require(host.adOverlay)
    #expect(overlay.waitForTextPreparation(timeout: 10))
    let strings = overlay.strings
    #expect(strings.language == "ja")

    // The banner ad's title, drawn in its view, was laid out on its loader's worker.
    let title = try #require(titles.first, "the banner's in-app view should have opened")
    #expect(host.canvas.wasPrepared(title) == true, "the banner ad's title \(title)")
    // So was each second of the rewarded ad's countdown, and the views' own words.
    let seconds = (0...60).filter { host.canvas.wasPrepared(strings.rewardIn(seconds: $0)) != nil }
    #expect(seconds == Array(1...10), "the 10 s video's countdown, from 10 s to 1 s: \(seconds)")
    for second in seconds {
      #expect(
        host.canvas.wasPrepared(strings.rewardIn(seconds: second)) == true, "\(strings.rewardIn(seconds: second))")
    }
    for key in [AdStrings.Key.close, .advertisement, .adLabel, .mute] {
      #expect(host.canvas.wasPrepared(strings.text(key)) == true, "\(key): \(strings.text(key))")
    }
  }
}
