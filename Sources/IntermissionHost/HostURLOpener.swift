import IntermissionCore
import IntermissionSDL

/// Opens `open-url` ads: in the system browser in a window, never when headless (the trace records it).
final class HostURLOpener: URLOpener {
  private let headless: Bool
  private let browser = SystemBrowser()

  init(headless: Bool) {
    self.headless = headless
  }

  func open(_ url: String) -> Bool {
    headless ? true : browser.open(url)
  }

  var failureReason: String? { browser.failureReason }

  var opensNothing: Bool { headless }
}
