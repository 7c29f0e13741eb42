/// One frame of a game on the director, the same wherever frames are driven (the host, the tests'
/// harness, the benchmark): the trace's frame begins at the host time, the director advances
/// (overlays, the scene, pending scene changes), and the frame is drawn.
///
/// A driver with input calls `begin(at:)`, dispatches the frame's input, then `advance(to:)` and
/// `render(on:)`; one without calls `step(to:on:)`. Nobody sets the trace's frame or time by hand.
package final class FrameDriver {
  /// The director driven.
  package let director: Director
  /// The trace whose frames follow the driver's.
  package let trace: Trace

  /// Creates a driver for `director`, stamping `trace`.
  package init(director: Director, trace: Trace) {
    self.director = director
    self.trace = trace
  }

  /// Begins a frame at `hostTime`: what is recorded from now on belongs to it, and the overlays
  /// judge the frame's input at its time.
  package func begin(at hostTime: Double) {
    trace.beginFrame(at: hostTime)
    director.beginFrame(at: hostTime)
  }

  /// Advances the director to `hostTime`: the delta, the overlays, the scene, scene changes.
  package func advance(to hostTime: Double) { director.advance(to: hostTime) }

  /// Draws the frame: the scene, then the overlays.
  package func render(on canvas: any Canvas) { director.render(on: canvas) }

  /// A whole frame without input: `begin`, `advance`, `render`.
  package func step(to hostTime: Double, on canvas: any Canvas) {
    begin(at: hostTime)
    advance(to: hostTime)
    render(on: canvas)
  }
}
