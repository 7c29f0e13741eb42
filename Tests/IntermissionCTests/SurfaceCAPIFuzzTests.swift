import CIntermission
import IntermissionC
import IntermissionTestSupport
import Testing

/// The whole input API of a surface overlay, called 300,000 times at random (seeded): input of
/// every kind with wild numbers, resizes, updates, draws, pixels, holds and full-screen shows.
/// Nothing may crash or trap (scripts/sanitize runs it under AddressSanitizer), every call answers
/// a known code, a number out of range is refused as an invalid argument, shows (pictures and
/// videos) are presented among the calls, and the pixels always match the surface's size.
@Suite("C API on a surface, fuzzed", .serialized, .sdlSession)
struct SurfaceCAPIFuzzTests {
  static let calls = 300_000

  /// A number from the ones that break things: 0, negatives, huge, not finite, or ordinary.
  static func wild(_ random: inout SeededGenerator) -> Double {
    switch Int.random(in: 0..<10, using: &random) {
    case 0: .nan
    case 1: [Double.infinity, -.infinity][Int.random(in: 0...1, using: &random)]
    case 2: -Double.random(in: 0...1e9, using: &random)
    case 3: Double.random(in: 1e6...1e300, using: &random)
    default: Double.random(in: 0...1000, using: &random)
    }
  }

  @Test func threeHundredThousandRandomCallsNeverCrashAndAnswerKnownCodes() throws {
    var random = SeededGenerator(seed: 0x5EED_0042)
    var config = intermission_config()
    intermission_config_init_size(&config, MemoryLayout<intermission_config>.size)
    config.deterministic = 1
    config.beacons_path = UnsafePointer(SurfaceCAPITests.noBeacons)
    // The shows that were presented, by their events.
    let log = SurfaceCAPITests.CallbackLog()
    config.user = Unmanaged.passUnretained(log).toOpaque()
    config.on_event = { name, _, user in
      let name = String(cString: name!)
      guard name == "fullscreen.shown" || name == "video.started" else { return }
      Unmanaged<SurfaceCAPITests.CallbackLog>.fromOpaque(user!).takeUnretainedValue().events.append(name)
    }
    let overlay = intermission_create_surface(320, 240, 1, &config, nil, 0)
    try #require(overlay != nil)
    defer { intermission_destroy(overlay) }
    var time = 0.0
    var size = (width: Int32(320), height: Int32(240), scale: 1.0)
    var answers: [Int32: Int] = [:]
    var shows = 0
    var badFrames = 0
    // Calls with a number out of range that were not answered INVALID_ARGUMENT.
    var unrefused: [String] = []
    let invalid = Int32(INTERMISSION_ERROR_INVALID_ARGUMENT)
    for _ in 0..<Self.calls {
      let answer: Int32
      // Per thousand calls: 15 updates, 3 draws, 12 takes of the pixels, 1 resize, and input.
      switch Int.random(in: 0..<1000, using: &random) {
      case 0..<15:
        time += Double.random(in: 0...3, using: &random)
        answer = intermission_update(overlay, time)
      case 15..<18:
        answer = intermission_draw(overlay)
      case 18..<30:
        var pixels: UnsafePointer<UInt8>?
        var width: Int32 = 0
        var height: Int32 = 0
        var pitch: Int32 = 0
        var dirty = intermission_rect()
        answer = intermission_surface_pixels(overlay, &pixels, &width, &height, &pitch, &dirty)
        let expected = (
          Int32((Double(size.width) * size.scale).rounded()), Int32((Double(size.height) * size.scale).rounded())
        )
        let inside = dirty.x >= 0 && dirty.y >= 0 && dirty.x + dirty.w <= width && dirty.y + dirty.h <= height
        if pixels == nil || (width, height) != expected || pitch != width * 4 || !inside { badFrames += 1 }
      case 30:
        let width = Int32.random(in: -10...640, using: &random)
        let height = Int32.random(in: -10...480, using: &random)
        let scale = [0.25, 0.5, 1, 1.25, 1.5, 2, .nan, 9][Int.random(in: 0..<8, using: &random)]
        answer = intermission_resize(overlay, width, height, scale)
        if answer == 0 { size = (width, height, scale) }
        let valid = width >= 1 && height >= 1 && scale.isFinite && (0.5...8).contains(scale)
        if !valid && answer != invalid { unrefused.append("resize \(width) \(height) \(scale): \(answer)") }
      case 31..<300:
        let (x, y) = (Self.wild(&random), Self.wild(&random))
        answer = intermission_pointer_move(overlay, x, y)
        if !(x.isFinite && y.isFinite) && answer != invalid { unrefused.append("move \(x) \(y): \(answer)") }
      case 300..<500:
        let (x, y) = (Self.wild(&random), Self.wild(&random))
        answer = intermission_pointer_button(
          overlay, x, y, Int32.random(in: -1...5, using: &random), Int32.random(in: -1...2, using: &random))
        if !(x.isFinite && y.isFinite) && answer != invalid { unrefused.append("button \(x) \(y): \(answer)") }
      case 500..<560:
        let (dx, dy) = (Self.wild(&random), Self.wild(&random))
        answer = intermission_wheel(overlay, dx, dy)
        if !(dx.isFinite && dy.isFinite) && answer != invalid { unrefused.append("wheel \(dx) \(dy): \(answer)") }
      case 560..<760:
        answer = intermission_key(
          overlay, Int32.random(in: -3...12, using: &random), Int32.random(in: 0...1, using: &random))
      case 760..<860:
        answer = intermission_gamepad_button(
          overlay, Int32.random(in: -3...10, using: &random), Int32.random(in: 0...1, using: &random))
      case 860..<900:
        answer = intermission_window_state(
          overlay, Int32.random(in: 0...1, using: &random), Int32.random(in: 0...1, using: &random))
      case 900..<950:
        answer =
          Bool.random(using: &random)
          ? intermission_show_interstitial(overlay, "level_end") : intermission_show_rewarded(overlay, "bonus")
        if answer == 0 { shows += 1 }
      default:
        answer =
          Bool.random(using: &random) ? intermission_hold(overlay, "user") : intermission_release(overlay, "user")
      }
      answers[answer, default: 0] += 1
    }
    #expect(badFrames == 0, "pixels that did not match the surface's size")
    #expect(unrefused.isEmpty, "numbers out of range that were not refused: \(unrefused.prefix(5))")
    #expect(shows > 0, "full-screen ads were asked for among the calls: \(shows)")
    #expect(log.events.contains("fullscreen.shown"), "a full-screen ad was presented: \(Set(log.events))")
    #expect(log.events.contains("video.started"), "a video ad played: \(Set(log.events))")
    let known = Set(
      [0, 1]
        + [
          INTERMISSION_ERROR_INVALID_ARGUMENT, INTERMISSION_ERROR_NOT_HELD, INTERMISSION_ERROR_ALREADY_HELD,
          INTERMISSION_REFUSED_NOT_READY, INTERMISSION_REFUSED_EXPIRED, INTERMISSION_REFUSED_PACING,
          INTERMISSION_REFUSED_CAP, INTERMISSION_REFUSED_SESSION_START, INTERMISSION_REFUSED_ALREADY_SHOWING,
          INTERMISSION_REFUSED_WINDOW_HIDDEN,
        ].map { Int32($0) })
    #expect(Set(answers.keys).isSubset(of: known), "\(answers)")
    #expect(answers[1, default: 0] > 0 && answers[0, default: 0] > 0, "input was taken and left: \(answers)")
  }
}
