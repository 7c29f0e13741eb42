/// A JSON Lines record of state changes: one object per change, each with `frame`, `time` (host
/// seconds) and `event`, then the event's own fields.
public final class Trace {
  /// The frame number stamped on the next records; `beginFrame(at:)` sets it.
  public var frame = 0
  /// The host time stamped on the next records; `beginFrame(at:)` sets it.
  public var time: Double = 0
  private var framesBegun = 0

  /// Stamps the records that follow with the next frame number (0 for the first call) and
  /// `hostTime`. Whatever drives the frames calls it once per frame: the host, or the ad overlay
  /// in a game of its own.
  public func beginFrame(at hostTime: Double) {
    frame = framesBegun
    framesBegun += 1
    time = hostTime
  }

  private let output: (any TraceOutput)?

  /// Creates a trace writing to `output`, or a trace that records nothing with `nil`.
  public init(output: (any TraceOutput)?) {
    self.output = output
  }

  /// Whether records are written: true with an output unless switched off; a trace without an
  /// output is never enabled.
  public var isEnabled: Bool {
    get { output != nil && isSwitchedOn }
    set { isSwitchedOn = newValue }
  }
  private var isSwitchedOn = true

  /// Why writing a record failed, once one has (a full disk, a closed pipe); nil otherwise.
  public var writeFailure: String? { output?.failure }

  /// Writes one record.
  /// - Parameters:
  ///   - event: the event, such as `.gamePaused`.
  ///   - fields: further fields, in the order given.
  public func emit(_ event: TraceEvent, _ fields: KeyValuePairs<String, TraceValue> = [:]) {
    write(event, fields)
  }

  /// Writes one record whose fields are assembled at run time.
  /// - Parameters:
  ///   - event: the event.
  ///   - fields: further fields, in the order given.
  public func emit(_ event: TraceEvent, fields: [(key: String, value: TraceValue)]) {
    write(event, fields)
  }

  private func write<Fields: Sequence<(key: String, value: TraceValue)>>(_ event: TraceEvent, _ fields: Fields) {
    guard let output, isSwitchedOn else { return }
    var line = "{\"frame\":" + String(frame) + ",\"time\":" + TraceValue.fixedMicroseconds(time)
    line += ",\"event\":" + TraceValue.quoted(event.name)
    for (key, value) in fields {
      line += "," + TraceValue.quoted(key) + ":" + value.json
    }
    line += "}\n"
    output.write(line: line, event: event.name)
  }

  /// Records a director event under its trace name (`game.paused`, `scene.entered`, ...).
  public func record(_ event: DirectorEvent) {
    switch event {
    case .paused(let reason): emit(.gamePaused, ["reason": .string(reason.description)])
    case .resumed(let reason): emit(.gameResumed, ["reason": .string(reason.description)])
    case .held(let reason): emit(.pauseHeld, ["reason": .string(reason.description)])
    case .released(let reason): emit(.pauseReleased, ["reason": .string(reason.description)])
    case .sceneEntered(let name): emit(.sceneEntered, ["name": .string(name)])
    case .sceneExited(let name): emit(.sceneExited, ["name": .string(name)])
    }
  }
}
