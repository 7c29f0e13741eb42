/// Where a game's sound comes out: looping music and short effects. The director pauses it exactly
/// while the game is stopped (`Director.audio`), and a game with its own loop pauses it from its
/// `PauseGate`: `PauseGate(onPause: { _ in audio.setPaused(true) }, onResume: { _ in audio.setPaused(false) })`.
public protocol AudioPlayer: AnyObject {
  /// Starts the looping music from its beginning, unless it is already under way (playing or paused).
  func startMusic()

  /// Plays `effect` once; nothing while paused (a stopped game makes no sound).
  func play(_ effect: SoundEffect)

  /// Whether the sound is muted: silent, but going on, so that unmuting brings the music back where
  /// it has got to, not where it was muted.
  var isMuted: Bool { get set }

  /// Pauses the music and every effect where they are (`true`), or lets them go on from there.
  func setPaused(_ paused: Bool)
}

/// The short sounds a game plays.
public enum SoundEffect: String, CaseIterable, Hashable, Sendable {
  /// A button was activated.
  case click
  /// The player caught the target in Play.
  case caught = "catch"
}
