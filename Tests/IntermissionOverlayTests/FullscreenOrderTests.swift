import IntermissionAds
import IntermissionCore
import IntermissionOverlay
import IntermissionTestSupport
import Testing

/// The promised order of full-screen events, over generated sequences of shows, clicks, keys,
/// minimises, player pauses and kills (an overlay dropped mid-show, a new one on the same store).
@Suite("Full-screen event order")
struct FullscreenOrderTests {
  /// One show's events must read: shown, impression?, clicked*, (earned | forfeited)?, dismissed;
  /// or a single refused or failed. Earned only for a rewarded ad, and only before dismissed.
  static func isWellOrdered(_ kinds: [FullscreenEvent.Kind], format: AdFormat) -> Bool {
    if kinds == [.refused] || kinds == [.failed] { return true }
    var rest = kinds[...]
    guard rest.popFirst() == .shown else { return false }
    if rest.first == .impression { rest.removeFirst() }
    while rest.first == .clicked { rest.removeFirst() }
    if rest.first == .earned || rest.first == .forfeited {
      guard format == .rewarded else { return false }
      rest.removeFirst()
    }
    // A show still open at the end (or at a kill) has not been dismissed yet.
    return rest.isEmpty || rest == [.dismissed]
  }

  @Test(arguments: [1, 2, 3, 5, 8, 13, 21, 34] as [UInt64])
  func generatedSequencesKeepTheOrderAndDeliverEachRewardOnce(seed: UInt64) throws {
    var random = SeededGenerator(seed: seed)
    let store = MemoryRewardStore()
    var credited: [String: Int] = [:]
    var earnedEvents = 0
    for _ in 0..<3 {  // three launches; the first two end in a kill
      let h = try OverlayHarness(folder: AdFolder.withFullscreen(closeAfter: 2, rewardAfter: 3), latency: 0) {
        $0.pacing.sessionStartDelay = 0
        $0.pacing.minimumInterval = 5
      }
      h.overlay.fullscreen.rewardStore = store
      var shows: [(format: AdFormat, kinds: [FullscreenEvent.Kind])] = []
      var userPausedBeforeShow = false
      var open: Int?  // the show whose events come now
      // Weakly: the director keeps the overlay, and the overlay this handler.
      h.overlay.fullscreen.onEvent = { [weak director = h.director] event in
        if event.kind == .earned { earnedEvents += 1 }
        switch event.kind {
        case .refused, .failed:
          // A refusal stands alone, even while another show is open.
          shows.append((event.format, [event.kind]))
        case .shown:
          shows.append((event.format, [.shown]))
          open = shows.count - 1
        default:
          guard let index = open else {
            Issue.record("seed \(seed): \(event.kind) outside a show")
            return
          }
          shows[index].kinds.append(event.kind)
          if event.kind == .dismissed { open = nil }
        }
        if event.kind == .dismissed, userPausedBeforeShow {
          // The player's pause outlives the ad.
          #expect(director?.holds.contains(.user) == true)
        }
      }
      h.overlay.fullscreen.onReward = { reward in credited[reward.transactionID, default: 0] += 1 }
      let cta = AdView.callToActionFrame(
        in: h.director.viewSize,
        below: AdView.fullscreenImageFrame(in: h.director.viewSize, imageSize: Size(width: 1280, height: 720)))
      for _ in 0..<120 {
        switch Int.random(in: 0..<10, using: &random) {
        case 0:
          if !h.overlay.fullscreen.isShowing { userPausedBeforeShow = h.director.holds.contains(.user) }
          h.overlay.fullscreen.showRewarded(placement: "bonus")
        case 1:
          if !h.overlay.fullscreen.isShowing { userPausedBeforeShow = h.director.holds.contains(.user) }
          h.overlay.fullscreen.showInterstitial(placement: "break")
        case 2: h.escape()
        case 3: h.click(Point(x: cta.midX, y: cta.midY))
        case 4: h.overlay.noteWindowMinimized(Bool.random(using: &random))
        case 5:
          if !h.overlay.fullscreen.isShowing {
            h.director.setHold(.user, !h.director.holds.contains(.user))
          }
        default: h.frames(Int.random(in: 1...90, using: &random))
        }
      }
      h.frames(2)
      // Rewards recorded before the kill that ended the launch before come first, traced as pending.
      earnedEvents += h.lines(containing: #""pending":true"#).count
      for show in shows {
        #expect(Self.isWellOrdered(show.kinds, format: show.format), "seed \(seed): \(show.kinds)")
      }
      // Never held by a closed ad; a game the ad does not hold is not paused by it.
      if !h.overlay.fullscreen.isShowing, !h.overlay.isAdViewOpen { #expect(!h.director.holds.contains(.ad)) }
    }
    // Every reward reached the handler exactly once across the kills (acknowledged on return): in
    // its show, or, when a kill came first, at the next launch.
    #expect(credited.values.allSatisfy { $0 == 1 }, "seed \(seed): \(credited)")
    #expect(credited.count == earnedEvents)
    #expect(try store.pending().isEmpty)
  }
}
