// swift-tools-version: 6.0
import PackageDescription

let package = Package(
  name: "Intermission",
  products: [
    .executable(name: "intermission", targets: ["intermission"]),
    .executable(name: "intermission-bench", targets: ["intermission-bench"]),
    // A trace as a timeline picture (SVG) or a Perfetto trace (JSON).
    .executable(name: "intermission-trace", targets: ["intermission-trace"]),
    // What a Swift game depends on: `import Intermission` brings SDL's C API, the SDL backend, the
    // ad overlay, the ads, and the core.
    .library(name: "Intermission", targets: ["Intermission"]),
    // The host for a game of scenes: the game's own executable gets Intermission's command line.
    .library(name: "IntermissionHost", targets: ["IntermissionHost"]),
    // Headless, deterministic, in-process runs of a game, for its own tests of pause and resume.
    .library(name: "IntermissionTesting", targets: ["IntermissionTesting"]),
    // The C API: libintermission.so with intermission.h, for C and C++ games (scripts/install-lib).
    // (The product's file is libintermission-c.so; the executable has the name intermission.)
    .library(name: "intermission-c", type: .dynamic, targets: ["IntermissionC"]),
  ],
  targets: [
    // SDL2, SDL2_ttf and SDL2_image through C interop (SDL2_mixer comes through CSDLMixer). No
    // pkg-config: the headers are included as <SDL2/...> from the system's include path and the
    // module map names the libraries, so no build passes SDL's -D_REENTRANT (a flag SwiftPM
    // refuses). Only IntermissionSDL imports it.
    .systemLibrary(
      name: "CSDL2",
      providers: [.apt(["libsdl2-dev", "libsdl2-ttf-dev", "libsdl2-image-dev", "libsdl2-mixer-dev"])]
    ),
    // libcurl for ads and beacons over HTTP(S), and SQLite for the durable beacon queue, each loaded
    // with dlopen when first needed (libcurl4-openssl-dev and libsqlite3-dev give their headers), so
    // that a run with local ads and no beacon queue maps neither (a real-clock run with ads opens
    // the queue at the overlay's first update, off the loop, ahead of its first impression).
    .target(name: "CCurl", dependencies: ["CIntermissionSupport"], linkerSettings: [.linkedLibrary("dl")]),
    .target(name: "CSQLite", dependencies: ["CIntermissionSupport"], linkerSettings: [.linkedLibrary("dl")]),
    // SDL2_mixer loaded with dlopen when sound is wanted, so that a run without sound never maps it.
    .target(name: "CSDLMixer", dependencies: ["CIntermissionSupport"], linkerSettings: [.linkedLibrary("dl")]),
    // libexpat loaded with dlopen when a VAST document is first read (libexpat1-dev gives the
    // header), so that a run without video ads never maps it.
    .target(name: "CExpat", dependencies: ["CIntermissionSupport"], linkerSettings: [.linkedLibrary("dl")]),
    // FFmpeg (libavformat, libavcodec, libswscale, libswresample) loaded with dlopen when a video
    // is first opened (libavformat-dev and friends give the headers, whose major versions name the
    // libraries loaded), so that a run without video ads maps none of it.
    .target(name: "CFFmpeg", dependencies: ["CIntermissionSupport"], linkerSettings: [.linkedLibrary("dl")]),
    // Async-signal-safe signal handling, a self-pipe and an allocation counter: things Swift cannot express safely.
    .target(name: "CIntermissionSupport"),
    // An ELF constructor that notes stop signals from before Swift's main, until the launcher takes
    // them over. Linked only into programs on the launcher: a library must not take a game's signals.
    .target(name: "CIntermissionStartup", dependencies: ["CIntermissionSupport"]),
    // Counts heap allocations by interposing malloc; linked into the benchmark and the app tests.
    .target(name: "CAllocationCounter"),
    // ICU (bidirectional levels, scripts, line breaks) and fontconfig (faces by language and
    // character), with plain C types, for IntermissionText. ICU is loaded with dlopen at the first
    // text that needs it (libicu-dev gives the headers, whose major version names the library
    // tried first), so that a run of Latin text never maps it.
    .target(
      name: "CText", dependencies: ["CIntermissionSupport"],
      linkerSettings: [.linkedLibrary("dl"), .linkedLibrary("fontconfig")]),
    // Text layout for every language: font fallback through fontconfig, runs by font, script and
    // direction (UAX #9), line breaks (UAX #14) and grapheme-safe truncation. No SDL.
    .target(name: "IntermissionText", dependencies: ["CText", "IntermissionCore"]),
    // Intermission's own words in 17 languages: gettext PO catalogues (Assets/locale, compiled in),
    // their plural rules, and the choice of language from the game or the environment. No SDL.
    .target(name: "IntermissionLocalization", dependencies: ["IntermissionCore"]),
    // General tools that know nothing of games or ads: strict JSON, web URLs and address checks,
    // money in micros, percent-encoding, files, UUIDs, timestamps, the environment, locks.
    .target(name: "IntermissionBasics"),
    // Consent for players in regulated regions: TC strings (TCF 2.3), GPP strings, Google's
    // Additional Consent, the Global Vendor List, the stored keys, when to ask, and the form. No SDL.
    .target(
      name: "IntermissionConsent",
      dependencies: ["IntermissionBasics", "IntermissionCore", "IntermissionLocalization"]),
    // The director, scenes, clocks, pause holds, input, tracing and script parsing. No SDL.
    .target(name: "IntermissionCore", dependencies: ["IntermissionBasics"]),
    // The ads' vocabulary and supply: formats, creatives, the manifest, sources and the loader,
    // schedules, pacing, viewability, consent signals, floors, revenue and reward records. No SDL.
    .target(
      name: "IntermissionAds",
      dependencies: [
        "IntermissionBasics", "IntermissionConsent", "IntermissionCore", "IntermissionVAST", "IntermissionVideo",
      ]),
    // The overlay's runtime: the banner, full-screen and video shows, the in-app ad view, artwork,
    // the overlay's own words, text rehearsal, the pause bridge and the reporters. No SDL.
    .target(
      name: "IntermissionOverlay",
      dependencies: [
        "IntermissionAds", "IntermissionBasics", "IntermissionConsent", "IntermissionCore", "IntermissionVAST",
        "IntermissionVideo", "IntermissionLocalization",
      ]),
    // OpenRTB 2.6 with Native 1.2 markup: the demand file, the bid request, the auction and its
    // macros, as value types. No SDL, no network (IntermissionNet's OpenRTBSource speaks it).
    .target(name: "IntermissionOpenRTB", dependencies: ["IntermissionAds", "IntermissionCore"]),
    // VAST 2.0 to 4.3: documents read as untrusted XML (libexpat), wrappers resolved into one ad
    // with every tracker of the chain, media chosen, macros filled. No SDL.
    .target(name: "IntermissionVAST", dependencies: ["CExpat", "IntermissionCore"]),
    // Video decoding for video ads: a media file demuxed and decoded by FFmpeg into I420 frames and
    // float samples, off the game's thread. No SDL.
    .target(name: "IntermissionVideo", dependencies: ["CFFmpeg", "IntermissionCore"]),
    // The thin SDL backend: resource classes, errors, events, the canvas, sound, the image decoder,
    // the system browser. Nothing of ads.
    .target(
      name: "IntermissionSDL",
      dependencies: [
        "CSDL2", "CSDLMixer", "IntermissionBasics", "IntermissionCore", "CIntermissionSupport", "IntermissionText",
      ]),
    // The overlay for any engine: it draws into premultiplied RGBA pixels it owns (with the rectangle
    // that changed), for a game that draws with OpenGL, Vulkan, raylib, LÖVE or Godot. It draws with
    // SDL's software renderer through IntermissionSDL, without a window; it imports no SDL itself.
    .target(
      name: "IntermissionSurface",
      dependencies: ["IntermissionCore", "IntermissionSDL", "IntermissionOverlay"]),
    // The front door: one import for a Swift game, and the overlay with every default for a game's
    // own loop, which takes its ads from a file, a server or an exchange (Net).
    .target(
      name: "Intermission",
      dependencies: [
        "CSDL2", "IntermissionBasics", "IntermissionConsent", "IntermissionCore", "IntermissionAds",
        "IntermissionOverlay", "IntermissionNet", "IntermissionSDL", "IntermissionSurface", "IntermissionLocalization",
      ]),
    // Real delivery: ads over HTTP(S) with a disk cache, and beacons in a durable SQLite queue. No SDL.
    .target(
      name: "IntermissionNet",
      dependencies: [
        "CCurl", "CSQLite", "IntermissionBasics", "IntermissionCore", "IntermissionAds", "IntermissionOpenRTB",
        "IntermissionVAST", "IntermissionVideo",
      ]),
    // The demo game: a menu, a tiny playable scene, scrollable lists and a bonus for a rewarded ad. No SDL.
    .target(name: "MenuGame", dependencies: ["IntermissionCore", "IntermissionAds", "IntermissionOverlay"]),
    // The host: any game's first scene in an SDL window or headless, with the command line, replay
    // scripts, traces, screenshots, signals, and fixed-step or real-time pacing.
    .target(
      name: "IntermissionHost",
      dependencies: [
        "Intermission", "IntermissionCore", "IntermissionAds", "IntermissionOverlay", "IntermissionSDL",
        "IntermissionNet", "IntermissionConsent", "CIntermissionSupport",
        "CIntermissionStartup", "IntermissionLocalization",
      ]
    ),
    .target(
      name: "IntermissionTesting",
      dependencies: [
        "Intermission", "IntermissionHost", "IntermissionSDL", "IntermissionAds", "IntermissionOverlay",
        "IntermissionCore",
      ]),
    // intermission.h, the C API's one header, and the two functions that need no Swift.
    .target(name: "CIntermission"),
    // The C API's functions (@_cdecl): overlays by handle on a game's own SDL renderer.
    .target(
      name: "IntermissionC",
      dependencies: [
        "Intermission", "CIntermission", "CIntermissionSupport", "IntermissionSDL", "IntermissionAds",
        "IntermissionOverlay", "IntermissionSurface",
        "IntermissionConsent", "IntermissionCore",
        "IntermissionNet",
      ]
    ),
    .executableTarget(name: "intermission", dependencies: ["IntermissionHost", "MenuGame"]),
    // Reading traces back: the timeline of a run, drawn as SVG or written for Perfetto. No SDL.
    .target(name: "IntermissionTrace", dependencies: ["IntermissionBasics", "IntermissionCore"]),
    .executableTarget(name: "intermission-trace", dependencies: ["IntermissionTrace"]),
    .executableTarget(
      name: "intermission-bench",
      dependencies: [
        "IntermissionHost", "MenuGame", "CAllocationCounter", "IntermissionC", "CIntermission", "IntermissionTrace",
        "IntermissionSurface", "IntermissionConsent",
      ]
    ),
    // The C baseline for the render benchmark: the same frame drawn through SDL directly.
    .executableTarget(
      name: "intermission-cbaseline",
      dependencies: ["CSDL2"],
      linkerSettings: [
        .linkedLibrary("SDL2"), .linkedLibrary("SDL2_ttf"), .linkedLibrary("SDL2_image"), .linkedLibrary("m"),
      ]
    ),
    // Test doubles shared by the test targets: a recording canvas and scene, a seeded generator.
    .target(
      name: "IntermissionTestSupport",
      dependencies: [
        "IntermissionBasics", "IntermissionCore", "IntermissionAds", "IntermissionSDL", "IntermissionText",
        "IntermissionHost",
      ],
      path: "Tests/IntermissionTestSupport"),
    // Test-only: HarfBuzz's shaping of a text in a font file, to check the glyphs the canvas draws
    // (libharfbuzz-dev, from scripts/install-deps --test).
    .target(name: "CHarfBuzzShaper", path: "Tests/CHarfBuzzShaper", linkerSettings: [.linkedLibrary("harfbuzz")]),
    .testTarget(name: "IntermissionBasicsTests", dependencies: ["IntermissionBasics"]),
    .testTarget(
      name: "IntermissionConsentTests",
      dependencies: ["IntermissionConsent", "IntermissionBasics", "IntermissionTestSupport"]),
    .testTarget(
      name: "IntermissionTests",
      dependencies: [
        "Intermission", "IntermissionNet", "IntermissionAds", "IntermissionCore", "IntermissionOverlay",
        "IntermissionSDL", "IntermissionTestSupport",
      ]),
    .testTarget(
      name: "IntermissionCoreTests", dependencies: ["IntermissionCore", "IntermissionTestSupport"]),
    .testTarget(
      name: "MenuGameTests",
      dependencies: [
        "MenuGame", "IntermissionCore", "IntermissionAds", "IntermissionOverlay", "IntermissionTestSupport",
      ]),
    .testTarget(
      name: "IntermissionVideoTests",
      dependencies: ["IntermissionVideo", "IntermissionCore", "IntermissionTestSupport"]),
    .testTarget(name: "IntermissionTextTests", dependencies: ["IntermissionText", "IntermissionTestSupport"]),
    .testTarget(name: "IntermissionLocalizationTests", dependencies: ["IntermissionLocalization", "IntermissionCore"]),
    .testTarget(
      name: "IntermissionVASTTests",
      dependencies: ["IntermissionVAST", "IntermissionTestSupport", "CAllocationCounter"]),
    .testTarget(
      name: "IntermissionAdsTests", dependencies: ["IntermissionAds", "IntermissionCore", "IntermissionTestSupport"]),
    .testTarget(
      name: "IntermissionOverlayTests",
      dependencies: ["IntermissionOverlay", "IntermissionAds", "IntermissionCore", "IntermissionTestSupport"]),
    .testTarget(
      name: "IntermissionOpenRTBTests",
      dependencies: ["IntermissionOpenRTB", "IntermissionAds", "IntermissionCore", "IntermissionTestSupport"]),
    // The tests of the SDL backend: canvas, fonts, shaping, surfaces, sound devices.
    .testTarget(
      name: "IntermissionSDLTests",
      dependencies: [
        "IntermissionSDL", "IntermissionCore", "IntermissionText", "IntermissionBasics", "CHarfBuzzShaper",
        "IntermissionTestSupport",
      ]),
    // The overlay drawn into pixels it owns: premultiplied RGBA, the dirty rectangle, parity with
    // the SDL renderer's drawing.
    .testTarget(
      name: "IntermissionSurfaceTests",
      dependencies: [
        "IntermissionSurface", "Intermission", "IntermissionSDL", "IntermissionCore", "IntermissionOverlay",
        "IntermissionTestSupport", "CAllocationCounter",
      ]),
    // The tests of delivery in-process: ledgers, media redirects, OpenRTB fallbacks and floors, VAST budgets.
    .testTarget(
      name: "IntermissionNetTests",
      dependencies: [
        "IntermissionNet", "IntermissionAds", "IntermissionBasics", "IntermissionCore", "IntermissionOpenRTB",
        "IntermissionOverlay", "IntermissionSDL", "IntermissionTestSupport",
      ]),
    // The tests of the host in-process: its configuration, audio, text preparation, workers, fuzzers.
    .testTarget(
      name: "IntermissionHostTests",
      dependencies: [
        "IntermissionHost", "MenuGame", "IntermissionAds", "IntermissionBasics", "IntermissionCore",
        "IntermissionOverlay", "IntermissionSDL", "CSDLMixer", "CAllocationCounter", "IntermissionTestSupport",
      ]),
    .testTarget(
      name: "IntermissionCTests",
      dependencies: [
        "IntermissionC", "CIntermission", "IntermissionCore", "IntermissionOverlay", "IntermissionSDL",
        "IntermissionTestSupport",
      ]),
    .testTarget(
      name: "IntermissionTestingTests",
      dependencies: [
        "IntermissionTesting", "Intermission", "IntermissionNet", "IntermissionCore", "IntermissionSDL",
        "IntermissionOverlay", "IntermissionAds",
        "MenuGame", "CAllocationCounter", "IntermissionTestSupport",
      ]),
    .testTarget(
      name: "IntermissionTraceTests",
      dependencies: ["IntermissionTrace", "IntermissionBasics", "IntermissionTestSupport"]),
    // The tests that start the programs (`intermission`, `intermission-trace`) as a user would, and
    // read what they printed, traced, drew and sent.
    .testTarget(
      name: "IntermissionProgramTests",
      dependencies: [
        "IntermissionTestSupport", "IntermissionAds", "IntermissionBasics", "IntermissionCore", "IntermissionNet",
        "IntermissionOpenRTB", "IntermissionOverlay", "IntermissionSDL", "IntermissionTrace", "MenuGame",
        "CAllocationCounter", "IntermissionConsent",
      ]),
  ],
  swiftLanguageModes: [.v6]
)
