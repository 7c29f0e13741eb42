import CIntermissionSupport
import CSDL2
import Glibc
import IntermissionCore

/// SDL's event queue, seen from the host: translated events out, injected events in, and a wait
/// that sleeps until an event, a wake-up, a stop signal or a deadline.
///
/// SIGINT, SIGTERM and SIGHUP are caught (SDL's own handlers are off) and turned into `stopSignal`,
/// so the host ends cleanly and its trace is complete; a program should also install the handlers
/// first thing in `main` (`StopSignals.install()`), so that a signal during set-up is not lost.
package final class EventPump {
  /// The SDL event type used for cross-thread wake-ups.
  nonisolated(unsafe) static var wakeEventType: UInt32 = UInt32.max

  private let window: Window
  private let headless: Bool
  /// Wakes this pump from any thread; hand it to code that finishes work in the background.
  package let waker: EventWaker
  private let injector: EventInjector

  /// Creates the pump for `window` and installs the stop-signal handlers.
  /// - Throws: `SDLError` when the wake-up pipe or event type cannot be made.
  package init(window: Window, headless: Bool) throws {
    self.window = window
    self.headless = headless
    injector = EventInjector(window: window)
    if EventPump.wakeEventType == UInt32.max {
      let type = SDL_RegisterEvents(1)
      guard type != UInt32.max else { throw SDLError("SDL_RegisterEvents") }
      EventPump.wakeEventType = type
    }
    waker = try EventWaker(eventType: EventPump.wakeEventType)
    try StopSignals.install()
    intermission_set_stop_wake_fd(waker.writeDescriptor)
  }

  deinit {
    // The waker's pipe closes with it; a later signal must not write to a reused descriptor.
    intermission_set_stop_wake_fd(-1)
  }

  /// The signal (SIGINT, SIGTERM or SIGHUP) that asked the program to stop, or nil.
  package var stopSignal: Int32? { StopSignals.received }

  /// Drops the window events that setting up the window queued (shown, hidden, exposed, resized),
  /// so that the host starts from the window's actual state.
  package func discardSetupWindowEvents() {
    SDL_PumpEvents()
    SDL_FlushEvent(SDL_WINDOWEVENT.rawValue)
  }

  /// The next event, or nil when the queue is empty.
  package func poll() -> Event? {
    var event = SDL_Event()
    guard SDL_PollEvent(&event) != 0 else { return nil }
    return Event(event)
  }

  /// Sleeps until an event may be waiting, `wake()` is called, a stop signal arrives, or `timeout`
  /// seconds pass. Returns at once for a timeout of 0 or less.
  package func wait(timeout: Double) {
    guard timeout > 0 else { return }
    let milliseconds = Int32(min(timeout * 1000, 3_600_000).rounded(.up))
    if headless {
      // No window system delivers events here; everything that enqueues one also writes the pipe.
      intermission_wait_readable(waker.readDescriptor, milliseconds)
    } else {
      // SDL's wait retries after signals, so wait in slices short enough to notice one.
      SDL_WaitEventTimeout(nil, min(milliseconds, 100))
      intermission_wait_readable(waker.readDescriptor, 0)
    }
  }

  /// Wakes a waiting `wait(timeout:)`.
  package func wake() { waker.wake() }

  // MARK: - Injection

  /// The most events the pump lets wait in SDL's queue: `EventInjector.capacity`.
  package static let injectionCapacity = EventInjector.capacity

  /// Pushes the SDL events of one scripted `action` into SDL's queue (`EventInjector.inject`);
  /// returns false, pushing nothing, when the queue has no room: call it again next frame.
  /// - Throws: `SDLError` when SDL cannot push an event or count its queue.
  package func inject(_ action: ReplayScript.Action) throws -> Bool {
    try injector.inject(action)
  }

  /// Pushes the due events of `script` from `index` on (`EventInjector.injectDue`), recording
  /// each as `input.injected` in `trace`.
  /// - Returns: the index of the first event not pushed.
  /// - Throws: `SDLError` when SDL cannot push an event or count its queue.
  package func injectDue(_ script: ReplayScript, from index: Int, now: Double, trace: Trace? = nil) throws -> Int {
    try injector.injectDue(script, from: index, now: now, trace: trace)
  }
}
