import Dispatch
import IntermissionBasics
import IntermissionConsent
import IntermissionCore

/// What a consent engine needs before it can decide (`ConsentStartup`: the vendor list, its
/// translation, where the player is), read on a worker from as early as a program can start it:
/// before its window and renderer open, so that the form can show in the first frames. The
/// engine's start takes the result, waiting for it on its own worker.
package final class ConsentPrefetch: @unchecked Sendable {
  /// What was read: the list (nil and why when none reads) and the geography.
  package typealias Result = (list: GlobalVendorList?, failure: String?, geography: ConsentGeography)

  /// The consent file the reads were made for: the engine takes them only for the same file.
  package let configuration: ConsentConfiguration
  private let done = DispatchGroup()
  private let result = Locked<Result?>(nil)

  /// Starts reading for the consent file at `path`, on a worker, through `client` and `cache`
  /// (the consent's own: `AdStack.readConsentAhead` makes them, as it makes the stack's).
  /// - Returns: nil when the file does not read or is not a consent file (the ad stack says why).
  package static func start(
    consentPath path: String, geography debug: ConsentGeography?, language: String, client: HTTPClient,
    cache: HTTPCache?, decoder: any ImageDecoder
  ) -> ConsentPrefetch? {
    guard let bytes = try? RegularFile.read(path, limit: 1_048_576),
      let configuration = try? ConsentConfiguration.parse(bytes, path: path)
    else { return nil }
    let prefetch = ConsentPrefetch(configuration: configuration)
    prefetch.done.enter()
    DispatchQueue.global().async {
      let fetch = CachedFetch(client: client, cache: cache, decoder: decoder)
      let (list, failure) = ConsentStartup.vendorList(configuration, language: language, fetch: fetch)
      let geography = debug ?? configuration.geography ?? ConsentStartup.ask(configuration.geographyURL, client: client)
      prefetch.result.withLock { $0 = (list, failure, geography) }
      prefetch.done.leave()
    }
    return prefetch
  }

  private init(configuration: ConsentConfiguration) { self.configuration = configuration }

  /// The result, once read (waiting for it).
  package func wait() -> Result {
    done.wait()
    // The worker sets the result before it leaves the group; nothing read is the fallback.
    return result.withLock { $0 } ?? (nil, "the vendor list was not read", .unknown)
  }
}
