/// The user pause: a pause button in the top-right corner and the `P` key toggle the director's
/// `.user` hold, and a "Paused" banner is drawn while it is held.
///
/// It is an overlay, so it keeps working while the director is stopped.
public final class PauseControl: Overlay {
  private weak var target: (any PauseTarget)?
  private var viewSize = Size(width: 0, height: 0)
  private var button = Button(title: "")
  private var drawnState: (held: Bool, hovered: Bool, pressed: Bool)?

  /// Creates the control for `target` (kept weakly): the `.user` hold is its to hold and release.
  public init(pauseTarget target: any PauseTarget) {
    self.target = target
  }

  /// Creates the control for `director`.
  public convenience init(director: Director) {
    self.init(pauseTarget: director)
  }

  /// Where the pause button is for a view of `size`: smaller in small windows, whose scenes need
  /// the room.
  public static func buttonFrame(in size: Size) -> Rect {
    isSmall(size)
      ? Rect(x: size.width - 40, y: 6, width: 34, height: 28) : Rect(x: size.width - 60, y: 12, width: 48, height: 40)
  }

  /// Whether a view of `size` gets the small pause button.
  public static func isSmall(_ size: Size) -> Bool { size.width < 360 || size.height < 300 }

  /// Whether the user holds the director paused.
  public var isPaused: Bool { target?.isHeld(by: .user) ?? false }

  /// Toggles the user's hold.
  public func toggle() {
    if isPaused { target?.release(.user) } else { target?.hold(.user) }
  }

  // MARK: - Overlay

  public func viewSizeDidChange(to size: Size) { viewSize = size }

  public func update(hostTime: Double) {
    button.frame = PauseControl.buttonFrame(in: viewSize)
  }

  public func handle(_ event: InputEvent) -> Bool {
    if case .keyDown(.character("p")) = event {
      toggle()
      return true
    }
    switch button.handle(event) {
    case .ignored: return false
    case .consumed: return true
    case .activated:
      toggle()
      return true
    }
  }

  public var isAnimating: Bool { false }

  public var nextWakeTime: Double? { nil }

  public var needsDisplay: Bool {
    guard let drawnState else { return true }
    return drawnState != (isPaused, button.isHovered, button.isPressed)
  }

  public func draw(on canvas: any Canvas) {
    drawnState = (isPaused, button.isHovered, button.isPressed)
    let size = canvas.size
    if isPaused {
      canvas.fill(
        Rect(x: 0, y: 0, width: size.width, height: size.height), color: Color(red: 0, green: 0, blue: 0, alpha: 96))
      let band = Rect(x: 0, y: size.height * 0.42 - 52, width: size.width, height: 104)
      canvas.fill(band, color: Color(red: 0, green: 0, blue: 0, alpha: 215))
      canvas.drawText(
        "Paused", style: .title, color: Theme.accent, in: Rect(x: 0, y: band.minY + 6, width: size.width, height: 60),
        alignment: .center)
      canvas.drawText(
        "Press P or the button to resume", style: .caption, color: Theme.text,
        in: Rect(x: 0, y: band.minY + 68, width: size.width, height: 28), alignment: .center)
    }
    button.draw(on: canvas, style: .heading)
    PauseControl.drawIcon(paused: isPaused, in: button.frame, on: canvas)
  }

  /// The pause icon (two bars) while running, the resume icon (a triangle pointing right) while
  /// paused, centred in `frame` and drawn as shapes.
  static func drawIcon(paused: Bool, in frame: Rect, on canvas: any Canvas) {
    let side = (min(frame.width, frame.height) * 0.5).rounded()
    let box = Rect(
      x: (frame.midX - side / 2).rounded(), y: (frame.midY - side / 2).rounded(), width: side, height: side)
    if paused {
      // Rows one point high, each as long as the triangle is wide there.
      let rows = Int(side)
      for row in 0..<rows {
        let distance = abs(Double(row) + 0.5 - side / 2) / (side / 2)
        let length = (side * 0.9 * (1 - distance)).rounded()
        guard length > 0 else { continue }
        canvas.fill(
          Rect(x: box.minX + side * 0.1, y: box.minY + Double(row), width: length, height: 1), color: Theme.text)
      }
    } else {
      let bar = (side * 0.3).rounded()
      canvas.fill(Rect(x: box.minX + side * 0.1, y: box.minY, width: bar, height: side), color: Theme.text)
      canvas.fill(Rect(x: box.maxX - side * 0.1 - bar, y: box.minY, width: bar, height: side), color: Theme.text)
    }
  }
}
