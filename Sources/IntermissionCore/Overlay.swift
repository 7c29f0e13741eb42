/// Something drawn above the scene that belongs to the host, not to any scene (the pause control,
/// the ad banner), in the manner of cocos2d-x's notification node.
///
/// Overlays run on host time: they are updated, drawn and given input first even while the director
/// is stopped.
public protocol Overlay: AnyObject {
  /// Called when a frame begins at `hostTime`, before the frame's input: input is then judged at
  /// the frame's time, not at the last update's (which is long past after an idle host slept).
  func frameDidBegin(at hostTime: Double)

  /// Advances the overlay to `hostTime` (seconds).
  func update(hostTime: Double)

  /// Draws the overlay above the scene.
  func draw(on canvas: any Canvas)

  /// Handles input before the scene does. Returns true if the event was consumed.
  func handle(_ event: InputEvent) -> Bool

  /// Whether the overlay is animating, so the host must keep presenting frames.
  var isAnimating: Bool { get }

  /// The next host time at which the overlay has work to do (a timer), if any; an idle host wakes then.
  var nextWakeTime: Double? { get }

  /// Whether the overlay must be composited again since it was last drawn (hover, state changes).
  var needsDisplay: Bool { get }

  /// Called after scene changes are applied, with the scene that runs now (nil for none), in the
  /// same frame; also when the overlay is added.
  func runningSceneDidChange(to scene: Scene?)

  /// Called when the view's size changes, and when the overlay is added.
  func viewSizeDidChange(to size: Size)

  /// The height at the bottom of the view that the overlay covers; the director gives scenes the
  /// largest of its overlays' insets.
  var bottomInset: Double { get }

  /// Whether the overlay's drawing covers the whole view with opaque pixels (a full-screen ad):
  /// the stopped scene beneath is not composited then, since nothing of it would show.
  var coversView: Bool { get }
}

extension Overlay {
  /// Most overlays judge no input by time.
  public func frameDidBegin(at hostTime: Double) {}

  /// Most overlays do not care which scene runs.
  public func runningSceneDidChange(to scene: Scene?) {}

  /// Most overlays read the size when they need it.
  public func viewSizeDidChange(to size: Size) {}

  /// Most overlays cover nothing for good.
  public var bottomInset: Double { 0 }

  /// Most overlays let the scene show through.
  public var coversView: Bool { false }
}
