import IntermissionSDL
import Testing

/// Runs each test of a suite inside the process's one SDL session (`SDLSession.exclusive`), so that
/// suites that use SDL in process never overlap with each other or with `HeadlessGame` runs of
/// tests that run in parallel.
package struct SDLSessionTrait: SuiteTrait, TestTrait, TestScoping {
  package var isRecursive: Bool { true }

  package func provideScope(
    for test: Test, testCase: Test.Case?, performing function: @Sendable () async throws -> Void
  ) async throws {
    // The suite itself is no session: only its test cases are.
    guard testCase != nil else { return try await function() }
    try await SDLSession.exclusive { try await function() }
  }
}

extension Trait where Self == SDLSessionTrait {
  /// Each test runs inside the process's one SDL session.
  package static var sdlSession: Self { SDLSessionTrait() }
}
