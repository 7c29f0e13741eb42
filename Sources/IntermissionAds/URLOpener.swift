/// Opens URLs outside the game, in the system browser.
public protocol URLOpener: AnyObject {
  /// Opens `url`, which has been checked to be http or https.
  /// - Returns: true if the system accepted it (or, headless, if it was only recorded).
  func open(_ url: String) -> Bool

  /// Why the last `open` failed, if the opener knows (traced with `url.failed`).
  var failureReason: String? { get }
}

extension URLOpener {
  /// An opener that gives no reasons.
  public var failureReason: String? { nil }
}
