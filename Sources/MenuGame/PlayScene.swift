import IntermissionAds
import IntermissionCore
import IntermissionOverlay

/// A tiny playable scene: catch the bouncing square by clicking it (or pressing Space while the
/// pointer is on it). Shows the score and a Back button; Escape goes back. Leaving after a round
/// (`roundSeconds` of play) is a natural break: it asks for an interstitial at `level_end`, which
/// shows over the menu when the library's pacing allows it (and is refused, traced, when not).
package final class PlayScene: Scene {
  /// Points scored.
  package private(set) var score = 0
  private var scoreLabel = "Score: 0"
  private var backButton = Button(title: "Back")
  /// The target's position, in window coordinates.
  package private(set) var target = Rect(x: 100, y: 140, width: 56, height: 56)
  private var velocity = (x: 180.0, y: 130.0)
  private var pointer = Point.zero
  /// Seconds left of the flash that answers a catch.
  package private(set) var flash = 0.0
  /// How long a catch flashes.
  package static let flashDuration = 0.15
  /// Seconds of play that make a round: leaving after one asks for an interstitial.
  package static let roundSeconds = 10.0
  /// The placement of the interstitial after a round.
  package static let placement = "level_end"
  /// Seconds of scene time played.
  package private(set) var played = 0.0
  /// The one line that says how to play.
  package static let instructions = "Catch the square: click it, or press Space with the pointer on it"

  /// Creates the scene.
  package init() {
    super.init(name: "Play")
  }

  /// Gameplay carries no banner: the player clicks continuously here.
  package override var carriesBanner: Bool { false }

  /// The play field: below the header, above the bottom inset.
  package var field: Rect {
    let size = viewSize
    return Rect(x: 0, y: 70, width: size.width, height: max(80, size.height - 70 - bottomInset))
  }

  package override func layoutDidChange() {
    backButton.frame = SceneHeader.backFrame(in: viewSize)
    target.origin.x = min(max(field.minX, target.minX), field.maxX - target.width)
    target.origin.y = min(max(field.minY, target.minY), field.maxY - target.height)
  }

  package override func update(delta: Double) {
    played += delta
    flash = max(0, flash - delta)
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

  package override func handle(_ event: InputEvent) -> Bool {
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
    return SceneHeader.handleBack(event, button: &backButton, director: director) ?? false
  }

  /// Leaving after a round is a break: the interstitial shows over the menu if pacing allows.
  package override func willExit() {
    if played >= PlayScene.roundSeconds {
      director?.adOverlay?.fullscreen.showInterstitial(placement: PlayScene.placement)
    }
  }

  private func scorePoint() {
    director?.audio?.play(.caught)
    flash = PlayScene.flashDuration
    score += 1
    scoreLabel = "Score: \(score)"
    velocity = (velocity.x * 1.08, velocity.y * 1.08)
  }

  package override func draw(on canvas: any Canvas) {
    let size = viewSize
    canvas.fill(field, color: Theme.panelAlternate)
    if flash > 0 {
      canvas.fill(field, color: Theme.accent.withOpacity(0.25 * flash / PlayScene.flashDuration))
    }
    canvas.drawText(
      PlayScene.instructions, style: .caption, color: Theme.mutedText,
      in: Rect(x: 8, y: field.minY + 4, width: max(0, size.width - 16), height: 22), alignment: .center)
    if let titleFrame = SceneHeader.titleFrame(in: size) {
      canvas.drawText(scoreLabel, style: .heading, color: Theme.text, in: titleFrame, alignment: .center)
    }
    canvas.fill(target, color: flash > 0 ? Theme.text : Theme.accent)
    canvas.outline(target, color: Theme.text, thickness: 2)
    backButton.draw(on: canvas, style: SceneHeader.backStyle(in: size))
  }
}
