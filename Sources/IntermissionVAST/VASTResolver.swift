/// An inline ad reached through zero or more wrappers, with the trackers of the whole chain.
package struct VASTResolvedAd: Hashable, Sendable {
  /// The inline ad's id.
  package var id: String
  /// Its `adType`, when given.
  package var adType: String?
  /// The inline ad.
  package var inline: VASTInline
  /// Every wrapper's trackers, outermost first, then the inline ad's.
  package var trackers: VASTTrackers
  /// How many wrappers led to it.
  package var wrapperCount: Int
}

/// Why a VAST response gave no ad: the error, and every Error URL of the chain as far as it went
/// (the wrappers' and, where one was read, the last document's), which the error is reported to.
package struct VASTResolutionFailure: Error, Hashable, Sendable {
  /// The error.
  package var error: VASTError
  /// Where to report it (`[ERRORCODE]` filled with `error.code`).
  package var errorURLs: [String]
}

/// Follows a VAST response's wrappers to an inline ad, as VAST 4.x says: at most
/// `maximumWrappers` of them, never the same ad tag twice, `followAdditionalWrappers` and
/// `fallbackOnNoAd` honoured. The ad tags are fetched by `fetch`, which applies the rules every ad
/// URL follows (schemes, addresses, timeouts) and reports a failed or timed-out hop as 301.
///
/// A resolution is bounded whatever the documents say: `fallbackOnNoAd` tries a document's other
/// ads at every level, so it fetches at most `maximumFetches` ad tags in all and tries at most
/// `maximumAdsPerDocument` ads of each document; past either, it ends in error 302.
package struct VASTResolver: Sendable {
  /// The most wrappers followed; one more is error 302.
  package static let maximumWrappers = 5
  /// The most ad tags one resolution fetches, every level and every fallback together; one more is
  /// error 302.
  package static let defaultMaximumFetches = 10
  /// The most ads of one document tried (the ad to play, then its fallbacks); past them, error 302.
  package static let defaultMaximumAdsPerDocument = 16

  /// Fetches a wrapper's ad tag: the document's bytes, or a `VASTError` (301 for a hop that
  /// failed or timed out).
  package typealias Fetch = @Sendable (_ url: String) -> Result<[UInt8], VASTError>

  private let fetch: Fetch
  /// The most ad tags one resolution fetches.
  package let maximumFetches: Int
  /// The most ads of one document tried.
  package let maximumAdsPerDocument: Int

  /// Creates a resolver that fetches ad tags with `fetch`.
  /// - Parameters:
  ///   - fetch: fetches one ad tag.
  ///   - maximumFetches: the most ad tags one resolution fetches.
  ///   - maximumAdsPerDocument: the most ads of one document tried.
  package init(
    fetch: @escaping Fetch, maximumFetches: Int = VASTResolver.defaultMaximumFetches,
    maximumAdsPerDocument: Int = VASTResolver.defaultMaximumAdsPerDocument
  ) {
    self.fetch = fetch
    self.maximumFetches = maximumFetches
    self.maximumAdsPerDocument = maximumAdsPerDocument
  }

  /// The inline ad `document` leads to.
  package func resolve(_ document: VASTDocument) -> Result<VASTResolvedAd, VASTResolutionFailure> {
    var fetches = 0
    return resolve(document, chain: VASTTrackers(), wrappers: 0, visited: [], mayBeWrapper: true, fetches: &fetches)
  }

  private func resolve(
    _ document: VASTDocument, chain: VASTTrackers, wrappers: Int, visited: Set<String>, mayBeWrapper: Bool,
    fetches: inout Int
  ) -> Result<VASTResolvedAd, VASTResolutionFailure> {
    guard let first = document.adToPlay else {
      return .failure(fail(.noAdsAfterWrapper, "the response has no ad", chain, document.errorURLs, wrappers))
    }
    // The ad to play first; with fallbackOnNoAd, the response's other ads after it.
    let others = document.ads.filter { $0 != first }
    var failure: VASTResolutionFailure?
    for (index, ad) in ([first] + others).enumerated() {
      guard index < maximumAdsPerDocument else {
        return .failure(
          fail(
            .wrapperLimit, "\(document.ads.count) ads in one response, of which \(maximumAdsPerDocument) are tried",
            chain, [], wrappers))
      }
      switch ad.content {
      case .inline(let inline):
        return .success(
          VASTResolvedAd(
            id: ad.id, adType: ad.adType, inline: inline, trackers: chain.merged(with: inline.trackers),
            wrapperCount: wrappers))
      case .wrapper(let wrapper):
        let result = follow(
          wrapper, chain: chain, wrappers: wrappers, visited: visited, mayBeWrapper: mayBeWrapper, fetches: &fetches)
        guard case .failure(let failed) = result else { return result }
        // Only a chain that ended in no ad falls back, and only where the wrapper allows it.
        guard failed.error.code == .noAdsAfterWrapper, wrapper.fallbackOnNoAd else { return result }
        failure = failure ?? failed
      }
    }
    // Every ad tried either returned or fell back with its failure, so `failure` is the first's.
    return .failure(failure ?? fail(.noAdsAfterWrapper, "the response has no ad", chain, document.errorURLs, wrappers))
  }

  private func follow(
    _ wrapper: VASTWrapper, chain: VASTTrackers, wrappers: Int, visited: Set<String>, mayBeWrapper: Bool,
    fetches: inout Int
  ) -> Result<VASTResolvedAd, VASTResolutionFailure> {
    let chain = chain.merged(with: wrapper.trackers)
    let tag = wrapper.adTagURI.prefix(200)
    guard mayBeWrapper else {
      return .failure(
        fail(.wrapperGeneral, "a wrapper where followAdditionalWrappers forbade one", chain, [], wrappers))
    }
    guard wrappers < VASTResolver.maximumWrappers else {
      return .failure(
        fail(.wrapperLimit, "more than \(VASTResolver.maximumWrappers) wrappers (at \(tag))", chain, [], wrappers + 1))
    }
    guard !visited.contains(wrapper.adTagURI) else {
      return .failure(fail(.wrapperLimit, "a wrapper loop: \(tag) again", chain, [], wrappers + 1))
    }
    guard fetches < maximumFetches else {
      return .failure(
        fail(
          .wrapperLimit, "more than \(maximumFetches) ad tags fetched for one ad (at \(tag))", chain, [], wrappers + 1))
    }
    fetches += 1
    let body: [UInt8]
    switch fetch(wrapper.adTagURI) {
    case .success(let bytes): body = bytes
    case .failure(let error): return .failure(fail(error.code, error.reason, chain, [], wrappers + 1))
    }
    guard body.contains(where: { !($0 == 0x20 || $0 == 0x0A || $0 == 0x0D || $0 == 0x09) }) else {
      return .failure(fail(.noAdsAfterWrapper, "an empty answer from \(tag)", chain, [], wrappers + 1))
    }
    let next: VASTDocument
    do {
      next = try VASTDocument.read(body)
    } catch {
      return .failure(fail(error.code, "\(tag): \(error.reason)", chain, [], wrappers + 1))
    }
    return resolve(
      next, chain: chain, wrappers: wrappers + 1, visited: visited.union([wrapper.adTagURI]),
      mayBeWrapper: wrapper.followAdditionalWrappers, fetches: &fetches)
  }

  private func fail(
    _ code: VASTError.Code, _ reason: String, _ chain: VASTTrackers, _ more: [String], _ wrappers: Int
  ) -> VASTResolutionFailure {
    VASTResolutionFailure(
      error: VASTError(code, wrappers > 0 ? "after \(wrappers) wrapper(s): \(reason)" : reason),
      errorURLs: chain.errors + more)
  }
}
