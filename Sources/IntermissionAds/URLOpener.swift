/// Opens URLs outside the game, in the system browser.
public protocol URLOpener: AnyObject {
  /// Opens `url`, which has been checked to be http or https.
  /// - Returns: true if the system accepted it (or, headless, if it was only recorded).
  func open(_ url: String) -> Bool
}
