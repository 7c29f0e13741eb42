/// Why no ad could be received. Every case names what was wrong and where.
public enum AdError: Error, Hashable, Sendable, CustomStringConvertible {
  /// The manifest file could not be read.
  case manifestUnreadable(path: String, reason: String)
  /// The manifest is not of the expected shape.
  case manifestMalformed(path: String, detail: String)
  /// The manifest lists no ads.
  case noAds(path: String)
  /// The manifest lists ads, but none of them is a banner (`format`).
  case noBannerAds(path: String)
  /// The manifest lists no ads of a full-screen `format` (`interstitial` or `rewarded`).
  case noFullscreenAds(format: AdFormat, path: String)
  /// A full-screen ad's image has a size it cannot be shown at: smaller than
  /// `AdFormat.minimumFullscreenSize`, or narrower or flatter than 1:4.
  case unsupportedImageSize(id: String, width: Int, height: Int)
  /// An ad's image path leaves the manifest's folder.
  case pathOutsideManifestFolder(id: String, path: String)
  /// An ad's image file does not exist.
  case imageMissing(id: String, path: String)
  /// An ad's image could not be decoded.
  case imageCorrupt(id: String, path: String, reason: String)
  /// An `open-url` ad's URL is not an http or https URL.
  case unsupportedURL(id: String, url: String)
  /// Loading was switched off on purpose (`--fail-ads`).
  case loadingDisabled
  /// A load did not finish within its deadline.
  case timedOut(seconds: Double)
  /// The ad server had no ad to give (HTTP 204).
  case noFill
  /// An OpenRTB response gave no bid, with its no-bid reason (`nbr`).
  case noBid(reason: Int)
  /// An image reference of a remote manifest leaves the manifest's origin, or is not http(s).
  case imageOffOrigin(id: String, reference: String, origin: String)
  /// A transfer failed: an HTTP status, a timeout, a refused redirect or certificate, a body over
  /// its limit. `url` is what was fetched.
  case transferFailed(url: String, reason: String)
  /// A demand file (`openrtb`) is not of the expected shape.
  case demandMalformed(path: String, detail: String)
  /// A video ad could not be loaded: its VAST error `code` (reported to `errorURLs`, the Error
  /// URLs of its whole chain) and what was wrong.
  case vastFailed(id: String, code: Int, reason: String, errorURLs: [String])

  public var description: String {
    switch self {
    case .manifestUnreadable(let path, let reason): "cannot read ad manifest \(path): \(reason)"
    case .manifestMalformed(let path, let detail): "malformed ad manifest \(path): \(detail)"
    case .noAds(let path): "ad manifest \(path) lists no ads"
    case .noBannerAds(let path): "ad manifest \(path) lists no banner ads (every entry has a full-screen \"format\")"
    case .noFullscreenAds(let format, let path):
      "ad manifest \(path) lists no \(format.rawValue) ads (no entry has \"format\": \"\(format.rawValue)\")"
    case .unsupportedImageSize(let id, let width, let height):
      "ad '\(id)': a full-screen image of \(width)×\(height) pixels is not supported (at least"
        + " \(Int(AdFormat.minimumFullscreenSize.width))×\(Int(AdFormat.minimumFullscreenSize.height)), and no"
        + " narrower or flatter than 1:4)"
    case .pathOutsideManifestFolder(let id, let path):
      "ad '\(id)': image path '\(path)' leaves the manifest's folder"
    case .imageMissing(let id, let path): "ad '\(id)': image file '\(path)' does not exist"
    case .imageCorrupt(let id, let path, let reason): "ad '\(id)': image '\(path)' cannot be decoded: \(reason)"
    case .unsupportedURL(let id, let url): "ad '\(id)': URL '\(url)' is not an http or https URL"
    case .loadingDisabled: "ad loading is disabled (--fail-ads)"
    case .timedOut(let seconds): "ad load timed out after \(seconds) s"
    case .noFill: "no-fill"
    case .noBid(let reason): "no-fill (nbr \(reason))"
    case .imageOffOrigin(let id, let reference, let origin):
      "ad '\(id)': image '\(reference)' is not a URL on the manifest's origin \(origin) (another host or scheme, a"
        + " '..' above the root, an encoded slash or a bad %-encoding)"
    case .transferFailed(let url, let reason): "\(url): \(reason)"
    case .demandMalformed(let path, let detail): "malformed demand file \(path): \(detail)"
    case .vastFailed(let id, let code, let reason, _): "video ad '\(id)': VAST error \(code): \(reason)"
    }
  }

  /// What kind of failure it is, in one word that stays the same from run to run (the case's name:
  /// `timedOut`, `noFill`, `transferFailed`, `vastFailed`, ...): the `reason` of an `ad.failed`
  /// trace line, by which a run's report counts failures.
  public var reason: String {
    switch self {
    case .manifestUnreadable: "manifestUnreadable"
    case .manifestMalformed: "manifestMalformed"
    case .noAds: "noAds"
    case .noBannerAds: "noBannerAds"
    case .noFullscreenAds: "noFullscreenAds"
    case .unsupportedImageSize: "unsupportedImageSize"
    case .pathOutsideManifestFolder: "pathOutsideManifestFolder"
    case .imageMissing: "imageMissing"
    case .imageCorrupt: "imageCorrupt"
    case .unsupportedURL: "unsupportedURL"
    case .loadingDisabled: "loadingDisabled"
    case .timedOut: "timedOut"
    case .noFill: "noFill"
    case .noBid: "noBid"
    case .imageOffOrigin: "imageOffOrigin"
    case .transferFailed: "transferFailed"
    case .demandMalformed: "demandMalformed"
    case .vastFailed: "vastFailed"
    }
  }

  /// The reason without the manifest's path, for a message that names the manifest itself, such as
  /// `ads[0]: "image" must be a non-empty string`.
  public var detail: String {
    switch self {
    case .manifestUnreadable(_, let reason): "cannot read: \(reason)"
    case .manifestMalformed(_, let detail): detail
    case .demandMalformed(_, let detail): detail
    case .noAds: "lists no ads"
    case .noBannerAds: "lists no banner ads (every entry has a full-screen \"format\")"
    case .noFullscreenAds(let format, _):
      "lists no \(format.rawValue) ads (no entry has \"format\": \"\(format.rawValue)\")"
    default: description
    }
  }

  /// Whether the failure is one a user should hear about: every failure but `--fail-ads`'s own and
  /// no fill (a server with no ad for now, or an auction without a bid, is an answer, not a fault).
  public var isUnexpected: Bool {
    switch self {
    case .loadingDisabled, .noFill, .noBid: false
    default: true
    }
  }
}
