/// Why `intermission_create` failed, as the message it writes into the caller's buffer.
struct CreateFailure: Error, CustomStringConvertible {
  /// The message, in English, naming what was wrong.
  let description: String

  init(_ description: String) {
    self.description = description
  }
}
