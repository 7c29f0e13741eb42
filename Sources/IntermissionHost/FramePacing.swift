import IntermissionCore
import IntermissionSDL

/// How the host's frames are timed: a clock, and what happens between two frames.
///
/// Choose one per run: `FixedStepPacing` for deterministic headless runs and tests (as
/// NIOEmbedded is its own event loop), `RealTimePacing` for a game on the wall clock.
package protocol FramePacing: AnyObject {
  /// The clock frames are timed by.
  var clock: any HostClock { get }

  /// Waits for the next frame, which started at `frameStart`.
  /// - Parameters:
  ///   - frameStart: the host time the frame that just ran started at.
  ///   - isActive: whether something moves, so the next frame is due one interval later.
  ///   - nextWake: otherwise, the host time at which something is due (a scripted event, an
  ///     overlay's timer, the time limit), or infinity.
  ///   - pump: where input, wake-ups and stop signals arrive.
  func waitForNextFrame(after frameStart: Double, isActive: Bool, nextWake: Double, pump: EventPump)
}

/// Every frame advances exactly 1/fps of host time and the loop never sleeps: the same arguments
/// and script give the same trace, byte for byte.
package final class FixedStepPacing: FramePacing {
  private let fixedClock: FixedStepClock
  package var clock: any HostClock { fixedClock }

  /// Creates the pacing at `fps` frames per second.
  package init(fps: Double) {
    fixedClock = FixedStepClock(fps: fps)
  }

  package func waitForNextFrame(after frameStart: Double, isActive: Bool, nextWake: Double, pump: EventPump) {
    fixedClock.advanceFrame()
  }
}

/// The real clock: while something moves, one sleep to each frame's deadline; while nothing does,
/// a wait until input, a wake-up, a signal, or the next thing due.
package final class RealTimePacing: FramePacing {
  package let clock: any HostClock = MonotonicClock()
  private let interval: Double
  private var nextFrameDeadline: Double?

  /// Creates the pacing at `fps` frames per second.
  package init(fps: Double) {
    interval = 1 / fps
  }

  package func waitForNextFrame(after frameStart: Double, isActive: Bool, nextWake: Double, pump: EventPump) {
    if isActive {
      var deadline = (nextFrameDeadline ?? frameStart) + interval
      let now = clock.now
      if deadline < now - interval { deadline = now }
      nextFrameDeadline = deadline
      FramePacer.sleep(until: deadline, clock: clock, interrupted: { pump.stopSignal != nil })
    } else {
      pump.wait(timeout: nextWake - clock.now)
      nextFrameDeadline = clock.now
    }
  }
}
