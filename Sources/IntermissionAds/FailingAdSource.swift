/// A source whose every load fails with the same error: an ad source that could not be set up
/// (a demand file that does not parse), so that the game runs on without ads and says why.
package struct FailingAdSource: AdSource {
  /// The error of every load.
  package let error: AdError
  package let name: String

  /// Creates the source.
  package init(error: AdError, name: String) {
    self.error = error
    self.name = name
  }

  package var loadTimeout: Double { 1 }

  package func loadAd(sequence: Int) -> Result<LoadedAd, AdError> { .failure(error) }

  package func loadAd(sequence: Int, format: AdFormat) -> Result<LoadedAd, AdError> { .failure(error) }
}
