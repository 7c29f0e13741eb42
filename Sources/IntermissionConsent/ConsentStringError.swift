/// Why a consent string (TC, GPP or Additional Consent) does not decode, and where.
///
/// Decoding is strict: a string that a CMP could not have written is refused, with the field that
/// was being read and the bit (or character) where it went wrong, so that a game passing its own
/// strings learns what to fix.
package struct ConsentStringError: Error, Hashable, Sendable, CustomStringConvertible {
  /// Which kind of string: `"TC string"`, `"GPP string"`, `"Additional Consent string"`, or a
  /// GPP section's name.
  package let kind: String
  /// What was wrong, in words.
  package let reason: String
  /// Where: a bit offset (`"bit 212"`), a character (`"character 7"`) or a segment.
  package let location: String

  /// An error of `kind`, `reason` and `location`.
  package init(kind: String, reason: String, location: String) {
    self.kind = kind
    self.reason = reason
    self.location = location
  }

  package var description: String { "\(kind): \(reason) (at \(location))" }

  /// The same error, named as part of `kind` (a segment of a TC string, a section of a GPP string).
  package func within(_ kind: String) -> ConsentStringError {
    ConsentStringError(kind: kind, reason: "\(self.kind): \(reason)", location: location)
  }
}
