import CSDL2
import IntermissionCore

/// Pushes scripted input into SDL's event queue as the window system would send it, for one window:
/// the host's replay scripts, and a game's own headless tests through the C API.
package final class EventInjector {
  private let window: Window

  /// Creates an injector for the events of `window` (which a `resize` resizes).
  package init(window: Window) {
    self.window = window
  }

  /// Pushes the due events of `script`, from `index` on, whose time is at most `now`, as many as
  /// SDL's queue has room for; the rest stay due (for the next frame, in order), so that none is
  /// ever dropped.
  /// - Parameters:
  ///   - script: the replay script.
  ///   - index: the first event not pushed yet.
  ///   - now: the frame's host time: events at or before it are due.
  ///   - trace: where each pushed action is recorded as `input.injected` (its `input`, as the
  ///     script writes it), for a timeline of the run; nil records nothing.
  /// - Returns: the index of the first event not pushed.
  /// - Throws: `SDLError` when SDL cannot push an event or count its queue.
  package func injectDue(_ script: ReplayScript, from index: Int, now: Double, trace: Trace? = nil) throws -> Int {
    var index = index
    while index < script.events.count, script.events[index].time <= now + 1e-9 {
      let action = script.events[index].action
      guard try inject(action) else { break }
      trace?.emit(.inputInjected, ["input": .string(action.scriptText)])
      index += 1
    }
    return index
  }

  /// The most events the injector lets wait in SDL's queue (which holds 65,535): an injection that
  /// would go past it waits for the next frame, so that no event is ever dropped.
  package static let capacity = 4096

  /// Pushes the SDL events of one scripted `action` into SDL's queue, as the window system would
  /// send them; a `resize` resizes the window. Pushes nothing and returns false when the queue has
  /// no room for all of the action's events: call it again next frame, after the queue was read.
  /// - Throws: `SDLError` when SDL cannot push an event or count its queue.
  package func inject(_ action: ReplayScript.Action) throws -> Bool {
    let queued = SDL_PeepEvents(nil, 0, SDL_PEEKEVENT, SDL_FIRSTEVENT.rawValue, SDL_LASTEVENT.rawValue)
    try SDLCall.check(queued, "SDL_PeepEvents")
    guard Int(queued) + EventInjector.eventCount(of: action) <= EventInjector.capacity else { return false }
    switch action {
    case .click(let point):
      try pushMotion(to: point)
      try pushButton(SDL_MOUSEBUTTONDOWN, at: point)
      try pushButton(SDL_MOUSEBUTTONUP, at: point)
    case .move(let point): try pushMotion(to: point)
    case .drag(let start, let end): try pushDrag(from: start, to: end)
    case .key(let key): try pushKey(key)
    case .button(let button): try pushControllerButton(button)
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
    case .key, .button: 2
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
    event.motion.x = EventInjector.coordinate(point.x)
    event.motion.y = EventInjector.coordinate(point.y)
    try push(&event)
  }

  /// A drag: press at `start`, motion in steps with the left button held, release at `end`.
  private func pushDrag(from start: Point, to end: Point) throws {
    try pushMotion(to: start)
    try pushButton(SDL_MOUSEBUTTONDOWN, at: start)
    for step in 1...EventInjector.dragSteps {
      let t = Double(step) / Double(EventInjector.dragSteps)
      let point = Point(x: start.x + (end.x - start.x) * t, y: start.y + (end.y - start.y) * t)
      try pushMotion(to: point, buttons: 1)  // SDL_BUTTON_LMASK
    }
    try pushButton(SDL_MOUSEBUTTONUP, at: end)
  }

  private func pushControllerButton(_ button: ControllerButton) throws {
    for type in [SDL_CONTROLLERBUTTONDOWN, SDL_CONTROLLERBUTTONUP] {
      var event = SDL_Event()
      event.type = type.rawValue
      event.cbutton.which = 0
      event.cbutton.button = UInt8(bitPattern: Int8(KeyMapping.controllerCode(for: button).rawValue))
      event.cbutton.state = UInt8(type == SDL_CONTROLLERBUTTONDOWN ? SDL_PRESSED : SDL_RELEASED)
      try push(&event)
    }
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
    event.wheel.y = EventInjector.coordinate(dy)
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
    event.button.x = EventInjector.coordinate(point.x)
    event.button.y = EventInjector.coordinate(point.y)
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
