import Foundation
import IntermissionAds
import IntermissionCore
import IntermissionOverlay
import IntermissionTestSupport
import MenuGame
import Testing

extension AudioTests {
  /// A rewarded ad from the demo's Bonus: the game is silent from the ad's first frame to its
  /// dismissal, and the music then goes on where it stopped, sample for sample.
  @Test func aRewardedAdSilencesTheGameUntilItIsDismissedAndTheMusicGoesOnWhereItStopped() throws {
    let runner = try ProgramRunner()
    let manifest = try ShippedManifest.quickRewardedAds(runner)
    let bonus = MenuScene.buttonFrame(
      .bonus, in: Size(width: 960, height: 640), bottomInset: AdBanner.height(forWidth: 960))
    let capture = try record(
      "1.0 click \(Int(bonus.midX)) \(Int(bonus.midY))\n1.5 key Return\n3.0 key Escape\n",
      arguments: ["--ads", manifest])
    let shown = try #require(capture.time(of: "fullscreen.shown", "\"format\":\"rewarded\""), "\(capture.trace)")
    let paused = try #require(capture.time(of: "game.paused", "\"reason\":\"ad\""))
    let dismissed = try #require(capture.time(of: "fullscreen.dismissed", "\"format\":\"rewarded\""))
    let resumed = try #require(capture.time(of: "game.resumed", "\"reason\":\"ad\""))
    #expect(capture.trace.contains { $0.contains(#""event":"rewarded.earned""#) }, "watched to the end")
    #expect(paused == shown && resumed == dismissed, "held exactly while the ad was open")
    // The clicks of Bonus and of the offer sound over the music before the ad: only what follows
    // the silence is compared with the music.
    try expectOneSilence(in: capture, clicksBefore: true)
  }
}
