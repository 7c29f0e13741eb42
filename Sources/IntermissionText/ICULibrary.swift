import CText
import IntermissionBasics
import IntermissionCore

/// ICU, which lays out the text that Swift alone cannot: right-to-left and mixed text, scripts
/// other than Latin, and line breaks by dictionary (Thai, Lao, Khmer, Burmese, CJK). It is loaded
/// with `dlopen` at the first such text, so that a run whose texts are Latin never maps it (its
/// data library alone is 30 MB).
package enum ICULibrary {
  /// Whether ICU can be loaded here: nil when it can, else why not. Asking loads it.
  package static var unavailableReason: String? {
    var error = [CChar](repeating: 0, count: 512)
    guard intermission_text_icu_available(&error, error.count) != 0 else { return nil }
    return String(nulTerminated: error)
  }

  private static let hasWarned = Locked(false)

  /// Tells standard error, once per process, that a text needed ICU and ICU could not be loaded
  /// (nothing when a call failed for another reason): such text is then laid out left to right, in
  /// its neighbours' script, on one line unless it breaks at spaces.
  static func noteFailure() {
    guard let reason = unavailableReason else { return }
    let first = hasWarned.withLock { warned in
      defer { warned = true }
      return !warned
    }
    guard first else { return }
    FileDescriptor.printToStandardError(
      "intermission: \(reason); right-to-left text and line breaks outside Latin text are lost")
  }
}
