import CIntermissionSupport
import CSDL2
import Glibc
import IntermissionCore

/// SDL's event queue, seen from the host: translated events out, injected events in, and a wait
/// that sleeps until an event, a wake-up, a stop signal or a deadline.
///
/// SIGINT and SIGTERM are caught (SDL's own handlers are off) and turned into `stopSignal`, so the
/// host ends cleanly and its trace is complete.
public final class EventPump {
  /// The SDL event type used for cross-thread wake-ups.
  nonisolated(unsafe) static var wakeEventType: UInt32 = UInt32.max

  private let window: Window
  private let headless: Bool
  /// Wakes this pump from any thread; hand it to code that finishes work in the background.
  public let waker: EventWaker

  /// Creates the pump for `window` and installs the stop-signal handlers.
  /// - Throws: `SDLError` when the wake-up pipe or event type cannot be made.
  public init(window: Window, headless: Bool) throws {
    self.window = window
    self.headless = headless
    if EventPump.wakeEventType == UInt32.max {
      let type = SDL_RegisterEvents(1)
      guard type != UInt32.max else { throw SDLError("SDL_RegisterEvents") }
      EventPump.wakeEventType = type
    }
    waker = try EventWaker(eventType: EventPump.wakeEventType)
    intermission_install_stop_signals(waker.writeDescriptor)
  }

  /// The signal (SIGINT or SIGTERM) that asked the program to stop, or nil.
  public var stopSignal: Int32? {
    let signal = intermission_stop_signal()
    return signal == 0 ? nil : signal
  }

  /// Drops the window events that setting up the window queued (shown, hidden, exposed, resized),
  /// so that the host starts from the window's actual state.
  public func discardSetupWindowEvents() {
    SDL_PumpEvents()
    SDL_FlushEvent(SDL_WINDOWEVENT.rawValue)
  }

  /// The next event, or nil when the queue is empty.
  public func poll() -> Event? {
    var event = SDL_Event()
    guard SDL_PollEvent(&event) != 0 else { return nil }
    return Event(event)
  }

  /// Sleeps until an event may be waiting, `wake()` is called, a stop signal arrives, or `timeout`
  /// seconds pass. Returns at once for a timeout of 0 or less.
  public func wait(timeout: Double) {
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
  public func wake() { waker.wake() }

  // MARK: - Injection

  /// Pushes a click (motion, press, release) at `point` into SDL's queue.
  public func pushClick(at point: Point) {
    pushMotion(to: point)
    pushButton(SDL_MOUSEBUTTONDOWN, at: point)
    pushButton(SDL_MOUSEBUTTONUP, at: point)
  }

  /// Pushes a pointer motion to `point`.
  public func pushMotion(to point: Point) {
    var event = SDL_Event()
    event.type = SDL_MOUSEMOTION.rawValue
    event.motion.windowID = window.id
    event.motion.x = Int32(point.x.rounded())
    event.motion.y = Int32(point.y.rounded())
    push(&event)
  }

  /// Pushes a drag: press at `start`, motion in steps, release at `end`.
  public func pushDrag(from start: Point, to end: Point) {
    pushMotion(to: start)
    pushButton(SDL_MOUSEBUTTONDOWN, at: start)
    let steps = 8
    for step in 1...steps {
      let t = Double(step) / Double(steps)
      let point = Point(x: start.x + (end.x - start.x) * t, y: start.y + (end.y - start.y) * t)
      var event = SDL_Event()
      event.type = SDL_MOUSEMOTION.rawValue
      event.motion.windowID = window.id
      event.motion.state = 1  // SDL_BUTTON_LMASK
      event.motion.x = Int32(point.x.rounded())
      event.motion.y = Int32(point.y.rounded())
      push(&event)
    }
    pushButton(SDL_MOUSEBUTTONUP, at: end)
  }

  /// Pushes a key press and release.
  public func pushKey(_ key: Key) {
    for type in [SDL_KEYDOWN, SDL_KEYUP] {
      var event = SDL_Event()
      event.type = type.rawValue
      event.key.windowID = window.id
      event.key.state = UInt8(type == SDL_KEYDOWN ? SDL_PRESSED : SDL_RELEASED)
      event.key.keysym.sym = KeyMapping.code(for: key)
      event.key.keysym.scancode = SDL_GetScancodeFromKey(event.key.keysym.sym)
      push(&event)
    }
  }

  /// Pushes a wheel turn; positive `dy` is away from the user (scrolls towards the top).
  public func pushWheel(dy: Double) {
    var event = SDL_Event()
    event.type = SDL_MOUSEWHEEL.rawValue
    event.wheel.windowID = window.id
    event.wheel.y = Int32(dy.rounded())
    event.wheel.preciseY = Float(dy)
    event.wheel.direction = SDL_MOUSEWHEEL_NORMAL.rawValue
    push(&event)
  }

  /// Pushes the window event for minimising, as the window system would send it.
  public func pushMinimize() { pushWindowEvent(SDL_WINDOWEVENT_MINIMIZED) }

  /// Pushes the window event for restoring from minimised, as the window system would send it.
  public func pushRestore() { pushWindowEvent(SDL_WINDOWEVENT_RESTORED) }

  private func pushWindowEvent(_ id: SDL_WindowEventID) {
    var event = SDL_Event()
    event.type = SDL_WINDOWEVENT.rawValue
    event.window.windowID = window.id
    event.window.event = UInt8(id.rawValue)
    push(&event)
  }

  /// Pushes a quit request.
  public func pushQuit() {
    var event = SDL_Event()
    event.type = SDL_QUIT.rawValue
    push(&event)
  }

  private func pushButton(_ type: SDL_EventType, at point: Point) {
    var event = SDL_Event()
    event.type = type.rawValue
    event.button.windowID = window.id
    event.button.button = UInt8(SDL_BUTTON_LEFT)
    event.button.state = UInt8(type == SDL_MOUSEBUTTONDOWN ? SDL_PRESSED : SDL_RELEASED)
    event.button.clicks = 1
    event.button.x = Int32(point.x.rounded())
    event.button.y = Int32(point.y.rounded())
    push(&event)
  }

  private func push(_ event: inout SDL_Event) {
    SDL_PushEvent(&event)
  }
}
