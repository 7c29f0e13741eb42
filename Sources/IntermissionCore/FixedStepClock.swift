/// A clock where every frame advances exactly `1 / fps` seconds of host time and nothing else does.
public final class FixedStepClock: HostClock {
  /// The frame rate; one frame is `1 / fps` seconds.
  public let fps: Double
  /// How many frames have passed.
  public private(set) var frame: Int = 0

  /// Creates a clock at time 0.
  public init(fps: Double) {
    precondition(fps > 0, "fps must be positive")
    self.fps = fps
  }

  /// `frame / fps`, computed from the frame count so that no rounding error accumulates.
  public var now: Double { Double(frame) / fps }

  /// Always true.
  public var isFixedStep: Bool { true }

  /// Advances one frame.
  public func advanceFrame() { frame += 1 }
}
