/// What lays out a loaded ad's text on the loader's worker, before the loop takes the ad, so that
/// its first frame rasterises no new text: the overlay's text rehearsal.
package protocol AdRehearsal: AnyObject, Sendable {
  /// Lays out the text that `ad` shows as an ad of `format`, on the calling (worker) thread.
  func rehearse(_ ad: LoadedAd, format: AdFormat)
}
