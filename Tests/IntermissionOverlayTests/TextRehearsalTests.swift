import Dispatch
import IntermissionAds
import IntermissionBasics
import IntermissionCore
import IntermissionTestSupport
import Testing

/// The rehearsals of the overlay's own words (`AdOverlay.prepareText(on:)`), on a text preparer
/// that counts what each rehearsal draws and can hold a rehearsal at its first line.
@Suite("Rehearsals of the overlay's own words")
struct TextRehearsalTests {
  /// Hands out recording canvases; the first one's first line waits for `gate` when `holdsFirst`.
  final class CountingPreparer: TextPreparer, Sendable {
    let entered = DispatchSemaphore(value: 0)
    let gate = DispatchSemaphore(value: 0)
    private let holdsFirst: Bool
    /// The lines drawn on each canvas handed out, in the order they were handed out.
    private let counts = Locked<[Int]>([])

    init(holdsFirst: Bool) { self.holdsFirst = holdsFirst }

    var linesPerRehearsal: [Int] { counts.withLock { $0 } }

    func rehearsalCanvas(size: Size) -> any Canvas {
      let index = counts.withLock { counts in
        counts.append(0)
        return counts.count - 1
      }
      let canvas = RecordingCanvas(size: size)
      canvas.onText = { [self] _ in
        let first = counts.withLock { counts in
          counts[index] += 1
          return counts[index] == 1
        }
        if first, index == 0, holdsFirst {
          entered.signal()
          gate.wait()
        }
      }
      return canvas
    }
  }

  static func canvas(with preparer: CountingPreparer) -> RecordingCanvas {
    let canvas = RecordingCanvas(size: Size(width: 800, height: 600))
    canvas.textPreparer = preparer
    return canvas
  }

  /// How many lines a whole rehearsal of the own words draws.
  static func wholeRehearsal() throws -> Int {
    let harness = try OverlayHarness()
    let preparer = CountingPreparer(holdsFirst: false)
    harness.overlay.prepareText(on: canvas(with: preparer))
    #expect(harness.overlay.waitForTextPreparation(timeout: 30))
    return try #require(preparer.linesPerRehearsal.first)
  }

  @Test func aCancelledRehearsalStopsAtItsNextStateAndTheOverlayDoesNotWaitForIt() throws {
    let whole = try Self.wholeRehearsal()
    #expect(whole == 718, "a rehearsal draws every view's words through each countdown: \(whole)")

    let harness = try OverlayHarness()
    let preparer = CountingPreparer(holdsFirst: true)
    harness.overlay.prepareText(on: Self.canvas(with: preparer))
    #expect(preparer.entered.wait(timeout: .now() + 30) == .success)
    harness.overlay.cancelTextPreparation()
    preparer.gate.signal()
    #expect(harness.overlay.waitForTextPreparation(timeout: 30))
    let drawn = try #require(preparer.linesPerRehearsal.first)
    #expect(drawn < whole / 10, "the cancelled rehearsal went on: \(drawn) of \(whole) lines")
  }

  @Test func newWordsSupersedeARehearsalUnderWayAndAreRehearsedWhole() throws {
    let whole = try Self.wholeRehearsal()
    let harness = try OverlayHarness()
    let preparer = CountingPreparer(holdsFirst: true)
    let canvas = Self.canvas(with: preparer)
    harness.overlay.prepareText(on: canvas)
    #expect(preparer.entered.wait(timeout: .now() + 30) == .success)
    // New words while the first rehearsal is held: the canvas noted again rehearses them.
    #expect(harness.overlay.setString("Anzeige", for: "label.ad"))
    harness.overlay.prepareText(on: canvas)
    preparer.gate.signal()
    #expect(harness.overlay.waitForTextPreparation(timeout: 30))
    let counts = preparer.linesPerRehearsal
    #expect(counts.count == 2, "one rehearsal per change of words: \(counts)")
    #expect(counts.first.map { $0 < whole / 10 } == true, "the superseded rehearsal went on: \(counts) of \(whole)")
    #expect(counts.last == whole, "the latest words were rehearsed whole: \(counts) of \(whole)")
  }
}
