import CIntermission
import IntermissionAds
import IntermissionCore

/// The C caller's functions and its user pointer, called with C strings that live for the call.
struct OverlayCallbacks {
  /// Called when the game stops.
  var pause: intermission_pause_fn?
  /// Called when the game runs again.
  var resume: intermission_pause_fn?
  /// Called with every lifecycle event.
  var event: intermission_event_fn?
  /// Called with every earned reward.
  var reward: intermission_reward_fn?
  /// Called with a surface overlay's scripted input that the overlay did not take.
  var input: intermission_input_fn?
  /// The caller's pointer, passed back unchanged.
  var user: UnsafeMutableRawPointer?

  /// Tells the caller that `holder` stopped the game.
  func paused(by holder: PauseHolder) {
    guard let pause else { return }
    holder.description.withCString { pause($0, user) }
  }

  /// Tells the caller that `holder`'s release let the game run.
  func resumed(by holder: PauseHolder) {
    guard let resume else { return }
    holder.description.withCString { resume($0, user) }
  }

  /// Hands the caller `reward`.
  func rewarded(_ reward: EarnedReward) {
    guard let callback = self.reward else { return }
    reward.type.withCString { type in
      reward.transactionID.withCString { transaction in callback(type, Int64(reward.amount), transaction, user) }
    }
  }

  /// Hands the caller a scripted input the overlay did not take.
  func scripted(_ input: intermission_input) {
    guard let callback = self.input else { return }
    withUnsafePointer(to: input) { callback($0, user) }
  }

  /// Tells the caller of the event named `name`, whose trace record is `line` (with its newline).
  func record(_ name: String, line: String) {
    guard let event else { return }
    name.withCString { name in
      String(line.dropLast()).withCString { event(name, $0, user) }
    }
  }
}
