import Intermission

/// A square that bounces across the view, above the banner: the whole game.
public final class BounceScene: Scene {
  /// How many times the game has been updated: it stops while anything holds the game.
  public private(set) var updates = 0
  /// The square's position.
  public private(set) var position = Point(x: 40, y: 40)
  private var velocity = (x: 240.0, y: 180.0)

  /// Creates the scene.
  public init() { super.init(name: "Bounce") }

  public override func update(delta: Double) {
    updates += 1
    let field = Size(width: viewSize.width, height: viewSize.height - bottomInset)
    position.x += velocity.x * delta
    position.y += velocity.y * delta
    if position.x < 0 || position.x > field.width - 40 { velocity.x = -velocity.x }
    if position.y < 0 || position.y > field.height - 40 { velocity.y = -velocity.y }
    position.x = min(max(0, position.x), max(0, field.width - 40))
    position.y = min(max(0, position.y), max(0, field.height - 40))
  }

  public override func draw(on canvas: any Canvas) {
    canvas.fill(Rect(x: position.x, y: position.y, width: 40, height: 40), color: Theme.accent)
  }
}
