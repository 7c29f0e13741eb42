/// A VAST document (2.0 to 4.3), read into what a linear video ad needs and nothing else: NonLinear
/// ads, companions, icons, verifications and extensions are accepted and left out.
package struct VASTDocument: Hashable, Sendable {
  /// `VAST@version`.
  package var version: String
  /// The ads, in document order.
  package var ads: [VASTAd]
  /// The document's own Error URLs: what a response with no ad reports to.
  package var errorURLs: [String]

  /// Creates a document.
  package init(version: String, ads: [VASTAd], errorURLs: [String] = []) {
    self.version = version
    self.ads = ads
    self.errorURLs = errorURLs
  }

  /// The ad to play: an ad pod's first ad (the lowest `sequence`) when the document is a pod,
  /// else its first ad. Nil for a document with no ad.
  package var adToPlay: VASTAd? {
    let pod = ads.compactMap { ad in ad.sequence.map { (sequence: $0, ad: ad) } }
    if let first = pod.min(by: { $0.sequence < $1.sequence }) { return first.ad }
    return ads.first
  }
}

/// One `Ad`: an `InLine` ad, or a `Wrapper` that points to another document.
package struct VASTAd: Hashable, Sendable {
  /// `Ad@id`.
  package var id: String
  /// `Ad@sequence`, in an ad pod.
  package var sequence: Int?
  /// `Ad@adType` (`video`, `audio`, `hybrid`), when given.
  package var adType: String?
  /// The ad itself.
  package var content: Content

  /// An ad's content.
  package enum Content: Hashable, Sendable {
    /// An ad with its media.
    case inline(VASTInline)
    /// A pointer to another VAST document, with trackers of its own.
    case wrapper(VASTWrapper)
  }

  /// Creates an ad.
  package init(id: String, sequence: Int? = nil, adType: String? = nil, content: Content) {
    self.id = id
    self.sequence = sequence
    self.adType = adType
    self.content = content
  }

  /// The trackers of the ad, inline or wrapper.
  package var trackers: VASTTrackers {
    switch content {
    case .inline(let inline): inline.trackers
    case .wrapper(let wrapper): wrapper.trackers
    }
  }
}

/// What an ad reports to: the URLs of each kind, in document order.
package struct VASTTrackers: Hashable, Sendable {
  /// `Impression` URLs.
  package var impressions: [String] = []
  /// `Error` URLs (with `[ERRORCODE]`).
  package var errors: [String] = []
  /// `TrackingEvents/Tracking` of the linear creative.
  package var events: [VASTTrackingEvent] = []
  /// `VideoClicks/ClickTracking` URLs.
  package var clickTrackings: [String] = []
  /// `ViewableImpression/Viewable` URLs.
  package var viewable: [String] = []
  /// `ViewableImpression/NotViewable` URLs.
  package var notViewable: [String] = []

  /// No trackers.
  package init() {}

  /// These trackers followed by `other`'s, kind by kind: a wrapper's with those of the ad it wraps.
  package func merged(with other: VASTTrackers) -> VASTTrackers {
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
package struct VASTTrackingEvent: Hashable, Sendable {
  /// The events a player reports (VAST 4.x's linear events).
  package enum Kind: String, Hashable, Sendable, CaseIterable {
    case creativeView, start, firstQuartile, midpoint, thirdQuartile, complete, progress
    case pause, resume, mute, unmute, skip, closeLinear
  }

  /// Which event.
  package var kind: Kind
  /// `offset`, for `progress`.
  package var offset: VASTTimeOffset?
  /// The URL.
  package var url: String

  /// Creates a tracking event.
  package init(kind: Kind, offset: VASTTimeOffset? = nil, url: String) {
    self.kind = kind
    self.offset = offset
    self.url = url
  }
}

/// An `InLine` ad's fields that a linear video ad uses.
package struct VASTInline: Hashable, Sendable {
  /// `AdTitle`.
  package var title: String = ""
  /// `Description`.
  package var description: String?
  /// `AdServingId` (VAST 4), for `[ADSERVINGID]`.
  package var adServingID: String?
  /// Its trackers.
  package var trackers = VASTTrackers()
  /// Its first linear creative; nil when it has none (a NonLinear ad only).
  package var linear: VASTLinear?

  /// An empty inline ad.
  package init() {}
}

/// A `Linear` creative.
package struct VASTLinear: Hashable, Sendable {
  /// `Duration`, in seconds.
  package var duration: Double?
  /// `Linear@skipoffset`: when the ad may be skipped.
  package var skipOffset: VASTTimeOffset?
  /// `MediaFiles/MediaFile`, in document order.
  package var mediaFiles: [VASTMediaFile] = []
  /// `VideoClicks/ClickThrough`.
  package var clickThrough: String?

  /// An empty linear creative.
  package init() {}
}

/// A `MediaFile`.
package struct VASTMediaFile: Hashable, Sendable {
  /// The file's URL (or, in a house ad, a path beside its VAST file).
  package var url: String
  /// `delivery`: `progressive` or `streaming`.
  package var delivery: String?
  /// `type`: its MIME type.
  package var type: String?
  /// `width` and `height` in pixels.
  package var width: Int?
  /// `height` in pixels.
  package var height: Int?
  /// `bitrate` in kbit/s.
  package var bitrate: Int?
  /// `codec`: a hint only (real tags write "H.264").
  package var codec: String?
  /// `apiFramework` (such as VPAID): such a file is not a video to play.
  package var apiFramework: String?

  /// Creates a media file.
  package init(url: String, type: String?, width: Int? = nil, height: Int? = nil, bitrate: Int? = nil) {
    self.url = url
    self.type = type
    self.width = width
    self.height = height
    self.bitrate = bitrate
  }
}

/// A `Wrapper` ad: the next document's address, what to follow, and trackers of its own.
package struct VASTWrapper: Hashable, Sendable {
  /// `VASTAdTagURI`.
  package var adTagURI: String
  /// `followAdditionalWrappers` (default true): whether the next document may be a wrapper too.
  package var followAdditionalWrappers = true
  /// `fallbackOnNoAd` (default true): whether another ad of this response is tried when the chain
  /// ends in none.
  package var fallbackOnNoAd = true
  /// Its trackers, reported with the ad it leads to.
  package var trackers = VASTTrackers()

  /// Creates a wrapper of `adTagURI`.
  package init(adTagURI: String) { self.adTagURI = adTagURI }
}
