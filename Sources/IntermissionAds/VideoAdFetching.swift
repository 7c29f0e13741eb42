/// Loads a video ad whose VAST document is on the network (a manifest's `"vast"` https URL, or an
/// entry of a remote manifest): its document, wrappers and media over HTTP(S), under the ad URL
/// rules. IntermissionNet's `RemoteVideoAds` is one; a local manifest without it refuses such ads.
package protocol VideoAdFetching: Sendable {
  /// `creative` playing the VAST document at `vastURL`, made ready (`VideoAdPreparation`) on the
  /// loader's worker.
  func loadVideo(_ creative: AdCreative, vastURL: String) -> Result<LoadedAd, AdError>
}
