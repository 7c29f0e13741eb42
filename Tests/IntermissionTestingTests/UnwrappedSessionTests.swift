import CAllocationCounter
import Foundation
import IntermissionOverlay
import IntermissionSDL
import IntermissionTestSupport
import IntermissionTesting
import MenuGame
import Testing

/// What a newcomer's package did: own-loop tests that set SDL up by hand, without
/// `SDLSession.exclusive`, run in parallel with each other or with a `HeadlessGame` test. Such
/// tests share SDL's global state; these are the misuse itself, run only in a child process that
/// `SDLMisuseTests` starts (`INTERMISSION_MISUSE` names the pair), never in the suite.
@Suite("Misuse: SDL set up by hand, without the session's gate")
struct UnwrappedSDLFixture {
  static let pair = ProcessInfo.processInfo.environment["INTERMISSION_MISUSE"]

  /// An own loop as a test writes it by hand: `SDL_Init`, a window, the overlay, 240 frames.
  static func ownLoopByHand() throws {
    try GameWindowByHand.run(title: "by hand", width: 640, height: 480) { window, renderer in
      let canvas = try SDLCanvas(borrowingWindow: window, renderer: renderer)
      let ads = try AdOverlay(pauseTarget: PauseGate(), beaconsPath: "")
      for frame in 0..<240 {
        ads.update(hostTime: Double(frame) / 60)
        SDL_RenderClear(renderer)
        ads.draw(on: canvas)
        SDL_RenderPresent(renderer)
      }
    }
  }

  @Test(.enabled(if: pair == "own-loops")) func anOwnLoopByHand() throws { try UnwrappedSDLFixture.ownLoopByHand() }
  /// A game that loads its artwork before it starts SDL, as most do. (Two tests whose `SDL_Init`
  /// calls coincide crash inside SDL's own initialisation, before any library's code runs.)
  @Test(.enabled(if: pair == "own-loops")) func anOwnLoopThatLoadsItsArtworkFirstByHand() throws {
    let artwork = ProgramRunner.root.appendingPathComponent("Assets/ads/break-interstitial.png").path
    #expect(try SDLImageDecoder().decodeImage(atPath: artwork).pixelWidth == 1280)
    try UnwrappedSDLFixture.ownLoopByHand()
  }

  @Test(.enabled(if: pair == "raw-and-headless")) func rawSDLByHand() throws { try UnwrappedSDLFixture.ownLoopByHand() }
  @Test(.enabled(if: pair == "raw-and-headless")) func aHeadlessGame() throws {
    _ = try HeadlessGame(firstScene: { MenuScene(settings: GameSettings()) }).run(seconds: 4)
  }
}

/// The misuse above, caught: each pair runs 10 times in a child process of this test bundle, and
/// one of its tests must fail with `SDLSession.ConcurrentSessionError`'s message in at least 9 of
/// the 10 runs (the two may not overlap in time in a run), long before SDL's heap would break.
@Suite("SDL misuse is said, not corrupted")
struct SDLMisuseTests {
  /// Whether this build counts allocations: false under the sanitizers, where the deliberately
  /// racy children would only report their races.
  static let isPlainBuild = allocation_counter_is_available() == 1

  /// Runs the fixture's `pair` in a child process; returns what it printed.
  static func runFixture(_ pair: String) throws -> String {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: CommandLine.arguments[0])
    process.arguments = ["--testing-library", "swift-testing", "--filter", "UnwrappedSDLFixture"]
    var environment = ProcessInfo.processInfo.environment
    environment["INTERMISSION_MISUSE"] = pair
    environment["XDG_DATA_HOME"] = FileManager.default.temporaryDirectory.path
    process.environment = environment
    let output = FileManager.default.temporaryDirectory.appendingPathComponent("misuse-\(UUID().uuidString).txt")
    guard FileManager.default.createFile(atPath: output.path, contents: nil) else {
      throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: output.path])
    }
    defer { try? FileManager.default.removeItem(at: output) }
    let handle = try FileHandle(forWritingTo: output)
    process.standardOutput = handle
    process.standardError = handle
    process.standardInput = FileHandle.nullDevice
    try process.run()
    // The child races SDL on purpose: a run that deadlocks inside SDL itself (a lock a quitting
    // thread left held, seen once in 20 runs) is killed after a minute and counts as not caught.
    let deadline = Date().addingTimeInterval(60)
    while process.isRunning, Date() < deadline { usleep(20_000) }
    let hung = process.isRunning
    if hung { kill(process.processIdentifier, SIGKILL) }
    process.waitUntilExit()
    try handle.close()
    let printed = try String(contentsOf: output, encoding: .utf8)
    return hung ? printed + "\n(the child hung inside SDL and was killed after 60 s)\n" : printed
  }

  /// A game kept after its session (as a test keeps `game` to check it after `HeadlessLoop.run`)
  /// is no claim on SDL: a session on another thread beside it, while the first thread still
  /// lives, is not refused.
  @Test func aGameKeptAfterItsSessionDoesNotBlockAnotherThreadsSession() throws {
    final class Run: @unchecked Sendable {
      var canvas: SDLCanvas?
      var ads: AdOverlay?
      var error: (any Error)?
    }
    let first = Run()
    let second = Run()
    let firstDone = DispatchSemaphore(value: 0)
    let secondDone = DispatchSemaphore(value: 0)
    let release = DispatchSemaphore(value: 0)
    Thread.detachNewThread {
      do {
        _ = try HeadlessLoop.run(seconds: 0.1) { loop in
          first.canvas = try SDLCanvas(borrowingWindow: loop.window, renderer: loop.renderer)
          first.ads = try AdOverlay(
            pauseTarget: loop.pauseGate(), trace: loop.trace, configuration: loop.adConfiguration)
          while loop.nextFrame() != nil {}
        }
      } catch {
        first.error = error
      }
      firstDone.signal()
      release.wait()  // the thread lives on, with its game, while the second session runs
    }
    firstDone.wait()
    Thread.detachNewThread {
      do {
        _ = try HeadlessLoop.run(seconds: 0.1) { loop in
          let canvas = try SDLCanvas(borrowingWindow: loop.window, renderer: loop.renderer)
          let ads = try AdOverlay(pauseTarget: loop.pauseGate(), trace: loop.trace, configuration: loop.adConfiguration)
          while let time = loop.nextFrame() {
            ads.update(hostTime: time)
            ads.draw(on: canvas)
          }
          second.ads = ads
        }
      } catch {
        second.error = error
      }
      secondDone.signal()
    }
    secondDone.wait()
    release.signal()
    #expect(first.error == nil && first.canvas != nil && first.ads != nil, "\(String(describing: first.error))")
    #expect(second.error == nil && second.ads != nil, "\(String(describing: second.error))")
  }

  @Test(
    .enabled(if: isPlainBuild, "the children race on purpose: not under the sanitizers"),
    arguments: ["own-loops", "raw-and-headless"])
  func misuseFailsWithTheMessage(pair: String) throws {
    var said = 0
    for _ in 0..<10 {
      let output = try SDLMisuseTests.runFixture(pair)
      #expect(output.contains("ByHand()"), "the fixture ran: \(output)")
      if output.contains(SDLSession.ConcurrentSessionError.message) { said += 1 }
    }
    #expect(said >= 9, "the message came in \(said) of 10 runs of \(pair)")
  }
}
