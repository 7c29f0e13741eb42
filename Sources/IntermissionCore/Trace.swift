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
  ///   - event: the event's name, such as `director.paused`.
  ///   - fields: further fields, in the order given.
  public func emit(_ event: String, _ fields: KeyValuePairs<String, TraceValue> = [:]) {
    write(event, fields)
  }

  /// Writes one record whose fields are assembled at run time.
  /// - Parameters:
  ///   - event: the event's name.
  ///   - fields: further fields, in the order given.
  public func emit(_ event: String, fields: [(key: String, value: TraceValue)]) {
    write(event, fields)
  }

  private func write<Fields: Sequence<(key: String, value: TraceValue)>>(_ event: String, _ fields: Fields) {
    guard let output, isSwitchedOn else { return }
    var line = "{\"frame\":" + String(frame) + ",\"time\":" + TraceValue.fixedMicroseconds(time)
    line += ",\"event\":" + TraceValue.quoted(event)
    for (key, value) in fields {
      line += "," + TraceValue.quoted(key) + ":" + value.json
    }
    line += "}\n"
    output.write(line: line, event: event)
  }

  /// Records a director event under its trace name (`director.paused`, `scene.entered`, ...).
  public func record(_ event: DirectorEvent) {
    switch event {
    case .paused(let reason): emit("director.paused", ["reason": .string(reason.description)])
    case .resumed(let reason): emit("director.resumed", ["reason": .string(reason.description)])
    case .held(let reason): emit("pause.held", ["reason": .string(reason.description)])
    case .released(let reason): emit("pause.released", ["reason": .string(reason.description)])
    case .sceneEntered(let name): emit("scene.entered", ["name": .string(name)])
    case .sceneExited(let name): emit("scene.exited", ["name": .string(name)])
    }
  }
}
