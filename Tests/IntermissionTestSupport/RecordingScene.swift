import IntermissionCore

/// A scene that records its hooks, updates, draws and input into a shared log.
public final class RecordingScene: Scene {
  public let log: EventLog
  public var updates: [Double] = []
  public var draws = 0
  public var inputs: [InputEvent] = []
  public var onUpdate: ((RecordingScene) -> Void)?
  /// What `carriesBanner` answers.
  public var allowsBanner: Bool

  public init(_ name: String, log: EventLog, allowsBanner: Bool = true) {
    self.log = log
    self.allowsBanner = allowsBanner
    super.init(name: name)
  }

  override public var carriesBanner: Bool { allowsBanner }

  override public func didEnter() { log.append("\(name).enter") }
  override public func willExit() { log.append("\(name).exit") }
  override public func didPause() { log.append("\(name).pause") }
  override public func didResume() { log.append("\(name).resume") }
  override public func update(delta: Double) {
    updates.append(delta)
    onUpdate?(self)
  }
  override public func draw(on canvas: any Canvas) { draws += 1 }
  override public func handle(_ event: InputEvent) -> Bool {
    inputs.append(event)
    return true
  }
}

/// An ordered log shared by test doubles.
public final class EventLog {
  public init() {}
  public private(set) var entries: [String] = []
  public func append(_ entry: String) { entries.append(entry) }
  public func clear() { entries.removeAll() }
}
