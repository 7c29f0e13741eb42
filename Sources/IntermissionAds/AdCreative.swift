/// One ad from the inventory, validated: its image lies inside the manifest's folder and its URL,
/// if any, is http or https.
package struct AdCreative: Hashable, Sendable {
  /// What clicking the ad does.
  package enum Action: Hashable, Sendable {
    /// A full-window ad view opens inside the game; the game pauses while it is open.
    case inApp
    /// The URL opens in the system browser; the game is left, so nothing pauses.
    case openURL(String)

    /// iAd's `willLeaveApplication` for this action.
    package var willLeaveApplication: Bool {
      if case .openURL = self { return true }
      return false
    }
  }

  /// The ad's identifier, as traces report it.
  package var id: String
  /// The absolute, symlink-free path of the creative image (an ad from a local manifest), or its
  /// absolute http or https URL on the manifest's origin (an ad from a remote manifest).
  package var imagePath: String
  /// The headline shown in the ad view.
  package var title: String
  /// What a click does.
  package var action: Action
  /// A sentence or two for the in-app ad view, below the title (the manifest's `description`).
  package var description: String?
  /// Where the in-app ad view's call-to-action button leads (the manifest's `url` of an in-app
  /// ad); without it, the view has no such button.
  package var landingURL: String?
  /// Where the viewable impression is reported (the manifest's `impressionURL`), on any host.
  package var impressionURL: String?
  /// Where a click is reported (the manifest's `clickURL`), on any host.
  package var clickURL: String?
  /// Where an earned reward is reported (the manifest's `rewardURL`, rewarded ads only), on any
  /// host: a game server credits the reward on its side from it.
  package var rewardURL: String?
  /// How long, in seconds, a beacon of this ad stays deliverable (the manifest's `expires`).
  package var beaconLifetime: Double
  /// Where the ad shows (the manifest's `format`): the banner, or a full-screen format.
  package var format: AdFormat = .banner
  /// What a rewarded ad gives (the manifest's `reward`); nil for the other formats.
  package var reward: AdFormat.Reward?
  /// The full-screen countdown in seconds: until an interstitial's close control appears
  /// (`closeAfter`, default 5) or a rewarded ad's reward is earned (`rewardAfter`, default 15); nil
  /// for a banner.
  package var countdown: Double?
  /// Whether the ad is bought native markup: the banner composes it from its title, image,
  /// description and call to action, instead of showing a banner-shaped creative.
  package var isNative = false
  /// The call-to-action text of a bought (native) ad, such as "Play now"; nil shows the default.
  package var callToAction: String?
  /// The language of the ad's text, a BCP 47 tag: a bid's `language` (or `langb`), a manifest
  /// entry's `language`; nil for the game's own language. It picks the fonts.
  package var language: String?
  /// A house ad's title in each of its languages, when its manifest entry gives them (`title` as
  /// an object); `localized(to:)` picks one into `title`.
  package var localizedTitle: LocalizedText?
  /// A house ad's description in each of its languages.
  package var localizedDescription: LocalizedText?
  /// A house ad's call to action (the manifest's `cta`) in each of its languages.
  package var localizedCallToAction: LocalizedText?
  /// What a bought ad reports to its buyer, and when.
  package var notices = AdNotices()
  /// The VAST document of a video entry (the manifest's `vast`): its resolved path, or its URL; nil
  /// for an image. `imagePath` is the same then.
  package var vastSource: String?
  /// The video of a full-screen video ad (a VAST entry, or a bid whose markup is VAST), with its
  /// trackers and its downloaded media file; nil for a picture.
  package var video: VideoCreative?
  /// Seconds after its load that a bought ad may still be shown (its bid's expiry); nil for a
  /// manifest's ad.
  package var lifetime: Double?
  /// What an impression of it is worth: a bid's price, or a house ad's stated `cpm`; nil for a
  /// house ad that states none.
  package var price: AdPrice?

  /// The lifetime of a beacon whose ad names none: a day.
  package static let defaultBeaconLifetime = 86_400.0

  /// Whether the image is fetched over the network: `imagePath` is a URL.
  package var isRemote: Bool { imagePath.hasPrefix("http://") || imagePath.hasPrefix("https://") }

  /// Creates a creative.
  package init(
    id: String, imagePath: String, title: String, action: Action, description: String? = nil,
    landingURL: String? = nil, impressionURL: String? = nil, clickURL: String? = nil,
    beaconLifetime: Double = AdCreative.defaultBeaconLifetime
  ) {
    self.id = id
    self.imagePath = imagePath
    self.title = title
    self.action = action
    self.description = description
    self.landingURL = landingURL
    self.impressionURL = impressionURL
    self.clickURL = clickURL
    self.beaconLifetime = beaconLifetime
  }
}
