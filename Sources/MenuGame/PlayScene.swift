import IntermissionCore

/// A tiny playable scene: catch the bouncing square by clicking it (or pressing Space while the
/// pointer is on it). Shows the score and a Back button; Escape goes back.
public final class PlayScene: Scene {
  /// Points scored.
  public private(set) var score = 0
  private var scoreLabel = "Score: 0"
  private var backButton = Button(title: "Back")
  /// The target's position, in window coordinates.
  public private(set) var target = Rect(x: 100, y: 140, width: 56, height: 56)
  private var velocity = (x: 180.0, y: 130.0)
  private var pointer = Point.zero

  /// Creates the scene.
  public init() {
    super.init(name: "Play")
  }

  /// Gameplay carries no banner: the player clicks continuously here.
  public override var carriesBanner: Bool { false }

  /// The play field: below the header, above the bottom inset.
  public var field: Rect {
    let size = viewSize
    return Rect(x: 0, y: 70, width: size.width, height: max(80, size.height - 70 - bottomInset))
  }

  public override func layoutDidChange() {
    backButton.frame = Rect(x: 12, y: 12, width: 100, height: 40)
    target.origin.x = min(max(field.minX, target.minX), field.maxX - target.width)
    target.origin.y = min(max(field.minY, target.minY), field.maxY - target.height)
  }

  public override func update(delta: Double) {
    let area = field
    target.origin.x += velocity.x * delta
    target.origin.y += velocity.y * delta
    if target.minX < area.minX || target.maxX > area.maxX {
      velocity.x = -velocity.x
      target.origin.x = min(max(area.minX, target.minX), area.maxX - target.width)
    }
    if target.minY < area.minY || target.maxY > area.maxY {
      velocity.y = -velocity.y
      target.origin.y = min(max(area.minY, target.minY), area.maxY - target.height)
    }
  }

  public override func handle(_ event: InputEvent) -> Bool {
    switch event {
    case .keyDown(.escape), .keyDown(.backspace):
      director?.pop()
      return true
    case .keyDown(.space):
      if target.contains(pointer) { scorePoint() }
      return true
    case .pointerMoved(let point):
      pointer = point
    case .pointerDown(let point) where target.contains(point):
      scorePoint()
      return true
    default:
      break
    }
    switch backButton.handle(event) {
    case .ignored: return false
    case .consumed: return true
    case .activated:
      director?.audio?.play(.click)
      director?.pop()
      return true
    }
  }

  private func scorePoint() {
    director?.audio?.play(.caught)
    score += 1
    scoreLabel = "Score: \(score)"
    velocity = (velocity.x * 1.08, velocity.y * 1.08)
  }

  public override func draw(on canvas: any Canvas) {
    let size = viewSize
    canvas.fill(field, color: Theme.panelAlternate)
    canvas.drawText(
      scoreLabel, style: .heading, color: Theme.text, in: Rect(x: 0, y: 12, width: size.width, height: 40),
      alignment: .center)
    canvas.fill(target, color: Theme.accent)
    canvas.outline(target, color: Theme.text, thickness: 2)
    backButton.draw(on: canvas)
  }
}
