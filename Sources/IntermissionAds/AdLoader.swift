import Foundation
import IntermissionCore

/// Loads ads off the main loop: reads and validates the manifest, picks the next ad in rotation and
/// decodes its image on a background queue, then holds the result for the loop to take.
///
/// One load runs at a time. `onFinish` is called on the background queue when a result is ready, so
/// a host that sleeps can wake.
public final class AdLoader: @unchecked Sendable {
  private let manifestPath: String
  private let decoder: any ImageDecoder
  private let failsEveryLoad: Bool
  private let onFinish: @Sendable () -> Void
  private let queue = DispatchQueue(label: "intermission.ad-loader")
  private let condition = NSCondition()
  private var result: Result<LoadedAd, AdError>?
  private var isLoading = false

  /// Creates a loader.
  /// - Parameters:
  ///   - manifestPath: the manifest to read on every load.
  ///   - decoder: decodes creative images (thread-safe).
  ///   - failsEveryLoad: make every load fail with `AdError.loadingDisabled` (`--fail-ads`).
  ///   - onFinish: called from the background queue when a load finishes.
  public init(
    manifestPath: String, decoder: any ImageDecoder, failsEveryLoad: Bool = false,
    onFinish: @escaping @Sendable () -> Void = {}
  ) {
    self.manifestPath = manifestPath
    self.decoder = decoder
    self.failsEveryLoad = failsEveryLoad
    self.onFinish = onFinish
  }

  /// Starts loading the ad at position `sequence` of the rotation (wrapping around the inventory).
  /// Does nothing while a previous result has not been taken.
  public func start(sequence: Int) {
    condition.lock()
    guard !isLoading, result == nil else {
      condition.unlock()
      return
    }
    isLoading = true
    condition.unlock()
    queue.async { [self] in
      let outcome = load(sequence: sequence)
      condition.lock()
      result = outcome
      isLoading = false
      condition.broadcast()
      condition.unlock()
      onFinish()
    }
  }

  /// Takes the finished result, if there is one, without waiting.
  public func takeResult() -> Result<LoadedAd, AdError>? {
    condition.lock()
    defer { condition.unlock() }
    let taken = result
    result = nil
    return taken
  }

  /// Waits for the running load to finish and takes its result; nil if no load was started.
  public func waitForResult() -> Result<LoadedAd, AdError>? {
    condition.lock()
    while isLoading { condition.wait() }
    let taken = result
    result = nil
    condition.unlock()
    return taken
  }

  private func load(sequence: Int) -> Result<LoadedAd, AdError> {
    if failsEveryLoad { return .failure(.loadingDisabled) }
    do {
      let creatives = try AdManifest.load(path: manifestPath)
      let creative = creatives[((sequence % creatives.count) + creatives.count) % creatives.count]
      let image: any DecodedImage
      do {
        image = try decoder.decodeImage(atPath: creative.imagePath)
      } catch {
        throw AdError.imageCorrupt(id: creative.id, path: creative.imagePath, reason: "\(error)")
      }
      return .success(LoadedAd(creative: creative, image: image))
    } catch let error as AdError {
      return .failure(error)
    } catch {
      return .failure(.manifestUnreadable(path: manifestPath, reason: "\(error)"))
    }
  }
}
