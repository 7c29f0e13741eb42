import IntermissionAds
import IntermissionCore

extension FullscreenPresenter {
  /// Prerolls each ready video ad that is not yet: its file opened and its first picture decoded on
  /// a worker, at the size the view draws it, ahead of its show (`VideoShow.preroll`), so that the
  /// show presents that picture in its first frame rather than waiting for a decoder to start.
  /// None starts while a video plays (`startsPrerolls` false: a second file opened and decoded
  /// would take the playing one's core), nor once the overlay's work stopped. An expired ad's
  /// preroll stops (the ad itself waits for the next show's refusal to be replaced).
  ///
  /// A ready ad's preroll holds its decoder and one picture, and rests (no CPU) until the show.
  func prerollReadyVideos(startsPrerolls: Bool) {
    // Each slot by name: an array of them would be allocated at every frame.
    preroll(interstitials, starts: startsPrerolls)
    preroll(rewardedAds, starts: startsPrerolls)
  }

  private func preroll(_ slot: FullscreenSlot, starts: Bool) {
    guard let video = slot.loaded?.creative.video, !slot.isExpired(at: time) else {
      slot.stopPreroll()
      return
    }
    if let held = slot.prerolledVideo, held.audioChannels != VideoShow.prerollChannels(of: video, sound: videoSound) {
      // Made for other sound (turned on or off since): its show would open the file again.
      slot.stopPreroll()
    }
    guard starts, prerollsVideos, !hasStoppedWork, !slot.hasPrerolledVideo else { return }
    slot.holdPreroll(VideoShow.preroll(video, sound: videoSound, view: view))
  }
}

extension FullscreenPresenter {
  /// How many ready ads hold a prerolled video (for tests).
  package var prerolledVideoCount: Int { [interstitials, rewardedAds].filter(\.hasPrerolledVideo).count }

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
