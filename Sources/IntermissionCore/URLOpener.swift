/// Opens URLs outside the game, in the system browser.
public protocol URLOpener: AnyObject {
  /// Opens `url`, which has been checked to be http or https.
  /// - Returns: true if the system accepted it (or, headless, if it was only recorded).
  func open(_ url: String) -> Bool

  /// Why the last `open` failed, if the opener knows (traced with `url.failed`).
  var failureReason: String? { get }

  /// Whether the opener only records URLs and opens nothing (a headless run): `url.opened` then
  /// says so with `"headless": true`.
  var opensNothing: Bool { get }
}

extension URLOpener {
  /// An opener that gives no reasons.
  public var failureReason: String? { nil }

  /// Openers open what they accept.
  public var opensNothing: Bool { false }
}
