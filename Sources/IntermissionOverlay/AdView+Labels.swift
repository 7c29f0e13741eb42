import IntermissionAds
import IntermissionCore

extension AdView {
  /// The prize of `creative` as the view's words name it: "5 coins", or "the reward" in the view's
  /// language for an ad that names none.
  func prize(strings: AdStrings) -> String {
    creative.reward.map { "\($0.amount) \($0.type)" } ?? strings.text(.unnamedReward)
  }

  /// Sets the countdown, the status and the question of a full-screen view from its show's state:
  /// a rewarded ad's "Reward in N s" (or "Reward earned") and its give-up question while
  /// `confirming`; an interstitial's whole seconds until Close, none once its countdown is over.
  mutating func setLabels(secondsLeft seconds: Int, isCountdownOver: Bool, earned: Bool, confirming: Bool) {
    switch creative.format {
    case .rewarded:
      let prize = prize(strings: strings)
      status = earned ? strings.rewardEarned(prize) : strings.rewardIn(seconds: seconds)
      confirmation = confirming && !earned ? strings.giveUp(prize) : nil
    default:
      closeCountdown = isCountdownOver ? nil : max(1, seconds)
    }
  }

  /// The heading in its band, and the status line in its middle.
  func drawHeader(on canvas: any Canvas) {
    let header = headerFrame(in: canvas.size)
    canvas.drawText(
      strings.text(.advertisement), style: .caption, color: Theme.mutedText, in: header, alignment: leading,
      language: strings.language, truncating: true)
    if let status {
      canvas.drawText(
        status, style: .body, color: Theme.text, in: header, alignment: .center, language: strings.language,
        truncating: true)
    }
  }

  /// The question above the footer, on the accent colour, when the view asks one: its panel's top
  /// `fromBottom` points above the view's bottom.
  func drawConfirmation(on canvas: any Canvas, fromBottom: Double) {
    guard let confirmation else { return }
    let size = canvas.size
    let panel = Rect(x: 24, y: size.height - fromBottom, width: max(0, size.width - 48), height: 44)
    canvas.fill(panel, color: Theme.accent)
    canvas.drawText(
      confirmation, style: .body, color: Color(hex: 0x0B0F1A), in: panel, alignment: .center,
      language: strings.language, truncating: true)
  }
}
