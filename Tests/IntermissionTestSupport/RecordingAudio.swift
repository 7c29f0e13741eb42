import IntermissionCore

/// An audio player that records what it was told: pauses, resumes, effects and the music's start.
public final class RecordingAudio: AudioPlayer {
  /// Whether it is paused now.
  public private(set) var isPaused = false
  /// Every `setPaused` call that changed the state, in order (`true` for a pause).
  public private(set) var pauseChanges: [Bool] = []
  /// The effects played (not those asked for while paused).
  public private(set) var effects: [SoundEffect] = []
  /// How many times the music was started from its beginning.
  public private(set) var musicStarts = 0
  private var musicStarted = false
  public var isMuted = false

  public init() {}

  public func startMusic() {
    guard !musicStarted else { return }
    musicStarted = true
    musicStarts += 1
  }

  public func play(_ effect: SoundEffect) {
    if !isPaused { effects.append(effect) }
  }

  public func setPaused(_ paused: Bool) {
    guard paused != isPaused else { return }
    isPaused = paused
    pauseChanges.append(paused)
  }
}
