/// A change of the director's state that observers (the trace) hear about.
public enum DirectorEvent: Hashable, Sendable {
  /// The director stopped; `reason` is the holder whose hold stopped it.
  case paused(reason: PauseHolder)
  /// The director runs again; `reason` is the holder whose release started it.
  case resumed(reason: PauseHolder)
  /// `reason` took a hold on the director (traced as `pause.held`), whether or not it was running.
  case held(reason: PauseHolder)
  /// `reason` let go of its hold (traced as `pause.released`), whether or not others still hold it.
  case released(reason: PauseHolder)
  /// A scene became the running scene.
  case sceneEntered(name: String)
  /// A scene left the stack.
  case sceneExited(name: String)
}
