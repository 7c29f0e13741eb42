import CIntermission
import Foundation
import Glibc
import IntermissionC
import IntermissionSDL
import IntermissionTestSupport
import Synchronization
import Testing

/// The C API's overlay for any engine, in process, called as a C game on GLFW or LÖVE calls it: no
/// SDL window, no SDL event; pixels taken after each draw; input as plain calls.
@Suite("C API on a surface", .serialized, .sdlSession)
struct SurfaceCAPITests {
  /// What the C callbacks saw, reached through the `user` pointer (the renderer suite's log).
  typealias CallbackLog = CAPITests.CallbackLog

  /// An empty path: no beacon queue (kept for the process, so that no sanitizer sees a leak).
  nonisolated(unsafe) static let noBeacons = strdup("")

  /// A deterministic config whose callbacks write into `log`.
  static func config(_ log: CallbackLog) -> intermission_config {
    var config = intermission_config()
    intermission_config_init_size(&config, MemoryLayout<intermission_config>.size)
    config.deterministic = 1
    config.beacons_path = UnsafePointer(noBeacons)
    config.user = Unmanaged.passUnretained(log).toOpaque()
    config.on_pause = { reason, user in
      Unmanaged<CallbackLog>.fromOpaque(user!).takeUnretainedValue().pauses.append(String(cString: reason!))
    }
    config.on_resume = { reason, user in
      Unmanaged<CallbackLog>.fromOpaque(user!).takeUnretainedValue().resumes.append(String(cString: reason!))
    }
    config.on_event = { name, _, user in
      Unmanaged<CallbackLog>.fromOpaque(user!).takeUnretainedValue().events.append(String(cString: name!))
    }
    return config
  }

  /// The NUL-terminated text in `buffer`.
  static func text(_ buffer: [CChar]) -> String {
    String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
  }

  /// The pixels and dirty rectangle after a draw.
  struct Taken {
    var pixels: UnsafePointer<UInt8>?
    var width: Int32 = 0
    var height: Int32 = 0
    var pitch: Int32 = 0
    var dirty = intermission_rect()

    func alpha(_ x: Int, _ y: Int) -> UInt8 { pixels![y * Int(pitch) + x * 4 + 3] }
  }

  static func take(_ overlay: OpaquePointer?) -> (Int32, Taken) {
    var taken = Taken()
    let result = intermission_surface_pixels(
      overlay, &taken.pixels, &taken.width, &taken.height, &taken.pitch, &taken.dirty)
    return (result, taken)
  }

  @Test func aSurfaceOverlayDrawsPixelsTakesPlainInputAndHoldsTheGame() throws {
    let log = CallbackLog()
    var config = Self.config(log)
    var error = [CChar](repeating: 0, count: 256)
    let overlay = intermission_create_surface(960, 640, 1, &config, &error, error.count)
    try #require(overlay != nil, "\(Self.text(error))")
    defer { intermission_destroy(overlay) }
    var dirtyAreas: [Int32] = []
    for frame in 0..<120 {
      #expect(intermission_update(overlay, Double(frame) / 60) == 0)
      #expect(intermission_draw(overlay) == 0)
      let (result, taken) = Self.take(overlay)
      #expect(result == 0)
      dirtyAreas.append(taken.dirty.w * taken.dirty.h)
      if frame == 0 {
        #expect((taken.width, taken.height, taken.pitch) == (960, 640, 3840))
        #expect((taken.dirty.x, taken.dirty.y, taken.dirty.w, taken.dirty.h) == (0, 0, 960, 640))
      }
    }
    #expect(dirtyAreas.suffix(20).allSatisfy { $0 == 0 }, "a banner that stands still uploads nothing")
    let (_, taken) = Self.take(overlay)
    #expect(taken.alpha(480, 600) == 255 && taken.alpha(480, 100) == 0)
    // Input as plain calls: the pointer over the game is the game's; the banner's click is taken.
    #expect(intermission_pointer_move(overlay, 480, 100) == 0)
    #expect(intermission_pointer_button(overlay, 480, 100, 1, 1) == 0)
    #expect(intermission_pointer_button(overlay, 480, 100, 1, 0) == 0)
    #expect(intermission_pointer_button(overlay, 480, 595, 1, 1) == 1)
    #expect(intermission_pointer_button(overlay, 480, 595, 1, 0) == 1)
    #expect(log.pauses == ["ad"])
    // While the ad view is open, everything is the overlay's, even a key it does not read.
    #expect(intermission_pointer_button(overlay, 10, 10, 3, 1) == 1)
    #expect(intermission_key(overlay, 1000, 1) == 1)
    #expect(intermission_key(overlay, Int32(INTERMISSION_KEY_ESCAPE), 1) == 1)
    #expect(log.resumes == ["ad"])
    #expect(intermission_key(overlay, 1000, 1) == 0, "the game's key again")
    // A hidden window holds the game as "window", as SDL's window events do.
    #expect(intermission_window_state(overlay, 0, 0) == 0)
    #expect(intermission_update(overlay, 2.1) == 0)
    #expect(intermission_draw(overlay) == 0)
    #expect(log.pauses == ["ad", "window"])
    #expect(intermission_window_state(overlay, 1, 1) == 0)
    #expect(intermission_update(overlay, 2.2) == 0)
    #expect(log.resumes == ["ad", "window"])
  }

  @Test func badSizesCoordinatesKindsAndHandlesAreRefusedAndChangeNothing() throws {
    let log = CallbackLog()
    var config = Self.config(log)
    var error = [CChar](repeating: 0, count: 256)
    for (width, height, scale) in [(0, 640, 1.0), (-5, 640, 1), (960, 640, .nan), (960, 640, 0.25), (17000, 10, 1)] {
      #expect(intermission_create_surface(Int32(width), Int32(height), scale, &config, &error, error.count) == nil)
      #expect(!Self.text(error).isEmpty, "\(width)x\(height)@\(scale) says why")
    }
    #expect(intermission_create_surface(960, 640, 1, nil, &error, error.count) == nil)
    let overlay = intermission_create_surface(960, 640, 2, &config, &error, error.count)
    try #require(overlay != nil, "\(Self.text(error))")
    #expect(intermission_update(overlay, 0) == 0 && intermission_draw(overlay) == 0)
    var (_, taken) = Self.take(overlay)
    #expect((taken.width, taken.height) == (1920, 1280), "HiDPI: width × scale")
    #expect(intermission_pointer_move(overlay, .nan, 3) == Int32(INTERMISSION_ERROR_INVALID_ARGUMENT))
    #expect(intermission_pointer_button(overlay, 1, .infinity, 1, 1) == Int32(INTERMISSION_ERROR_INVALID_ARGUMENT))
    #expect(intermission_wheel(overlay, 0, .nan) == Int32(INTERMISSION_ERROR_INVALID_ARGUMENT))
    #expect(intermission_resize(overlay, 0, 10, 1) == Int32(INTERMISSION_ERROR_INVALID_ARGUMENT))
    #expect(intermission_resize(overlay, 100, 100, 9) == Int32(INTERMISSION_ERROR_INVALID_ARGUMENT))
    #expect(intermission_resize(overlay, 800, 600, 1) == 0)
    #expect(intermission_draw(overlay) == 0)
    (_, taken) = Self.take(overlay)
    #expect((taken.width, taken.height, taken.dirty.w, taken.dirty.h) == (800, 600, 800, 600))
    // An SDL event is not a surface overlay's.
    var event = SDL_Event()
    event.type = SDL_KEYDOWN.rawValue
    #expect(withUnsafePointer(to: event) { intermission_handle_event(overlay, $0) } == 0)
    #expect(String(cString: intermission_errmsg(overlay)).contains("input calls"))
    // Another thread is refused.
    let fromThread = Mutex<Int32>(0)
    let done = DispatchSemaphore(value: 0)
    let handle = UInt(bitPattern: Int(bitPattern: UnsafeRawPointer(overlay)))
    Thread {
      fromThread.withLock { $0 = intermission_pointer_move(OpaquePointer(bitPattern: handle), 1, 1) }
      done.signal()
    }.start()
    done.wait()
    #expect(fromThread.withLock { $0 } == Int32(INTERMISSION_ERROR_WRONG_THREAD))
    intermission_destroy(overlay)
    #expect(intermission_pointer_move(overlay, 1, 1) == Int32(INTERMISSION_ERROR_INVALID_HANDLE))
    #expect(Self.take(overlay).0 == Int32(INTERMISSION_ERROR_INVALID_HANDLE))
    #expect(intermission_key(nil, Int32(INTERMISSION_KEY_ESCAPE), 1) == Int32(INTERMISSION_ERROR_INVALID_HANDLE))
  }

  @Test func aRendererOverlayHasNoPixelsAndTakesNoPlainInput() throws {
    try GameWindowByHand.run(title: "c game") { _, renderer in
      let log = CallbackLog()
      var config = Self.config(log)
      let overlay = intermission_create(renderer, &config, nil, 0)
      try #require(overlay != nil)
      defer { intermission_destroy(overlay) }
      #expect(Self.take(overlay).0 == Int32(INTERMISSION_ERROR_WRONG_KIND))
      #expect(intermission_resize(overlay, 100, 100, 1) == Int32(INTERMISSION_ERROR_WRONG_KIND))
      #expect(intermission_pointer_move(overlay, 1, 1) == Int32(INTERMISSION_ERROR_WRONG_KIND))
      #expect(intermission_window_state(overlay, 0, 0) == Int32(INTERMISSION_ERROR_WRONG_KIND))
    }
  }

  @Test func aScriptDrivesASurfaceOverlayThroughTheInputCalls() throws {
    let log = CallbackLog()
    var config = Self.config(log)
    let folder = try ScratchFolder.make("surface-script")
    let script = folder.appendingPathComponent("s.txt").path
    try Data("1.5 click 480 595\n2.0 key Escape\n".utf8).write(to: URL(fileURLWithPath: script))
    let path = strdup(script)
    defer { free(path) }
    config.script_path = UnsafePointer(path)
    let overlay = intermission_create_surface(960, 640, 1, &config, nil, 0)
    try #require(overlay != nil)
    defer { intermission_destroy(overlay) }
    var pausedAt: Int?
    var resumedAt: Int?
    for frame in 0..<150 {
      #expect(intermission_update(overlay, Double(frame) / 60) == 0)
      #expect(intermission_draw(overlay) == 0)
      if pausedAt == nil && !log.pauses.isEmpty { pausedAt = frame }
      if resumedAt == nil && !log.resumes.isEmpty { resumedAt = frame }
    }
    #expect(log.pauses == ["ad"] && log.resumes == ["ad"])
    #expect(pausedAt == 90 && resumedAt == 120)
    #expect(log.events.filter { $0 == "input.injected" }.count == 2)
  }

  @Test func aSurfaceScriptHandsTheGameWhatTheOverlayDidNotTakeAndItsQuit() throws {
    let log = CallbackLog()
    var config = Self.config(log)
    config.on_input = { input, user in
      let log = Unmanaged<CallbackLog>.fromOpaque(user!).takeUnretainedValue()
      let input = input!.pointee
      log.inputs.append("\(input.kind) \(input.code) \(input.pressed) \(Int(input.x)) \(Int(input.y))")
    }
    let folder = try ScratchFolder.make("surface-script-input")
    let script = folder.appendingPathComponent("s.txt").path
    // P and a click on the game are the game's; the banner click and the Escape that closes its
    // view are the overlay's (the Escape's release too), and so is the P pressed while the view is
    // open; then the gamepad's A is the game's, and quit.
    let lines = "0.5 key p\n0.6 click 100 100\n1.5 click 480 595\n1.7 key p\n2.0 key Escape\n2.2 button a\n2.5 quit\n"
    try Data(lines.utf8).write(to: URL(fileURLWithPath: script))
    let path = strdup(script)
    defer { free(path) }
    config.script_path = UnsafePointer(path)
    let overlay = intermission_create_surface(960, 640, 1, &config, nil, 0)
    try #require(overlay != nil)
    defer { intermission_destroy(overlay) }
    for frame in 0..<180 {
      #expect(intermission_update(overlay, Double(frame) / 60) == 0)
      #expect(intermission_draw(overlay) == 0)
    }
    let key = Int(INTERMISSION_INPUT_KEY)
    let pointer = Int(INTERMISSION_INPUT_POINTER_BUTTON)
    let move = Int(INTERMISSION_INPUT_POINTER_MOVE)
    let gamepad = Int(INTERMISSION_INPUT_GAMEPAD_BUTTON)
    #expect(
      log.inputs == [
        "\(key) 112 1 0 0", "\(key) 112 0 0 0",
        "\(move) 0 0 100 100", "\(pointer) 1 1 100 100", "\(pointer) 1 0 100 100",
        // The pointer's move over the banner is the game's as well: the overlay takes no move.
        "\(move) 0 0 480 595",
        "\(gamepad) \(INTERMISSION_GAMEPAD_A) 1 0 0", "\(gamepad) \(INTERMISSION_GAMEPAD_A) 0 0 0",
        "\(INTERMISSION_INPUT_QUIT) 0 0 0 0",
      ])
    #expect(log.pauses == ["ad"] && log.resumes == ["ad"])
    #expect(log.events.filter { $0 == "input.injected" }.count == 7)
  }
}
