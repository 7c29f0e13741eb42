import Foundation
import Glibc

/// Runs the program with `posix_spawn` and `wait4`, for what `Process` cannot tell: the child's peak
/// memory, and a start with stop signals blocked (so that a signal sent at once is delivered the
/// moment the program unblocks it, during its set-up, instead of racing `exec`).
package struct SpawnedProgram {
  /// How it ended.
  package struct Outcome {
    /// The exit code, or nil if a signal ended it.
    package let exitCode: Int32?
    /// The signal that ended it, if one did.
    package let signal: Int32?
    /// Peak resident memory in KiB, as last read while it ran.
    package let peakKiB: Int
    /// Seconds from its start to the moment it was seen to have ended.
    package let seconds: Double
  }

  package let pid: pid_t
  private let started = Date()

  /// Starts `executable` with `arguments`, its output discarded (or standard output to `stdout`,
  /// standard error to `stderr`).
  /// - Parameters:
  ///   - blockingStopSignals: start with SIGINT, SIGTERM and SIGHUP blocked.
  ///   - environment: variables set (or replaced) in the test process's environment for the child.
  package init(
    _ executable: String, _ arguments: [String], blockingStopSignals: Bool = false, stdout: String = "/dev/null",
    stderr: String = "/dev/null", environment: [String: String] = [:]
  ) throws {
    var attributes = posix_spawnattr_t()
    posix_spawnattr_init(&attributes)
    defer { posix_spawnattr_destroy(&attributes) }
    var mask = sigset_t()
    sigemptyset(&mask)
    if blockingStopSignals {
      for signal in [SIGINT, SIGTERM, SIGHUP] { sigaddset(&mask, signal) }
    }
    posix_spawnattr_setsigmask(&attributes, &mask)
    posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK))
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 1, stdout, O_WRONLY, 0)
    posix_spawn_file_actions_addopen(&actions, 2, stderr, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
    let argv: [UnsafeMutablePointer<CChar>?] = ([executable] + arguments).map { strdup($0) } + [nil]
    defer { argv.forEach { free($0) } }
    let variables = ProcessInfo.processInfo.environment.merging(environment) { $1 }.map { "\($0)=\($1)" }
    let envp: [UnsafeMutablePointer<CChar>?] = variables.map { strdup($0) } + [nil]
    defer { envp.forEach { free($0) } }
    var child: pid_t = 0
    let result = posix_spawn(&child, executable, &actions, &attributes, argv, envp)
    guard result == 0 else { throw POSIXError(POSIXErrorCode(rawValue: result) ?? .EINVAL) }
    pid = child
  }

  /// Waits for the program to end. Its peak memory is read from /proc while it runs: the kernel's
  /// `ru_maxrss` would also count this test process, whose memory a spawned child shares until exec.
  package func wait() -> Outcome {
    var status: Int32 = 0
    var peak = 0
    while true {
      let reaped = waitpid(pid, &status, WNOHANG)
      if reaped == pid || (reaped < 0 && errno != EINTR) { break }
      peak = max(peak, SpawnedProgram.peakResidentKiB(of: pid) ?? 0)
      usleep(1000)
    }
    let signal = status & 0x7F
    return Outcome(
      exitCode: signal == 0 ? (status >> 8) & 0xFF : nil, signal: signal == 0 ? nil : signal, peakKiB: peak,
      seconds: Date().timeIntervalSince(started))
  }

  /// Waits for the program to end as `wait()` does, on a thread of its own, so that a test waiting
  /// out a long run leaves its thread of the test pool to the tests beside it.
  package func finished() async -> Outcome {
    let program = self
    return await onOwnThread { program.wait() }
  }

  /// The high-water mark of `pid`'s resident memory (VmHWM), in KiB; nil once it has exited.
  package static func peakResidentKiB(of pid: pid_t) -> Int? {
    guard let text = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8),
      let line = text.split(separator: "\n").first(where: { $0.hasPrefix("VmHWM:") })
    else { return nil }
    return Int(line.split(separator: " ", omittingEmptySubsequences: true).dropFirst().first ?? "")
  }
}
