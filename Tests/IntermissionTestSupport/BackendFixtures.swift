import IntermissionHost
import IntermissionSDL
import IntermissionText

/// What the in-process tests of the SDL backend and of the host share: a font, the build's
/// optimisation, a headless host's options, and a headless SDL stack.
package enum BackendFixtures {
  /// A font every test machine has (fonts-dejavu-core).
  package static let font = "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"

  #if DEBUG
    package static let isOptimized = false
  #else
    package static let isOptimized = true
  #endif

  /// A headless, fixed-step run of `frames` frames, its ads delivered without latency.
  package static func headlessOptions(frames: Int) -> HostConfiguration {
    var options = HostConfiguration()
    options.headless = true
    options.fixedStep = true
    options.adLatency = 0
    options.frames = frames
    // No beacon queue unless a test names one: the default, under the developer's $XDG_DATA_HOME,
    // may hold reports of real runs, which a test would send.
    options.noBeacons = true
    return options
  }

  /// A headless SDL window with its software canvas and event pump.
  package struct Stack {
    package let system: SDLSystem
    package let window: Window
    package let canvas: SDLCanvas
    package let pump: EventPump

    package init(
      width: Int = 320, height: Int = 240, fontPaths: [String] = [BackendFixtures.font],
      fontLookup: FontLookup? = FontLookup.system
    ) throws {
      system = try SDLSystem(headless: true)
      window = try Window(system: system, title: "test", width: width, height: height, hidden: false)
      canvas = try SDLCanvas(
        window: window, renderer: try Renderer(window: window, software: true), fontPaths: fontPaths,
        fontLookup: fontLookup)
      pump = try EventPump(window: window, headless: true)
      pump.discardSetupWindowEvents()
    }
  }
}

/// The levels the audio tests judge samples by.
package enum AudioLevels {
  /// The loudest a silent buffer may be: 1/1000 of full scale.
  package static let silence = 32
  /// The buffers at the end of a capture, written as the program quits, that are not compared.
  package static let closingBuffers = 2
}
