/// A VAST document (2.0 to 4.3), read into what a linear video ad needs and nothing else: NonLinear
/// ads, companions, icons, verifications and extensions are accepted and left out.
public struct VASTDocument: Hashable, Sendable {
  /// `VAST@version`.
  public var version: String
  /// The ads, in document order.
  public var ads: [VASTAd]
  /// The document's own Error URLs: what a response with no ad reports to.
  public var errorURLs: [String]

  /// Creates a document.
  public init(version: String, ads: [VASTAd], errorURLs: [String] = []) {
    self.version = version
    self.ads = ads
    self.errorURLs = errorURLs
  }

  /// The ad to play: an ad pod's first ad (the lowest `sequence`) when the document is a pod,
  /// else its first ad. Nil for a document with no ad.
  public var adToPlay: VASTAd? {
    let pod = ads.filter { $0.sequence != nil }
    if let first = pod.min(by: { $0.sequence! < $1.sequence! }) { return first }
    return ads.first
  }
}

/// One `Ad`: an `InLine` ad, or a `Wrapper` that points to another document.
public struct VASTAd: Hashable, Sendable {
  /// `Ad@id`.
  public var id: String
  /// `Ad@sequence`, in an ad pod.
  public var sequence: Int?
  /// `Ad@adType` (`video`, `audio`, `hybrid`), when given.
  public var adType: String?
  /// The ad itself.
  public var content: Content

  /// An ad's content.
  public enum Content: Hashable, Sendable {
    /// An ad with its media.
    case inline(VASTInline)
    /// A pointer to another VAST document, with trackers of its own.
    case wrapper(VASTWrapper)
  }

  /// Creates an ad.
  public init(id: String, sequence: Int? = nil, adType: String? = nil, content: Content) {
    self.id = id
    self.sequence = sequence
    self.adType = adType
    self.content = content
  }

  /// The trackers of the ad, inline or wrapper.
  public var trackers: VASTTrackers {
    switch content {
    case .inline(let inline): inline.trackers
    case .wrapper(let wrapper): wrapper.trackers
    }
  }
}

/// What an ad reports to: the URLs of each kind, in document order.
public struct VASTTrackers: Hashable, Sendable {
  /// `Impression` URLs.
  public var impressions: [String] = []
  /// `Error` URLs (with `[ERRORCODE]`).
  public var errors: [String] = []
  /// `TrackingEvents/Tracking` of the linear creative.
  public var events: [VASTTrackingEvent] = []
  /// `VideoClicks/ClickTracking` URLs.
  public var clickTrackings: [String] = []
  /// `ViewableImpression/Viewable` URLs.
  public var viewable: [String] = []
  /// `ViewableImpression/NotViewable` URLs.
  public var notViewable: [String] = []

  /// No trackers.
  public init() {}

  /// These trackers followed by `other`'s, kind by kind: a wrapper's with those of the ad it wraps.
  public func merged(with other: VASTTrackers) -> VASTTrackers {
    var merged = self
    merged.impressions += other.impressions
    merged.errors += other.errors
    merged.events += other.events
    merged.clickTrackings += other.clickTrackings
    merged.viewable += other.viewable
    merged.notViewable += other.notViewable
    return merged
  }
}

/// A `Tracking` element of a linear creative.
public struct VASTTrackingEvent: Hashable, Sendable {
  /// The events a player reports (VAST 4.x's linear events).
  public enum Kind: String, Hashable, Sendable, CaseIterable {
    case creativeView, start, firstQuartile, midpoint, thirdQuartile, complete, progress
    case pause, resume, mute, unmute, skip, closeLinear
  }

  /// Which event.
  public var kind: Kind
  /// `offset`, for `progress`.
  public var offset: VASTTimeOffset?
  /// The URL.
  public var url: String

  /// Creates a tracking event.
  public init(kind: Kind, offset: VASTTimeOffset? = nil, url: String) {
    self.kind = kind
    self.offset = offset
    self.url = url
  }
}

/// An `InLine` ad's fields that a linear video ad uses.
public struct VASTInline: Hashable, Sendable {
  /// `AdTitle`.
  public var title: String = ""
  /// `Description`.
  public var description: String?
  /// `AdServingId` (VAST 4), for `[ADSERVINGID]`.
  public var adServingID: String?
  /// Its trackers.
  public var trackers = VASTTrackers()
  /// Its first linear creative; nil when it has none (a NonLinear ad only).
  public var linear: VASTLinear?

  /// An empty inline ad.
  public init() {}
}

/// A `Linear` creative.
public struct VASTLinear: Hashable, Sendable {
  /// `Duration`, in seconds.
  public var duration: Double?
  /// `Linear@skipoffset`: when the ad may be skipped.
  public var skipOffset: VASTTimeOffset?
  /// `MediaFiles/MediaFile`, in document order.
  public var mediaFiles: [VASTMediaFile] = []
  /// `VideoClicks/ClickThrough`.
  public var clickThrough: String?

  /// An empty linear creative.
  public init() {}
}

/// A `MediaFile`.
public struct VASTMediaFile: Hashable, Sendable {
  /// The file's URL (or, in a house ad, a path beside its VAST file).
  public var url: String
  /// `delivery`: `progressive` or `streaming`.
  public var delivery: String?
  /// `type`: its MIME type.
  public var type: String?
  /// `width` and `height` in pixels.
  public var width: Int?
  /// `height` in pixels.
  public var height: Int?
  /// `bitrate` in kbit/s.
  public var bitrate: Int?
  /// `codec`: a hint only (real tags write "H.264").
  public var codec: String?
  /// `apiFramework` (such as VPAID): such a file is not a video to play.
  public var apiFramework: String?

  /// Creates a media file.
  public init(url: String, type: String?, width: Int? = nil, height: Int? = nil, bitrate: Int? = nil) {
    self.url = url
    self.type = type
    self.width = width
    self.height = height
    self.bitrate = bitrate
  }
}

/// A `Wrapper` ad: the next document's address, what to follow, and trackers of its own.
public struct VASTWrapper: Hashable, Sendable {
  /// `VASTAdTagURI`.
  public var adTagURI: String
  /// `followAdditionalWrappers` (default true): whether the next document may be a wrapper too.
  public var followAdditionalWrappers = true
  /// `fallbackOnNoAd` (default true): whether another ad of this response is tried when the chain
  /// ends in none.
  public var fallbackOnNoAd = true
  /// Its trackers, reported with the ad it leads to.
  public var trackers = VASTTrackers()

  /// Creates a wrapper of `adTagURI`.
  public init(adTagURI: String) { self.adTagURI = adTagURI }
}
