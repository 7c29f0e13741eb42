import Foundation

/// `body`'s result, computed on a thread of its own while the calling task waits without one.
///
/// For a test that mostly waits (for a program, a moment, a trace): Swift Testing runs tests on a
/// pool of one thread per core, and a test that blocks one of them stops the tests beside it.
package func onOwnThread<Result: Sendable>(_ body: @escaping @Sendable () throws -> Result) async throws -> Result {
  try await withCheckedThrowingContinuation { continuation in
    Thread { continuation.resume(with: Swift.Result { try body() }) }.start()
  }
}

/// `body`'s result, computed on a thread of its own while the calling task waits without one.
package func onOwnThread<Result: Sendable>(_ body: @escaping @Sendable () -> Result) async -> Result {
  await withCheckedContinuation { continuation in
    Thread { continuation.resume(returning: body()) }.start()
  }
}
