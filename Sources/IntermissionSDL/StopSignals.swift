import CIntermissionSupport
import Glibc

/// The signals that ask the program to stop: SIGINT, SIGTERM and SIGHUP are caught and recorded,
/// so that the host ends cleanly with a complete trace; SIGPIPE is ignored, so that a closed reader
/// is a write error the program reports rather than a silent death.
package enum StopSignals {
  /// An error installing the handlers.
  package struct InstallError: Error, CustomStringConvertible {
    /// The system's reason.
    package let reason: String
    package var description: String { "cannot install the signal handlers: \(reason)" }
  }

  /// Installs the handlers; call it first thing in `main`. Calling it again changes nothing.
  /// - Throws: `InstallError` when `sigaction` fails.
  package static func install() throws {
    guard intermission_install_stop_signals() == 0 else {
      throw InstallError(reason: String(cString: strerror(errno)))
    }
  }

  /// The signal that asked the program to stop, or nil if none has arrived.
  package static var received: Int32? {
    let signal = intermission_stop_signal()
    return signal == 0 ? nil : signal
  }

  /// The name of `signal` as traces and messages write it (`SIGINT`, `SIGTERM`, `SIGHUP`).
  package static func name(of signal: Int32) -> String {
    switch signal {
    case SIGINT: "SIGINT"
    case SIGTERM: "SIGTERM"
    case SIGHUP: "SIGHUP"
    default: "signal \(signal)"
    }
  }
}
