/// A source whose every load fails with the same error: an ad source that could not be set up
/// (a demand file that does not parse), so that the game runs on without ads and says why.
public struct FailingAdSource: AdSource {
  /// The error of every load.
  public let error: AdError
  public let name: String

  /// Creates the source.
  public init(error: AdError, name: String) {
    self.error = error
    self.name = name
  }

  public var loadTimeout: Double { 1 }

  public func loadAd(sequence: Int) -> Result<LoadedAd, AdError> { .failure(error) }

  public func loadAd(sequence: Int, format: AdFormat) -> Result<LoadedAd, AdError> { .failure(error) }
}
