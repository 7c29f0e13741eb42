import IntermissionCore
import IntermissionTestSupport
import Testing

@Suite("Pause ownership")
struct PauseOwnershipTests {
  static let holders: [PauseHolder] = [.user, .window, .ad, .custom("cutscene")]

  @Test func oneReleaseNeverUndoesAnotherHold() {
    let director = Director(viewSize: Size(width: 100, height: 100))
    director.hold(.user)
    director.hold(.ad)
    director.release(.ad)
    #expect(!director.isRunning, "the ad's release must not resume a director the user paused")
    director.release(.window)  // never held: changes nothing
    #expect(!director.isRunning)
    director.release(.user)
    #expect(director.isRunning)
  }

  @Test func holdingTwiceIsOneHold() {
    let director = Director(viewSize: Size(width: 100, height: 100))
    director.hold(.user)
    director.hold(.user)
    director.release(.user)
    #expect(director.isRunning)
  }

  /// Every ordering of holds and releases of three holders: the director runs exactly when nobody
  /// holds it, and pause/resume events come exactly at the transitions, naming the holder.
  @Test func everyOrderingOfThreeHoldersFollowsTheRule() {
    let steps: [(PauseHolder, Bool)] = [
      (.user, true), (.user, false), (.window, true), (.window, false), (.ad, true), (.ad, false),
    ]
    var checked = 0
    for permutation in permutations(of: Array(steps.indices)) {
      check(sequence: permutation.map { steps[$0] })
      checked += 1
    }
    #expect(checked == 720)
  }

  /// Long generated sequences over four holders, including repeated holds and releases of holds
  /// that are not held.
  @Test(arguments: [1, 2, 3, 42, 2024] as [UInt64])
  func generatedSequencesFollowTheRule(seed: UInt64) {
    var generator = SeededGenerator(seed: seed)
    for _ in 0..<50 {
      let length = Int.random(in: 1...60, using: &generator)
      var sequence: [(PauseHolder, Bool)] = []
      for _ in 0..<length {
        sequence.append((PauseOwnershipTests.holders.randomElement(using: &generator)!, Bool.random(using: &generator)))
      }
      check(sequence: sequence)
    }
  }

  private func check(sequence: [(PauseHolder, Bool)]) {
    let director = Director(viewSize: Size(width: 100, height: 100))
    var events: [DirectorEvent] = []
    let audio = RecordingAudio()
    director.audio = audio
    // The sound pauses at the very moments the director does: checked inside the event handler.
    director.eventHandler = { event in
      events.append(event)
      if case .paused = event { #expect(audio.isPaused) } else if case .resumed = event { #expect(!audio.isPaused) }
    }
    var model: Set<PauseHolder> = []
    for (holder, held) in sequence {
      let wasRunning = model.isEmpty
      let changesHolds = held != model.contains(holder)
      events.removeAll()
      director.setHold(holder, held)
      if held { model.insert(holder) } else { model.remove(holder) }
      #expect(director.isRunning == model.isEmpty, "after \(held ? "hold" : "release") \(holder) in \(sequence)")
      #expect(director.holds.contains(holder) == held)
      #expect(audio.isPaused == !model.isEmpty, "the sound is paused exactly while the director is stopped")
      // Every change of a hold is heard (pause.held, pause.released); a change of the running
      // state only at the first hold and the last release, after it.
      var expected: [DirectorEvent] = changesHolds ? [held ? .held(reason: holder) : .released(reason: holder)] : []
      switch (wasRunning, model.isEmpty) {
      case (true, false): expected.append(.paused(reason: holder))
      case (false, true): expected.append(.resumed(reason: holder))
      default: break
      }
      #expect(events == expected, "no running-state event without a change of the running state")
    }
  }

  @Test func audioSetLaterLearnsTheCurrentStateAndStaysPausedThroughNestedHolds() {
    let director = Director(viewSize: Size(width: 100, height: 100))
    director.hold(.user)
    let audio = RecordingAudio()
    director.audio = audio
    #expect(audio.isPaused, "a stopped director's new audio starts paused")
    director.hold(.ad)
    director.release(.ad)
    #expect(audio.pauseChanges == [true], "the ad's end does not unpause the player's pause")
    director.release(.user)
    #expect(audio.pauseChanges == [true, false])
  }

  private func permutations(of items: [Int]) -> [[Int]] {
    guard items.count > 1 else { return [items] }
    var result: [[Int]] = []
    for (index, item) in items.enumerated() {
      var rest = items
      rest.remove(at: index)
      for tail in permutations(of: rest) { result.append([item] + tail) }
    }
    return result
  }
}
