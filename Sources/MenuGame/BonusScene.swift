import IntermissionAds
import IntermissionCore
import IntermissionOverlay

/// The Bonus screen: the player's coins and an offer, "Watch an ad for 50 coins", that shows the
/// rewarded ad. The coins come through the menu's reward handler into the game's save
/// (`GameSave`); this screen says what happened: earned, given up, or why no ad showed. Return or
/// Space watches; Escape or Back goes back.
package final class BonusScene: Scene {
  private let save: GameSave
  private var watchButton = Button(title: BonusScene.offer(amount: BonusScene.defaultAmount))
  private var backButton = Button(title: "Back")
  /// What the last attempt came to, shown under the offer.
  package private(set) var status = ""
  private var coinsLabel = ""
  private var shownCoins = -1

  /// The placement the offer shows its ad at.
  package static let placement = "bonus_coins"
  /// The amount offered before an ad is ready to say its own.
  package static let defaultAmount = 50

  /// Creates the screen over the game's save.
  package init(save: GameSave) {
    self.save = save
    super.init(name: "Bonus")
    refreshCoins()
  }

  /// The offer's words for `amount` coins.
  package static func offer(amount: Int) -> String { "Watch an ad for \(amount) coins" }

  /// The title on the offer's button.
  package var offerTitle: String { watchButton.title }

  /// Where the offer's button is in a view of `size` whose bottom `bottomInset` points are covered.
  package static func watchFrame(in size: Size, bottomInset: Double = 0) -> Rect {
    let width = min(360, size.width - 32)
    let free = max(0, size.height - bottomInset)
    let height = free >= 300 ? 52.0 : 40.0
    let top = min(max(SceneHeader.backFrame(in: size).maxY + 64, free * 0.4), max(0, free - height - 40))
    return Rect(x: (size.width - width) / 2, y: top, width: width, height: height)
  }

  package override func didEnter() {
    director?.adOverlay?.fullscreen.onEvent = { [weak self] event in self?.hear(event) }
  }

  package override func willExit() {
    director?.adOverlay?.fullscreen.onEvent = nil
  }

  package override func layoutDidChange() {
    backButton.frame = SceneHeader.backFrame(in: viewSize)
    watchButton.frame = BonusScene.watchFrame(in: viewSize, bottomInset: bottomInset)
  }

  package override func update(delta: Double) {
    let amount = director?.adOverlay?.fullscreen.offeredReward?.amount ?? BonusScene.defaultAmount
    let title = BonusScene.offer(amount: amount)
    if watchButton.title != title { watchButton.title = title }
    refreshCoins()
  }

  private func refreshCoins() {
    guard shownCoins != save.coins else { return }
    shownCoins = save.coins
    coinsLabel = "Coins: \(save.coins)"
  }

  package override func handle(_ event: InputEvent) -> Bool {
    switch event {
    case .keyDown(.escape), .keyDown(.backspace):
      director?.pop()
      return true
    case .keyDown(.returnKey), .keyDown(.space):
      watch()
      return true
    default:
      break
    }
    switch watchButton.handle(event) {
    case .ignored: break
    case .consumed: return true
    case .activated:
      watch()
      return true
    }
    return SceneHeader.handleBack(event, button: &backButton, director: director) ?? false
  }

  /// Asks for the rewarded ad; a refusal is said at once.
  private func watch() {
    director?.audio?.play(.click)
    guard let ads = director?.adOverlay?.fullscreen else {
      status = "No ads in this run"
      return
    }
    if let refusal = ads.showRewarded(placement: BonusScene.placement) {
      status = "No ad right now (\(refusal.rawValue))"
    } else {
      status = ""
    }
  }

  private func hear(_ event: FullscreenEvent) {
    guard event.format == .rewarded, event.placement == BonusScene.placement else { return }
    switch event.kind {
    case .earned:
      if let reward = event.reward { status = "+\(reward.amount) \(reward.type): thank you for watching" }
    case .forfeited:
      status = "Closed early: no coins this time"
    case .failed:
      status = "The ad could not be shown"
    default:
      break
    }
  }

  package override func draw(on canvas: any Canvas) {
    let size = viewSize
    if let titleFrame = SceneHeader.titleFrame(in: size) {
      canvas.drawText("Bonus", style: .heading, color: Theme.text, in: titleFrame, alignment: .center)
    }
    let watch = watchButton.frame
    canvas.drawText(
      coinsLabel, style: .title, color: Theme.text,
      in: Rect(
        x: 16, y: max(SceneHeader.backFrame(in: size).maxY + 4, watch.minY - 60), width: size.width - 32, height: 52),
      alignment: .center)
    watchButton.draw(on: canvas, style: watch.height >= 48 ? .heading : .body)
    canvas.drawText(
      status, style: .body, color: Theme.mutedText,
      in: Rect(x: 16, y: watch.maxY + 8, width: size.width - 32, height: 28), alignment: .center)
    backButton.draw(on: canvas, style: SceneHeader.backStyle(in: size))
  }
}
