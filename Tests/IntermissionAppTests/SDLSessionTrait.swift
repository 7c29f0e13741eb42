import IntermissionSDL
import Testing

/// Runs each test of a suite inside the process's one SDL session (`SDLSession.exclusive`), so that
/// suites that use SDL in process never overlap with each other or with `HeadlessGame` runs of
/// tests that run in parallel.
struct SDLSessionTrait: SuiteTrait, TestTrait, TestScoping {
  var isRecursive: Bool { true }

  func provideScope(
    for test: Test, testCase: Test.Case?, performing function: @Sendable () async throws -> Void
  ) async throws {
    // The suite itself is no session: only its test cases are.
    guard testCase != nil else { return try await function() }
    try await SDLSession.exclusive { try await function() }
  }
}

extension Trait where Self == SDLSessionTrait {
  /// Each test runs inside the process's one SDL session.
  static var sdlSession: Self { SDLSessionTrait() }
}
