import CSDL2
import IntermissionAds

/// Opens URLs in the system browser with `SDL_OpenURL`.
public final class SystemBrowser: URLOpener {
  /// Creates the opener.
  public init() {}

  /// Opens `url`. Returns false (with SDL's reason in `lastError`) if the system refused.
  public func open(_ url: String) -> Bool {
    if SDL_OpenURL(url) == 0 {
      lastError = nil
      return true
    }
    lastError = SDLError("SDL_OpenURL")
    return false
  }

  /// Why the last `open` failed.
  public private(set) var lastError: SDLError?

  /// SDL's reason for the last failure, traced with `url.failed`.
  public var failureReason: String? { lastError?.description }
}
