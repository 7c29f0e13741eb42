import IntermissionBasics
import IntermissionConsent
import IntermissionNet
import IntermissionSDL

extension AdStack {
  /// The stack's one policy for a transfer's time: `timeout` seconds in all, of which connecting
  /// takes at most 3.
  static func timeouts(_ timeout: Double) -> HTTPClient.Timeouts {
    HTTPClient.Timeouts(connect: min(3, timeout), total: timeout)
  }

  /// The consent's own client and cache, for the vendor list and the geography: not ad traffic,
  /// so no consent gate closes the client; the cache is the ads' default folder, whose copy of
  /// the list serves offline.
  static func consentFetching(timeout: Double, caFile: String?, environment: [String: String]) -> (
    client: HTTPClient, cache: HTTPCache?
  ) {
    (
      HTTPClient(timeouts: timeouts(timeout), caFile: caFile),
      HTTPCache.defaultFolder(environment: environment).map { HTTPCache(folder: $0) }
    )
  }

  /// Starts reading, on a worker, what the consent file at `consentPath` needs before its engine
  /// can decide (the vendor list, its translation, where the player is), with the client and
  /// cache a stack of the same options would make: a host calls this before its window opens and
  /// hands the result to the stack (`Options.consentPrefetch`), so that the form can show in the
  /// first frames.
  /// - Returns: nil when the file does not read or is not a consent file (the stack says why).
  package static func readConsentAhead(
    consentPath: String, geography: ConsentGeography?, language: String, timeout: Double, caFile: String?,
    environment: [String: String]
  ) -> ConsentPrefetch? {
    let (client, cache) = consentFetching(timeout: timeout, caFile: caFile, environment: environment)
    return ConsentPrefetch.start(
      consentPath: consentPath, geography: geography, language: language, client: client, cache: cache,
      decoder: SDLImageDecoder())
  }
}
