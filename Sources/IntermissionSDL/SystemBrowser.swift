import Glibc
import IntermissionBasics
import IntermissionCore

/// Opens URLs in the system browser through `xdg-open`, as `SDL_OpenURL` does on Linux, but only
/// when there is an `xdg-open` to run.
///
/// SDL runs `xdg-open` in a detached child and reports success whether or not the program exists.
/// This opener looks for it on the search path first, and runs the very file it found, detached
/// (the URL is an argument, never part of a command line): without one, `open` fails with a reason
/// instead of pretending.
public final class SystemBrowser: URLOpener {
  /// The program that opens a URL in the user's browser on Linux.
  public static let handler = "xdg-open"

  private let searchPath: String?

  /// Creates the opener.
  /// - Parameter searchPath: the folders to look for `xdg-open` in, separated by colons; nil takes
  ///   the process's `PATH`.
  public init(searchPath: String? = nil) {
    self.searchPath = searchPath
  }

  /// Starts `xdg-open url` in the background. Returns false, with the reason in `failureReason`,
  /// when there is no `xdg-open` or it could not be started.
  public func open(_ url: String) -> Bool {
    guard let handler = handlerPath else {
      failureReason = "no browser: \(SystemBrowser.handler) is not on the search path (Debian: apt install xdg-utils)"
      return false
    }
    // sh starts the handler in the background and exits at once: the handler is nobody's child to
    // reap, and the game does not wait for the browser.
    let arguments = ["sh", "-c", "\"$0\" \"$1\" </dev/null >/dev/null 2>&1 &", handler, url]
    var pid: pid_t = 0
    var argv = arguments.map { strdup($0) } + [nil]
    defer { for argument in argv { free(argument) } }
    let spawned = posix_spawn(&pid, "/bin/sh", nil, nil, &argv, environ)
    guard spawned == 0 else {
      failureReason = "cannot start \(handler): \(String(cString: strerror(spawned)))"
      return false
    }
    var status: Int32 = 0
    while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
    failureReason = nil
    return true
  }

  /// Why the last `open` failed, traced with `url.failed`.
  public private(set) var failureReason: String?

  /// The `xdg-open` that SDL would run: the first executable of that name on the search path.
  public var handlerPath: String? {
    let folders = searchPath ?? getenv("PATH").map { String(cString: $0) } ?? "/usr/bin:/bin"
    for folder in folders.split(separator: ":", omittingEmptySubsequences: true) {
      let candidate = FilePath.join(String(folder), SystemBrowser.handler)
      if RegularFile.isReadable(candidate) && access(candidate, X_OK) == 0 { return candidate }
    }
    return nil
  }
}
