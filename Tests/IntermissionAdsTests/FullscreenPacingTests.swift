import IntermissionAds
import Testing

@Suite("Full-screen pacing")
struct FullscreenPacingTests {
  @Test func anHourOfAskingEveryTenSecondsShowsSixInterstitialsAtTheirTimes() {
    var pacing = FullscreenPacing()
    var shown: [Double] = []
    var refusals: [FullscreenPacing.Refusal: Int] = [:]
    for step in 0...365 {
      let time = Double(step) * 10
      if let refusal = pacing.refusal(forInterstitialAt: time) {
        refusals[refusal, default: 0] += 1
      } else {
        pacing.interstitialShown(at: time)
        shown.append(time)
      }
    }
    // None in the first 30 s; then one a minute until six in the hour; the seventh waits until the
    // hour since the first has passed.
    #expect(shown == [30, 90, 150, 210, 270, 330, 3630])
    #expect(refusals[.sessionStart] == 3, "0, 10 and 20 s")
    // Paced: the five steps after each of the first six, the two after the seventh. Capped: 390 s
    // to 3620 s.
    #expect(refusals[.pacing] == 32 && refusals[.cap] == 324, "\(refusals)")
    #expect(pacing.refusal(forInterstitialAt: 3640) == .pacing)
  }

  @Test func theRulesAreTheGamesToSet() {
    var rules = FullscreenPacing.Rules()
    rules.sessionStartDelay = 0
    rules.minimumInterval = 10
    rules.maximumPerHour = 2
    var pacing = FullscreenPacing(rules: rules)
    #expect(pacing.refusal(forInterstitialAt: 0) == nil)
    pacing.interstitialShown(at: 0)
    #expect(pacing.refusal(forInterstitialAt: 9.9) == .pacing)
    pacing.interstitialShown(at: 10)
    #expect(pacing.refusal(forInterstitialAt: 100) == .cap)
    #expect(pacing.refusal(forInterstitialAt: 3600) == nil, "an hour after the first")
  }

  @Test func rewardedAdsAreNeverPacedButAPlacementMayHaveACap() {
    var rules = FullscreenPacing.Rules()
    rules.rewardedCapsPerHour = ["bonus_coins": 2]
    var pacing = FullscreenPacing(rules: rules)
    #expect(pacing.refusal(forRewardedAt: 0, placement: "bonus_coins") == nil, "not even at the session's start")
    pacing.rewardedShown(at: 0, placement: "bonus_coins")
    pacing.rewardedShown(at: 1, placement: "bonus_coins")
    #expect(pacing.refusal(forRewardedAt: 2, placement: "bonus_coins") == .cap)
    #expect(pacing.refusal(forRewardedAt: 2, placement: "revive") == nil, "another placement has no cap")
    #expect(pacing.refusal(forRewardedAt: 3600.5, placement: "bonus_coins") == nil)
    // Interstitials do not count against rewarded ads, nor the other way round.
    #expect(pacing.refusal(forInterstitialAt: 40) == nil)
  }
}
