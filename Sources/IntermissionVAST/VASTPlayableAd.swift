/// An inline ad that can be played, with its media file chosen and every tracker of its chain.
package struct VASTPlayableAd: Hashable, Sendable {
  /// The inline ad's id (`Ad@id`).
  package var id: String
  /// The inline ad.
  package var inline: VASTInline
  /// Its linear creative.
  package var linear: VASTLinear
  /// The media file chosen to play.
  package var mediaFile: VASTMediaFile
  /// The trackers of every wrapper of the chain, outermost first, then the inline ad's.
  package var trackers: VASTTrackers
  /// How many wrappers led to it.
  package var wrapperCount: Int

  /// The MIME types of the media files every FFmpeg build decodes that Intermission plays.
  package static let commonTypes: Set<String> = ["video/mp4", "video/webm"]

  /// The inline ad of `resolved` if it can be played: a video ad with a linear creative no longer
  /// than `maxDuration` seconds, and a media file of a type in `playableTypes`, chosen for a view
  /// `viewWidth` pixels wide (`VASTPlayableAd.chooseMediaFile`).
  /// - Throws: `VASTError` 200 for an audio ad, 201 without a linear creative, 202 for a duration
  ///   over `maxDuration` (or none), 403 when no media file can be played (VPAID or another
  ///   `apiFramework` only, or no playable type).
  package init(
    _ resolved: VASTResolvedAd, playableTypes: Set<String>, viewWidth: Int, maxDuration: Double
  ) throws(VASTError) {
    if resolved.adType?.lowercased() == "audio" {
      throw VASTError(.trafficking, "ad '\(resolved.id.prefix(40))' is an audio ad")
    }
    guard let linear = resolved.inline.linear else {
      throw VASTError(.unexpectedLinearity, "ad '\(resolved.id.prefix(40))' has no linear creative")
    }
    guard let duration = linear.duration, duration > 0 else {
      throw VASTError(.unexpectedDuration, "ad '\(resolved.id.prefix(40))' gives no duration")
    }
    guard duration <= maxDuration else {
      throw VASTError(
        .unexpectedDuration, "ad '\(resolved.id.prefix(40))' lasts \(duration) s, more than \(maxDuration) s")
    }
    id = resolved.id
    inline = resolved.inline
    self.linear = linear
    mediaFile = try VASTPlayableAd.chooseMediaFile(
      linear.mediaFiles, playableTypes: playableTypes, viewWidth: viewWidth)
    trackers = resolved.trackers
    wrapperCount = resolved.wrapperCount
  }

  /// The media file to play, chosen by its attributes, never by its order: a type in
  /// `playableTypes` and no `apiFramework`; then the width closest to `viewWidth` without exceeding
  /// twice it (the narrowest, when every one exceeds it); then the bitrate nearest 2,500 kbit/s.
  /// - Throws: `VASTError` 403 when no file qualifies.
  package static func chooseMediaFile(
    _ files: [VASTMediaFile], playableTypes: Set<String>, viewWidth: Int
  ) throws(VASTError) -> VASTMediaFile {
    let playable = files.filter { file in
      file.apiFramework == nil && file.delivery?.lowercased() != "streaming"
        && file.type.map(playableTypes.contains) == true
    }
    guard !playable.isEmpty else {
      let frameworks = Set(files.compactMap(\.apiFramework)).sorted()
      let reason =
        files.isEmpty
        ? "the ad has no media file"
        : frameworks.isEmpty || files.contains(where: { $0.apiFramework == nil })
          ? "no media file of a type that plays here (\(playableTypes.sorted().joined(separator: ", ")))"
          : "only \(frameworks.joined(separator: ", ")) media, which is not video"
      throw VASTError(.noSupportedMedia, reason)
    }
    let fitting = playable.filter { ($0.width ?? 0) <= 2 * viewWidth }
    let pool = fitting.isEmpty ? [playable.min { ($0.width ?? 0) < ($1.width ?? 0) }!] : fitting
    return pool.min { a, b in
      let widthA = abs((a.width ?? Int.max / 4) - viewWidth)
      let widthB = abs((b.width ?? Int.max / 4) - viewWidth)
      if widthA != widthB { return widthA < widthB }
      return abs((a.bitrate ?? Int.max / 4) - 2500) < abs((b.bitrate ?? Int.max / 4) - 2500)
    }!
  }
}
