import IntermissionCore

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The title screen: Play, Sound, Credits and Leaderboard, with a moving decoration so that a
/// stopped director shows at a glance. Mouse and keyboard (arrows and Return) both work.
public final class MenuScene: Scene {
  private let settings: GameSettings
  private var buttons: [Button] = [
    Button(title: "Play"), Button(title: "Sound: On"), Button(title: "Credits"), Button(title: "Leaderboard"),
  ]
  private var focusedIndex: Int?
  /// Seconds of scene time the menu has run; drives the decoration.
  public private(set) var elapsed: Double = 0

  /// The index of each button, for readers and tests.
  public enum Item: Int, CaseIterable {
    case play, sound, credits, leaderboard
  }

  /// Creates the menu.
  public init(settings: GameSettings) {
    self.settings = settings
    super.init(name: "Menu")
    refreshSoundTitle()
  }

  /// Where the button for `item` is in a view of `size`.
  public static func buttonFrame(_ item: Item, in size: Size) -> Rect {
    let width = min(300, size.width - 40)
    let height = 52.0
    let spacing = 14.0
    let top = max(140, size.height * 0.36)
    return Rect(
      x: (size.width - width) / 2, y: top + Double(item.rawValue) * (height + spacing), width: width, height: height)
  }

  /// The title shown on `item`'s button.
  public func title(of item: Item) -> String { buttons[item.rawValue].title }

  /// Starts the music (once: it goes on through the other scenes) with the Sound setting applied.
  public override func didEnter() {
    director?.audio?.isMuted = !settings.soundEnabled
    director?.audio?.startMusic()
  }

  public override func layoutDidChange() {
    for item in Item.allCases {
      buttons[item.rawValue].frame = MenuScene.buttonFrame(item, in: viewSize)
    }
  }

  public override func update(delta: Double) {
    elapsed += delta
  }

  public override func handle(_ event: InputEvent) -> Bool {
    switch event {
    case .keyDown(.down), .keyDown(.tab):
      moveFocus(by: 1)
      return true
    case .keyDown(.up):
      moveFocus(by: -1)
      return true
    case .keyDown(.returnKey), .keyDown(.space):
      if let focusedIndex, let item = Item(rawValue: focusedIndex) { activate(item) }
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
        if let item = Item(rawValue: index) { activate(item) }
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
    case .sound:
      refreshSoundTitle()
    case .credits:
      director?.push(ListScene.credits())
    case .leaderboard:
      director?.push(ListScene.leaderboard())
    }
  }

  private func refreshSoundTitle() {
    buttons[Item.sound.rawValue].title = settings.soundEnabled ? "Sound: On" : "Sound: Off"
  }

  public override func draw(on canvas: any Canvas) {
    let size = viewSize
    drawDecoration(on: canvas, size: size)
    let titleBand = Rect(x: 0, y: max(20, size.height * 0.1), width: size.width, height: 64)
    canvas.drawText("Intermission", style: .title, color: Theme.text, in: titleBand, alignment: .center)
    canvas.drawText(
      "a game loop host with an ad break", style: .body, color: Theme.mutedText,
      in: titleBand.offsetBy(dx: 0, dy: 54), alignment: .center)
    for button in buttons { button.draw(on: canvas) }
  }

  /// Orbiting squares around the title, driven by scene time: they freeze when the director stops.
  private func drawDecoration(on canvas: any Canvas, size: Size) {
    let centre = Point(x: size.width / 2, y: max(20, size.height * 0.1) + 40)
    let radiusX = min(260, size.width * 0.42)
    let count = 12
    for index in 0..<count {
      let angle = elapsed * 1.2 + Double(index) * (2 * Double.pi / Double(count))
      let x = centre.x + radiusX * cos(angle)
      let y = centre.y + 36 * sin(angle)
      let side = 8 + 4 * (1 + sin(angle))
      let color = Theme.accent.withOpacity(0.35 + 0.65 * (1 + sin(angle)) / 2)
      canvas.fill(Rect(x: x - side / 2, y: y - side / 2, width: side, height: side), color: color)
    }
  }
}
