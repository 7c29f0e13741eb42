import IntermissionAds
import IntermissionCore
import IntermissionOverlay

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The title screen: Play, Bonus (with the player's coins), Sound, Credits, Leaderboard, Privacy
/// (where the ad overlay has a consent engine: its privacy options) and Quit, with a moving decoration so that a stopped director shows at a glance. Mouse and keyboard
/// (arrows and Return) both work; Escape never quits. Its layout (`MenuLayout`) fits every allowed
/// window size above the banner.
///
/// The menu takes the rewarded ads' rewards for the whole game: each is credited to the save
/// (`GameSave`) once per transaction id, whichever screen is showing, including a reward left
/// pending by a launch that was killed before it could credit it.
package final class MenuScene: Scene {
  private let settings: GameSettings
  /// The items shown, in order: Privacy only where the ad overlay offers privacy options.
  package private(set) var items = Item.shown(offersPrivacy: false)
  private var buttons: [Button] = Item.shown(offersPrivacy: false).map { Button(title: $0.label) }
  /// Where everything is, for the current size and inset.
  package private(set) var layout = MenuLayout(size: Size(width: 960, height: 640), bottomInset: 0, buttonCount: 6)
  private var focusedIndex: Int?
  /// Seconds of scene time the menu has run; drives the decoration.
  package private(set) var elapsed: Double = 0
  private var shownCoins: Int

  /// The index of each button, for readers and tests.
  package enum Item: Int, CaseIterable {
    case play, bonus, sound, credits, leaderboard, privacy, quit

    /// The items a menu shows, in order: Privacy only when `offersPrivacy`.
    package static func shown(offersPrivacy: Bool) -> [Item] {
      allCases.filter { $0 != .privacy || offersPrivacy }
    }

    /// The button's label (`Sound` shows its setting, `Bonus` the coins).
    var label: String {
      switch self {
      case .play: "Play"
      case .bonus: "Bonus"
      case .sound: "Sound: On"
      case .credits: "Credits"
      case .leaderboard: "Leaderboard"
      case .privacy: "Privacy"
      case .quit: "Quit"
      }
    }

    /// The short label of the compact layout.
    var shortLabel: String {
      switch self {
      case .leaderboard: "Scores"
      default: label
      }
    }
  }

  /// Creates the menu.
  package init(settings: GameSettings) {
    self.settings = settings
    shownCoins = settings.save.coins
    super.init(name: "Menu")
    refreshTitles()
  }

  /// Where the button for `item` is in a view of `size` whose bottom `bottomInset` points the
  /// banner covers, on a menu that shows Privacy when `offersPrivacy`.
  package static func buttonFrame(_ item: Item, in size: Size, bottomInset: Double = 0, offersPrivacy: Bool = false)
    -> Rect
  {
    let items = Item.shown(offersPrivacy: offersPrivacy)
    guard let index = items.firstIndex(of: item) else {
      preconditionFailure("a menu without privacy options shows no Privacy button")
    }
    return MenuLayout(size: size, bottomInset: bottomInset, buttonCount: items.count).buttons[index]
  }

  /// The title shown on `item`'s button ("" when the menu does not show it).
  package func title(of item: Item) -> String { items.firstIndex(of: item).map { buttons[$0].title } ?? "" }

  /// Starts the music (once: it goes on through the other scenes) with the Sound setting applied,
  /// and takes the rewards and what each impression earned.
  package override func didEnter() {
    showPrivacyIfOffered()
    director?.audio?.isMuted = !settings.soundEnabled
    director?.audio?.startMusic()
    let save = settings.save
    director?.adOverlay?.fullscreen.onReward = { reward in
      guard reward.type == "coins" else { return }
      save.credit(reward.amount, transactionID: reward.transactionID)
    }
    let earnings = settings.earnings
    director?.adOverlay?.onRevenue = { revenue in
      earnings.count(revenue.revenue.value, of: revenue.currency, eventID: revenue.eventID)
    }
  }

  package override func layoutDidChange() {
    layout = MenuLayout(size: viewSize, bottomInset: bottomInset, buttonCount: buttons.count)
    for index in buttons.indices { buttons[index].frame = layout.buttons[index] }
    refreshTitles()
  }

  /// Shows Privacy exactly while the ad overlay offers privacy options: it learns where the player
  /// is after the launch (a player elsewhere has none).
  private func showPrivacyIfOffered() {
    let offersPrivacy = director?.adOverlay?.offersPrivacyOptions == true
    guard offersPrivacy != items.contains(.privacy) else { return }
    items = Item.shown(offersPrivacy: offersPrivacy)
    buttons = items.map { Button(title: $0.label) }
    focusedIndex = nil
    layoutDidChange()
  }

  package override func update(delta: Double) {
    showPrivacyIfOffered()
    elapsed += delta
    if shownCoins != settings.save.coins { refreshTitles() }
  }

  package override func didResume() {
    refreshTitles()
  }

  package override func handle(_ event: InputEvent) -> Bool {
    switch event {
    case .keyDown(.down), .keyDown(.tab):
      moveFocus(by: 1)
      return true
    case .keyDown(.up):
      moveFocus(by: -1)
      return true
    case .keyDown(.returnKey), .keyDown(.space):
      if let focusedIndex, items.indices.contains(focusedIndex) { activate(items[focusedIndex]) }
      return true
    default:
      break
    }
    var consumed = false
    for index in buttons.indices {
      switch buttons[index].handle(event) {
      case .ignored: break
      case .consumed: consumed = true
      case .activated:
        activate(items[index])
        consumed = true
      }
    }
    return consumed
  }

  private func moveFocus(by step: Int) {
    let count = buttons.count
    let next = focusedIndex.map { ($0 + step + count) % count } ?? (step > 0 ? 0 : count - 1)
    for index in buttons.indices { buttons[index].isFocused = index == next }
    focusedIndex = next
  }

  private func activate(_ item: Item) {
    if item == .sound {
      // Muted before the click, unmuted before it: the click is heard only when sound comes on.
      settings.soundEnabled.toggle()
      director?.audio?.isMuted = !settings.soundEnabled
    }
    director?.audio?.play(.click)
    switch item {
    case .play:
      director?.push(PlayScene())
    case .bonus:
      director?.push(BonusScene(save: settings.save))
    case .sound:
      refreshTitles()
    case .credits:
      director?.push(ListScene.credits())
    case .leaderboard:
      director?.push(ListScene.leaderboard())
    case .privacy:
      director?.adOverlay?.showPrivacyOptions()
    case .quit:
      director?.requestQuit()
    }
  }

  /// The labels for the layout: short ones on narrow buttons; Sound shows its setting either way.
  private func refreshTitles() {
    for (index, item) in items.enumerated() {
      buttons[index].title = layout.usesShortLabels ? item.shortLabel : item.label
    }
    let sound =
      layout.usesShortLabels
      ? (settings.soundEnabled ? "Sound" : "Muted") : (settings.soundEnabled ? "Sound: On" : "Sound: Off")
    shownCoins = settings.save.coins
    let bonus = layout.usesShortLabels ? "Bonus \(shownCoins)" : "Bonus: \(shownCoins) coins"
    for (index, item) in items.enumerated() {
      if item == .sound { buttons[index].title = sound }
      if item == .bonus { buttons[index].title = bonus }
    }
  }

  package override func draw(on canvas: any Canvas) {
    if let band = layout.decoration { drawDecoration(on: canvas, in: band) }
    if let title = layout.title {
      canvas.drawText("Intermission", style: layout.titleStyle, color: Theme.text, in: title, alignment: .center)
    }
    if let subtitle = layout.subtitle {
      canvas.drawText(
        "a game loop host with an ad break", style: .body, color: Theme.mutedText, in: subtitle, alignment: .center)
    }
    for button in buttons { button.draw(on: canvas, style: layout.buttonStyle) }
  }

  /// Squares moving along a wave in their own band, driven by scene time: they freeze when the
  /// director stops, and never cross the text.
  private func drawDecoration(on canvas: any Canvas, in band: Rect) {
    let count = 12
    let side = min(12, band.height / 2)
    for index in 0..<count {
      let phase = elapsed * 0.12 + Double(index) / Double(count)
      let x = band.minX + (phase - phase.rounded(.down)) * (band.width - side)
      let wave = sin(elapsed * 2 + Double(index) * 0.9)
      let y = band.midY - side / 2 + wave * (band.height - side) / 2
      let color = Theme.accent.withOpacity(0.35 + 0.65 * (1 + wave) / 2)
      canvas.fill(Rect(x: x, y: y, width: side, height: side), color: color)
    }
  }
}
