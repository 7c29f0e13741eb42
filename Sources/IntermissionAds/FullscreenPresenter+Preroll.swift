import IntermissionCore

extension FullscreenPresenter {
  /// Prerolls each ready video ad that is not yet: its file opened and its first picture decoded on
  /// a worker, at the size the view draws it, ahead of its show (`VideoShow.preroll`), so that the
  /// show presents that picture in its first frame rather than waiting for a decoder to start. A
  /// discarded or expired ad's preroll stops with it; an ended overlay's in `stopWork()`.
  ///
  /// A ready ad's preroll holds its decoder and one picture, and rests (no CPU) until the show.
  func prerollReadyVideos() {
    guard prerollsVideos else { return }
    // Each slot by name: an array of them would be allocated at every frame.
    preroll(interstitials)
    preroll(rewardedAds)
  }

  private func preroll(_ slot: FullscreenSlot) {
    guard let video = slot.loaded?.creative.video, !slot.isExpired(at: time) else {
      // An expired ad waits for the next show's refusal to be replaced: its decoder does not.
      slot.stopPreroll()
      return
    }
    if slot.prerolledVideo == nil { slot.prerolledVideo = VideoShow.preroll(video, sound: videoSound, view: view) }
  }
}

extension FullscreenPresenter {
  /// How many ready ads hold a prerolled video (for tests).
  package var prerolledVideoCount: Int { [interstitials, rewardedAds].filter { $0.prerolledVideo != nil }.count }

  /// Waits, at most `timeout` seconds, until every prerolled video has its first picture (or its
  /// decoding ended): for tests.
  /// - Returns: whether every one has its picture.
  package func waitForPrerolls(timeout: Double) -> Bool {
    let deadline = MonotonicClock.readSeconds() + timeout
    return [interstitials, rewardedAds].allSatisfy { slot in
      slot.prerolledVideo?.waitForFirstFrame(timeout: max(0, deadline - MonotonicClock.readSeconds())) ?? true
    }
  }
}
