import IntermissionAds
import IntermissionBasics
import IntermissionCore
import IntermissionOpenRTB
import IntermissionVAST

#if canImport(Glibc)
  import Glibc
#endif

extension OpenRTBSource {
  /// A video bid made ready: its VAST resolved (wrappers fetched under the URL rules), its media
  /// file downloaded into the cache, probed, and its first frame decoded. A failure refuses the
  /// bid (loss code 3) and tells the VAST error to the chain's Error URLs.
  func loadVideo(_ winner: OpenRTBAuction.Winner, _ creative: AdCreative, format: AdFormat, viewWidth: Int)
    -> Result<LoadedAd, AdError>
  {
    let videos = self.videos
    let preparation = VideoAdPreparation(
      fetch: { url in videos.adTag(url) }, locateMedia: { url throws(VASTError) in try videos.mediaFile(url) },
      viewWidth: viewWidth, maximumDuration: demand.maximumVideoDuration(of: format))
    var video = creative
    video.countdown = format == .interstitial ? demand.countdowns[.interstitial] : nil
    let loaded = preparation.load(video, vast: Array((winner.vast ?? "").utf8))
    switch loaded {
    case .success(var ad):
      ad.formats = Set(demand.placements.keys)
      return .success(ad)
    case .failure(let error):
      refuse(winner, creative, reason: error.description, format: format)
      return .failure(error)
    }
  }

  /// The bid with its markup: the body of its win notice (`nurl`), fetched now, which is the win
  /// notice itself (OpenRTB 2.6 §4.4).
  func markup(fromWinNoticeOf winner: OpenRTBAuction.Winner) -> Result<OpenRTBAuction.Winner, NativeAd.Refusal> {
    guard let url = winner.winNotice else {
      return .failure(NativeAd.Refusal("the bid has no markup and no win notice"))
    }
    switch videos.client.get(url, maximumBytes: AdManifest.maximumSize, redirects: .anyWebURL) {
    case .failure(let failure):
      return .failure(NativeAd.Refusal("the win notice's markup could not be fetched: \(failure.description)"))
    case .success(let response) where response.status == 200 && !response.body.isEmpty:
      var fetched = winner
      // Checked as strictly as `adm`: markup that is not UTF-8 refuses the bid, never repaired.
      guard let text = String(validating: response.body, as: UTF8.self) else {
        let offset = OpenRTBSource.firstInvalidUTF8Offset(response.body) ?? 0
        return .failure(NativeAd.Refusal("the win notice's markup is not UTF-8 (byte \(offset))"))
      }
      switch winner.markupType {
      case .video:
        fetched.vast = winner.macros.substitute(text)
      case .native:
        do {
          fetched.ad = try NativeAd.parse(
            winner.macros.substitute(text), urls: NativeAd.URLRule(endpoint: demand.endpoint))
        } catch {
          return .failure(NativeAd.Refusal("the win notice's markup: \(error.description)"))
        }
      }
      return .success(fetched)
    case .success(let response):
      return .failure(
        NativeAd.Refusal("the win notice answered HTTP \(response.status) with \(response.body.count) bytes, no markup")
      )
    }
  }

  /// The offset of the first byte of `bytes` that is not well-formed UTF-8; nil when all are.
  static func firstInvalidUTF8Offset(_ bytes: [UInt8]) -> Int? {
    var parser = Unicode.UTF8.ForwardParser()
    var iterator = bytes.makeIterator()
    var offset = 0
    while true {
      switch parser.parseScalar(from: &iterator) {
      case .valid(let scalar): offset += scalar.count
      case .error: return offset
      case .emptyInput: return nil
      }
    }
  }

  /// Where media files go without a cache of the game's: a folder of this user's in the temporary
  /// folder.
  static func temporaryMediaFolder() -> String {
    let base = ProcessEnvironment.current()["TMPDIR"].flatMap { $0.hasPrefix("/") ? $0 : nil } ?? "/tmp"
    return FilePath.join(base, "intermission-\(getuid())/video")
  }
}
