import IntermissionCore

/// An overlay that covers a settable height at the bottom, like a banner, and draws nothing.
public final class InsetOverlay: Overlay {
  /// The height it covers.
  public var inset: Double = 0

  public init() {}

  public var bottomInset: Double { inset }
  public func update(hostTime: Double) {}
  public func draw(on canvas: any Canvas) {}
  public func handle(_ event: InputEvent) -> Bool { false }
  public var isAnimating: Bool { false }
  public var nextWakeTime: Double? { nil }
  public var needsDisplay: Bool { false }
}
