import CIntermission
import IntermissionAds
import IntermissionC
import IntermissionCore
import IntermissionSDL

/// The C API's cost against the Swift API's, in one process, on one headless renderer.
extension BenchmarkSuite {
  // MARK: - 10. The C path against the Swift path

  /// Nanoseconds per frame of the overlay's update and draw, banner shown, on SDL's software
  /// renderer offscreen: through the C functions of intermission.h (a C game's path: handle lookup,
  /// thread check, the renderer's state kept), and through `AdOverlay` directly (a Swift game's).
  /// Medians over alternating rounds, and the median of the rounds' ratios (Swift cost / C cost);
  /// allocations per frame of the C path.
  func cAPICostPerFrame() throws -> (c: Double, swift: Double, ratio: Double, cAllocationsPerFrame: Double) {
    try withOffscreenRenderer { window, renderer in

      // The C path, as a C game calls it.
      var config = intermission_config()
      intermission_config_init_size(&config, MemoryLayout<intermission_config>.size)
      config.latency = 0
      config.refresh_interval = 86400
      config.deterministic = 1
      var error = [CChar](repeating: 0, count: 256)
      let handle = bannerManifestPath.withCString { path in
        config.manifest_path = path
        return fontPath.withCString { font in
          config.font_path = font
          return intermission_create(renderer, &config, &error, error.count)
        }
      }
      guard let handle else { throw BenchmarkError(message: "intermission_create failed") }
      defer { intermission_destroy(handle) }
      var cTime = 0.0
      func cFrame() {
        intermission_update(handle, cTime)
        intermission_draw(handle)
        cTime += 1.0 / 60
      }

      // The Swift path, as a Swift game calls it.
      let gate = PauseGate()
      let canvas = try SDLCanvas(borrowingWindow: window, renderer: renderer, fontPath: fontPath)
      let overlay = makeSteadyOverlay(pauseTarget: gate)
      var swiftTime = 0.0
      func swiftFrame() {
        overlay.update(hostTime: swiftTime)
        overlay.draw(on: canvas)
        swiftTime += 1.0 / 60
      }

      for _ in 0..<120 {
        cFrame()
        swiftFrame()
      }
      guard intermission_banner_visible(handle) == 1, overlay.banner.isClickable else {
        throw BenchmarkError(message: "the banner should be shown before measuring")
      }
      // Short rounds, alternating which path goes first, and the median of the rounds' ratios: the
      // machine's drift (another process, the CPU's clock) falls on both paths alike.
      let frames = 300
      var c: [Double] = []
      var swift: [Double] = []
      var ratios: [Double] = []
      for round in 0..<(quick ? 9 : 31) {
        let first = round.isMultiple(of: 2)
        let a = first ? time(frames, cFrame) : time(frames, swiftFrame)
        let b = first ? time(frames, swiftFrame) : time(frames, cFrame)
        let (cTime, swiftTime) = first ? (a, b) : (b, a)
        c.append(cTime)
        swift.append(swiftTime)
        ratios.append(swiftTime / cTime)
      }
      let allocations = allocationsPerCall(cFrame, count: 1000)
      return (Statistics.median(c), Statistics.median(swift), Statistics.median(ratios), allocations)
    }
  }

  /// Runs `body` with an offscreen 960×640 SDL window and its software renderer, torn down after.
  func withOffscreenRenderer<Result>(_ body: (OpaquePointer, OpaquePointer) throws -> Result) throws -> Result {
    SDL_SetHint(SDL_HINT_VIDEODRIVER, "offscreen")
    SDL_SetHint(SDL_HINT_RENDER_DRIVER, "software")
    SDL_SetHint(SDL_HINT_FRAMEBUFFER_ACCELERATION, "0")
    guard SDL_Init(UInt32(SDL_INIT_VIDEO)) == 0 else { throw BenchmarkError(message: "SDL_Init failed") }
    defer { SDLSession.quit() }
    guard let window = SDL_CreateWindow("bench", 0, 0, 960, 640, 0) else {
      throw BenchmarkError(message: "SDL_CreateWindow failed")
    }
    defer { SDL_DestroyWindow(window) }
    guard let renderer = SDL_CreateRenderer(window, -1, SDL_RENDERER_SOFTWARE.rawValue) else {
      throw BenchmarkError(message: "SDL_CreateRenderer failed")
    }
    defer { SDL_DestroyRenderer(renderer) }
    return try body(window, renderer)
  }

  /// Nanoseconds per call of `frame` over `count` calls.
  private func time(_ count: Int, _ frame: () -> Void) -> Double {
    let start = MonotonicClock.readSeconds()
    for _ in 0..<count { frame() }
    return (MonotonicClock.readSeconds() - start) / Double(count) * 1e9
  }
}
