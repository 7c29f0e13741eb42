import CIntermission
import Foundation
import Glibc
import IntermissionC
import IntermissionCore
import IntermissionOverlay
import IntermissionSDL
import IntermissionTestSupport
import Testing

/// The C API in process, called as a C game calls it, so that the sanitizer runs (scripts/sanitize)
/// see every path of it: SDL is global, so its tests run one at a time in the SDL session.
@Suite("C API in process", .serialized, .sdlSession)
struct CAPITests {
  /// What the C callbacks saw, reached through the `user` pointer.
  final class CallbackLog {
    var pauses: [String] = []
    var resumes: [String] = []
    var events: [String] = []
    var threads: Set<UInt> = []
    /// A surface overlay's scripted input given to the game (`on_input`): "kind code pressed x y".
    var inputs: [String] = []
  }

  /// A game's window and renderer in plain SDL, headless, torn down after `body`.
  private func withGameRenderer(_ body: (OpaquePointer) throws -> Void) throws {
    try GameWindowByHand.run(title: "c game") { _, renderer in try body(renderer) }
  }

  /// A left button event on the banner of an 800x600 window.
  private func button(_ type: SDL_EventType) -> SDL_Event { leftButtonEvent(type, x: 400, y: 555) }

  /// The NUL-terminated text in `buffer`.
  private func text(_ buffer: [CChar]) -> String {
    String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
  }

  private func handle(_ overlay: OpaquePointer?, _ event: SDL_Event) -> Int32 {
    withUnsafePointer(to: event) { intermission_handle_event(overlay, $0) }
  }

  @Test func aWindowShownHiddenAndShownWithinAFrameFiresNoPause() throws {
    // A real C game's set-up: the window and renderer together, with a logical size.
    SDL_SetHint(SDL_HINT_VIDEODRIVER, "offscreen")
    SDL_SetHint(SDL_HINT_RENDER_DRIVER, "software")
    // No OpenGL (Mesa) behind the window: SDL would load and unload it, and its allocations with it.
    SDL_SetHint(SDL_HINT_FRAMEBUFFER_ACCELERATION, "0")
    #expect(SDL_Init(UInt32(SDL_INIT_VIDEO)) == 0)
    defer { SDL_Quit() }
    var window: OpaquePointer?
    var renderer: OpaquePointer?
    #expect(SDL_CreateWindowAndRenderer(800, 600, 0, &window, &renderer) == 0)
    defer {
      SDL_DestroyRenderer(renderer)
      SDL_DestroyWindow(window)
    }
    #expect(SDL_RenderSetLogicalSize(renderer, 288, 512) == 0)
    let log = CallbackLog()
    var config = intermission_config()
    intermission_config_init_size(&config, MemoryLayout<intermission_config>.size)
    config.user = Unmanaged.passUnretained(log).toOpaque()
    config.on_pause = { reason, user in
      Unmanaged<CallbackLog>.fromOpaque(user!).takeUnretainedValue().pauses.append(String(cString: reason!))
    }
    config.on_resume = { reason, user in
      Unmanaged<CallbackLog>.fromOpaque(user!).takeUnretainedValue().resumes.append(String(cString: reason!))
    }
    let overlay = intermission_create(renderer, &config, nil, 0)
    try #require(overlay != nil)
    defer { intermission_destroy(overlay) }
    func frame(_ time: Double, pushing ids: [SDL_WindowEventID] = []) {
      #expect(intermission_update(overlay, time) == 0)
      for id in ids {
        var event = SDL_Event()
        event.type = SDL_WINDOWEVENT.rawValue
        event.window.event = UInt8(id.rawValue)
        SDL_PushEvent(&event)
      }
      var event = SDL_Event()
      while SDL_PollEvent(&event) != 0 { _ = handle(overlay, event) }
      #expect(intermission_draw(overlay) == 0)
    }
    // Frame 0 with what window creation queued, then what a driver sends while it shows a window.
    frame(0)
    frame(1.0 / 60, pushing: [SDL_WINDOWEVENT_SHOWN, SDL_WINDOWEVENT_HIDDEN, SDL_WINDOWEVENT_SHOWN])
    frame(2.0 / 60, pushing: [SDL_WINDOWEVENT_MINIMIZED, SDL_WINDOWEVENT_RESTORED])
    #expect(log.pauses.isEmpty && log.resumes.isEmpty, "\(log.pauses) \(log.resumes)")
    // A window that ends the frame hidden holds the game, within that frame.
    frame(3.0 / 60, pushing: [SDL_WINDOWEVENT_SHOWN, SDL_WINDOWEVENT_HIDDEN])
    #expect(log.pauses == ["window"] && intermission_is_running(overlay) == 0)
    frame(4.0 / 60, pushing: [SDL_WINDOWEVENT_RESTORED])
    #expect(log.resumes == ["window"] && intermission_is_running(overlay) == 1)
  }

  @Test func theCAPIPausesThroughItsCallbacksOnTheGamesThreadAndRefusesBadCalls() throws {
    try withGameRenderer { renderer in
      let log = CallbackLog()
      var config = intermission_config()
      intermission_config_init_size(&config, MemoryLayout<intermission_config>.size)
      config.deterministic = 1
      config.user = Unmanaged.passUnretained(log).toOpaque()
      config.on_pause = { reason, user in
        let log = Unmanaged<CallbackLog>.fromOpaque(user!).takeUnretainedValue()
        log.pauses.append(String(cString: reason!))
        log.threads.insert(UInt(pthread_self()))
      }
      config.on_resume = { reason, user in
        let log = Unmanaged<CallbackLog>.fromOpaque(user!).takeUnretainedValue()
        log.resumes.append(String(cString: reason!))
        log.threads.insert(UInt(pthread_self()))
      }
      config.on_event = { name, json, user in
        let log = Unmanaged<CallbackLog>.fromOpaque(user!).takeUnretainedValue()
        log.events.append(String(cString: name!) + " " + String(cString: json!))
        log.threads.insert(UInt(pthread_self()))
      }
      var error = [CChar](repeating: 0, count: 256)
      let overlay = intermission_create(renderer, &config, &error, error.count)
      try #require(overlay != nil, "create failed: \(text(error))")

      // The banner is in at 0.75 s; a click is taken 0.5 s later (the click guard).
      for frame in 0..<80 {
        #expect(intermission_update(overlay, Double(frame) / 60) == 0)
        #expect(intermission_draw(overlay) == 0)
      }
      #expect(intermission_banner_visible(overlay) == 1)
      #expect(intermission_bottom_inset(overlay) == 90, "the banner's height")
      #expect(
        log.events.contains {
          $0.hasPrefix("viewable.start {\"frame\":38,\"time\":0.633333,\"event\":\"viewable.start\"")
        })
      #expect(!log.events.contains { $0.hasPrefix("impression") }, "not yet a viewable second")
      #expect(handle(overlay, button(SDL_MOUSEBUTTONDOWN)) == 1)
      #expect(handle(overlay, button(SDL_MOUSEBUTTONUP)) == 1)
      #expect(log.pauses == ["ad"])
      #expect(intermission_hold(overlay, "user") == 0)
      var escape = SDL_Event()
      escape.type = SDL_KEYDOWN.rawValue
      escape.key.keysym.sym = SDL_Keycode(SDLK_ESCAPE.rawValue)
      #expect(handle(overlay, escape) == 1)
      #expect(log.resumes.isEmpty, "the player's hold keeps the game stopped after the ad")
      #expect(intermission_is_running(overlay) == 0)
      #expect(intermission_release(overlay, "user") == 0)
      #expect(log.resumes == ["user"])
      #expect(log.threads == [UInt(pthread_self())], "callbacks come on the game's thread only")

      #expect(intermission_release(overlay, "user") == Int32(INTERMISSION_ERROR_NOT_HELD))
      #expect(intermission_hold(overlay, "ad") == Int32(INTERMISSION_ERROR_UNKNOWN_REASON))
      #expect(intermission_hold(overlay, nil) == Int32(INTERMISSION_ERROR_UNKNOWN_REASON))
      #expect(intermission_update(overlay, .nan) == Int32(INTERMISSION_ERROR_INVALID_ARGUMENT))
      #expect(intermission_handle_event(overlay, nil) == 0)
      intermission_destroy(overlay)
      #expect(intermission_update(overlay, 2) == Int32(INTERMISSION_ERROR_INVALID_HANDLE))
      #expect(intermission_is_running(overlay) == Int32(INTERMISSION_ERROR_INVALID_HANDLE))
      #expect(String(cString: intermission_errmsg(overlay)).contains("not a live overlay"))
      intermission_destroy(overlay)
      intermission_destroy(nil)
    }
  }

  /// The C names of the refusal codes are the Swift refusals' names (as `fullscreen.refused` traces
  /// them), one each, and no other code has a name.
  @Test func everyRefusalCodeIsNamedAsSwiftNamesTheRefusal() {
    let codes = Int32(INTERMISSION_REFUSED_WINDOW_HIDDEN)...Int32(INTERMISSION_REFUSED_NOT_READY)
    let names = codes.compactMap { intermission_refusal_name($0).map { String(cString: $0) } }
    #expect(names.count == codes.count)
    #expect(Set(names) == Set(FullscreenRefusal.allCases.map(\.rawValue)))
    #expect(String(cString: intermission_refusal_name(Int32(INTERMISSION_REFUSED_CAP))) == "cap")
    for other in [0, -1, -8, -9, -17, 100] { #expect(intermission_refusal_name(Int32(other)) == nil) }
  }

  @Test func theSwiftVersionIsTheCAPIsVersion() {
    // The user agent of OpenRTB requests names the version the C API reports.
    #expect(String(cString: intermission_version()) == ProgramVersion.string)
  }

  /// One version source: the file VERSION, which scripts/make-version writes into the header's
  /// macros and the Swift ProgramVersion; the library's functions answer as its header says.
  @Test func theVersionFileIsTheHeadersTheLibrarysAndSwifts() throws {
    let source = try String(contentsOf: ProgramRunner.root.appendingPathComponent("VERSION"), encoding: .utf8)
      .trimmingCharacters(in: .whitespacesAndNewlines)
    #expect(ProgramVersion.string == source)
    #expect(INTERMISSION_VERSION == source)
    #expect(String(cString: intermission_version()) == source)
    let parts = source.split(separator: ".").compactMap { Int32($0) }
    #expect(parts == [INTERMISSION_VERSION_MAJOR, INTERMISSION_VERSION_MINOR, INTERMISSION_VERSION_PATCH])
    #expect(parts.count == 3 && INTERMISSION_VERSION_NUMBER == parts[0] * 1_000_000 + parts[1] * 1000 + parts[2])
    #expect(intermission_version_number() == INTERMISSION_VERSION_NUMBER)
  }

  @Test func aHundredOverlaysAreCreatedAndDestroyedInOneProcess() throws {
    try withGameRenderer { renderer in
      var config = intermission_config()
      intermission_config_init_size(&config, MemoryLayout<intermission_config>.size)
      config.deterministic = 1
      var handles: Set<UInt> = []
      for _ in 0..<100 {
        let overlay = intermission_create(renderer, &config, nil, 0)
        try #require(overlay != nil)
        handles.insert(UInt(bitPattern: Int(bitPattern: overlay)))
        for frame in 0..<80 {
          _ = intermission_update(overlay, Double(frame) / 60)
          _ = intermission_draw(overlay)
        }
        _ = handle(overlay, button(SDL_MOUSEBUTTONDOWN))
        _ = handle(overlay, button(SDL_MOUSEBUTTONUP))
        #expect(intermission_is_held(overlay, "ad") == 1)
        intermission_destroy(overlay)
        #expect(intermission_is_held(overlay, "ad") == Int32(INTERMISSION_ERROR_INVALID_HANDLE))
      }
      #expect(handles.count == 100, "a destroyed overlay's handle never comes back")
    }
  }

  @Test func aFailedCreateSaysWhatWasWrongWithinTheBuffer() throws {
    try withGameRenderer { renderer in
      var config = intermission_config()
      intermission_config_init_size(&config, MemoryLayout<intermission_config>.size)
      config.click_cooldown = -.infinity
      var error = [CChar](repeating: 1, count: 24)
      #expect(intermission_create(renderer, &config, &error, error.count) == nil)
      let message = text(error)
      #expect(message == "config.click_cooldown i", "cut to the buffer, terminated: \(message)")
      config.click_cooldown = 0.5
      config.size = 3
      var full = [CChar](repeating: 0, count: 256)
      #expect(intermission_create(renderer, &config, &full, full.count) == nil)
      #expect(text(full).hasPrefix("config.size is 3, not a size this library knows"))
    }
  }
}
