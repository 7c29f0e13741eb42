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
    try StopSignals.install()
    intermission_set_stop_wake_fd(waker.writeDescriptor)
  }

  deinit {
    // The waker's pipe closes with it; a later signal must not write to a reused descriptor.
    intermission_set_stop_wake_fd(-1)
  }

  /// The signal (SIGINT, SIGTERM or SIGHUP) that asked the program to stop, or nil.
  public var stopSignal: Int32? { StopSignals.received }

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

  /// The most events the pump lets wait in SDL's queue (which holds 65,535): an injection that would
  /// go past it waits for the next frame, so that no event is ever dropped.
  public static let injectionCapacity = 4096

  /// Pushes the SDL events of one scripted `action` into SDL's queue, as the window system would
  /// send them; a `resize` resizes the window. Pushes nothing and returns false when the queue has
  /// no room for all of the action's events: call it again next frame, after the queue was read.
  /// - Throws: `SDLError` when SDL cannot push an event or count its queue.
  public func inject(_ action: ReplayScript.Action) throws -> Bool {
    let queued = SDL_PeepEvents(nil, 0, SDL_PEEKEVENT, SDL_FIRSTEVENT.rawValue, SDL_LASTEVENT.rawValue)
    try SDLCall.check(queued, "SDL_PeepEvents")
    guard Int(queued) + EventPump.eventCount(of: action) <= EventPump.injectionCapacity else { return false }
    switch action {
    case .click(let point):
      try pushMotion(to: point)
      try pushButton(SDL_MOUSEBUTTONDOWN, at: point)
      try pushButton(SDL_MOUSEBUTTONUP, at: point)
    case .move(let point): try pushMotion(to: point)
    case .drag(let start, let end): try pushDrag(from: start, to: end)
    case .key(let key): try pushKey(key)
    case .wheel(let dy): try pushWheel(dy: dy)
    case .minimize: try pushWindowEvent(SDL_WINDOWEVENT_MINIMIZED)
    case .restore: try pushWindowEvent(SDL_WINDOWEVENT_RESTORED)
    case .resize(let width, let height): window.setSize(width: width, height: height)
    case .quit:
      var event = SDL_Event()
      event.type = SDL_QUIT.rawValue
      try push(&event)
    }
    return true
  }

  /// How many SDL events `inject` pushes for `action`.
  static func eventCount(of action: ReplayScript.Action) -> Int {
    switch action {
    case .click: 3
    case .drag: 3 + dragSteps
    case .key: 2
    case .move, .wheel, .minimize, .restore, .quit: 1
    case .resize: 0
    }
  }

  private static let dragSteps = 8

  private func pushMotion(to point: Point, buttons: UInt32 = 0) throws {
    var event = SDL_Event()
    event.type = SDL_MOUSEMOTION.rawValue
    event.motion.windowID = window.id
    event.motion.state = buttons
    event.motion.x = EventPump.coordinate(point.x)
    event.motion.y = EventPump.coordinate(point.y)
    try push(&event)
  }

  /// A drag: press at `start`, motion in steps with the left button held, release at `end`.
  private func pushDrag(from start: Point, to end: Point) throws {
    try pushMotion(to: start)
    try pushButton(SDL_MOUSEBUTTONDOWN, at: start)
    for step in 1...EventPump.dragSteps {
      let t = Double(step) / Double(EventPump.dragSteps)
      let point = Point(x: start.x + (end.x - start.x) * t, y: start.y + (end.y - start.y) * t)
      try pushMotion(to: point, buttons: 1)  // SDL_BUTTON_LMASK
    }
    try pushButton(SDL_MOUSEBUTTONUP, at: end)
  }

  private func pushKey(_ key: Key) throws {
    for type in [SDL_KEYDOWN, SDL_KEYUP] {
      var event = SDL_Event()
      event.type = type.rawValue
      event.key.windowID = window.id
      event.key.state = UInt8(type == SDL_KEYDOWN ? SDL_PRESSED : SDL_RELEASED)
      event.key.keysym.sym = KeyMapping.code(for: key)
      event.key.keysym.scancode = SDL_GetScancodeFromKey(event.key.keysym.sym)
      try push(&event)
    }
  }

  /// A wheel turn; positive `dy` is away from the user (scrolls towards the top).
  private func pushWheel(dy: Double) throws {
    var event = SDL_Event()
    event.type = SDL_MOUSEWHEEL.rawValue
    event.wheel.windowID = window.id
    event.wheel.y = EventPump.coordinate(dy)
    event.wheel.preciseY = Float(dy)
    event.wheel.direction = SDL_MOUSEWHEEL_NORMAL.rawValue
    try push(&event)
  }

  private func pushWindowEvent(_ id: SDL_WindowEventID) throws {
    var event = SDL_Event()
    event.type = SDL_WINDOWEVENT.rawValue
    event.window.windowID = window.id
    event.window.event = UInt8(id.rawValue)
    try push(&event)
  }

  private func pushButton(_ type: SDL_EventType, at point: Point) throws {
    var event = SDL_Event()
    event.type = type.rawValue
    event.button.windowID = window.id
    event.button.button = UInt8(SDL_BUTTON_LEFT)
    event.button.state = UInt8(type == SDL_MOUSEBUTTONDOWN ? SDL_PRESSED : SDL_RELEASED)
    event.button.clicks = 1
    event.button.x = EventPump.coordinate(point.x)
    event.button.y = EventPump.coordinate(point.y)
    try push(&event)
  }

  private func push(_ event: inout SDL_Event) throws {
    try SDLCall.check(SDL_PushEvent(&event), "SDL_PushEvent")
  }

  /// `value` rounded to a whole number that SDL's 32-bit fields hold: never a trap, whatever comes in.
  package static func coordinate(_ value: Double) -> Int32 {
    guard value.isFinite else { return 0 }
    return Int32(max(Double(Int32.min), min(Double(Int32.max), value.rounded())))
  }
}
