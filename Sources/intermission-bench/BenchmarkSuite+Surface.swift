import Foundation
import IntermissionAds
import IntermissionCore
import IntermissionOverlay
import IntermissionSDL
import IntermissionSurface

/// The overlay on pixels for any engine: what it uploads, and what a frame costs.
extension BenchmarkSuite {
  // MARK: - 16. Pixels for any engine

  /// Pixels a game would upload per second from a 960×640 surface at 60 frames a second, on the
  /// fixed step: with the banner shown and still (after its first upload), and while a rewarded
  /// picture ad's countdown runs (from a second after its show, for ten seconds), as a share of
  /// the surface.
  func surfaceUploads() throws -> (stillBanner: Double, countdownShare: Double) {
    let (manifest, folder) = try quickFullscreenManifest(rewardAfter: 30)
    defer { try? FileManager.default.removeItem(at: folder) }
    let pixels = try PixelCanvas(width: 960, height: 640, scale: 1, fontPath: fontPath)
    var configuration = AdOverlay.Configuration()
    configuration.latency = 0
    configuration.refreshInterval = 1e9
    configuration.waitsForDueLoads = true
    let overlay = AdOverlay(
      pauseTarget: PauseGate(), loader: AdLoader(manifestPath: manifest, decoder: SDLImageDecoder()),
      configuration: configuration, trace: Trace(output: nil), urlOpener: NoURLOpener())
    var time = 0.0
    /// Pixels uploaded over `frames` frames.
    func uploaded(_ frames: Int) -> Int {
      var total = 0
      for _ in 0..<frames {
        overlay.update(hostTime: time)
        overlay.draw(on: pixels)
        let dirty = pixels.takeFrame().dirty
        total += dirty.isEmpty ? 0 : dirty.width * dirty.height
        time += 1.0 / 60
      }
      return total
    }
    _ = uploaded(180)
    guard overlay.banner.isClickable else { throw BenchmarkError(message: "the banner should be shown") }
    let seconds = quick ? 3 : 10
    let still = Double(uploaded(seconds * 60)) / Double(seconds)
    guard overlay.fullscreen.isReady(.rewarded), overlay.fullscreen.showRewarded(placement: "benchmark") == nil else {
      throw BenchmarkError(message: "the rewarded picture ad did not show")
    }
    _ = uploaded(60)
    let countdown = Double(uploaded(seconds * 60)) / Double(seconds) / Double(960 * 640)
    overlay.stopWorkers()
    return (still, countdown)
  }

  /// Nanoseconds per frame of the overlay's update and draw with the banner shown: into a
  /// 960×640 surface (the frame taken, as a game takes it), and on SDL's software renderer in an
  /// offscreen window (row 10's Swift path). Medians over alternating rounds, and the median of the
  /// rounds' ratios (surface / renderer); and the surface's frame when it does draw.
  func surfaceCostPerFrame() throws -> (surface: Double, renderer: Double, ratio: Double, drawn: Double) {
    try withOffscreenRenderer { window, renderer in
      let canvas = try SDLCanvas(borrowingWindow: window, renderer: renderer, fontPath: fontPath)
      let onRenderer = makeSteadyOverlay(pauseTarget: PauseGate())
      var rendererTime = 0.0
      func rendererFrame() {
        onRenderer.update(hostTime: rendererTime)
        onRenderer.draw(on: canvas)
        rendererTime += 1.0 / 60
      }
      let pixels = try PixelCanvas(width: 960, height: 640, scale: 1, fontPath: fontPath)
      let onSurface = makeSteadyOverlay(pauseTarget: PauseGate())
      var surfaceTime = 0.0
      func surfaceFrame() {
        onSurface.update(hostTime: surfaceTime)
        onSurface.draw(on: pixels)
        _ = pixels.takeFrame()
        surfaceTime += 1.0 / 60
      }
      for _ in 0..<120 {
        rendererFrame()
        surfaceFrame()
      }
      guard onRenderer.banner.isClickable, onSurface.banner.isClickable else {
        throw BenchmarkError(message: "the banner should be shown before measuring")
      }
      var surface: [Double] = []
      var onWindow: [Double] = []
      var ratios: [Double] = []
      for round in 0..<(quick ? 9 : 31) {
        let first = round.isMultiple(of: 2)
        let a = first ? nanoseconds(300, surfaceFrame) : nanoseconds(300, rendererFrame)
        let b = first ? nanoseconds(300, rendererFrame) : nanoseconds(300, surfaceFrame)
        let (s, r) = first ? (a, b) : (b, a)
        surface.append(s)
        onWindow.append(r)
        ratios.append(s / r)
      }
      // A frame that draws whatever the overlay shows (as the slide-in, a video or a countdown do):
      // cleared, drawn, read back and compared, the overlay's own test of change bypassed.
      func drawnFrame() {
        onSurface.update(hostTime: surfaceTime)
        pixels.drawFrame { onSurface.draw(on: $0) }
        _ = pixels.takeFrame()
        surfaceTime += 1.0 / 60
      }
      let drawn = (0..<(quick ? 5 : 15)).map { _ in nanoseconds(300, drawnFrame) }
      return (
        Statistics.median(surface), Statistics.median(onWindow), Statistics.median(ratios), Statistics.median(drawn)
      )
    }
  }

  /// Nanoseconds per call of `frame` over `count` calls.
  private func nanoseconds(_ count: Int, _ frame: () -> Void) -> Double {
    let start = MonotonicClock.readSeconds()
    for _ in 0..<count { frame() }
    return (MonotonicClock.readSeconds() - start) / Double(count) * 1e9
  }
}
