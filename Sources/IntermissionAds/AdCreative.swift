/// One ad from the inventory, validated: its image lies inside the manifest's folder and its URL,
/// if any, is http or https.
public struct AdCreative: Hashable, Sendable {
  /// What clicking the ad does.
  public enum Action: Hashable, Sendable {
    /// A full-window ad view opens inside the game; the game pauses while it is open.
    case inApp
    /// The URL opens in the system browser; the game is left, so nothing pauses.
    case openURL(String)

    /// iAd's `willLeaveApplication` for this action.
    public var willLeaveApplication: Bool {
      if case .openURL = self { return true }
      return false
    }
  }

  /// The ad's identifier, as traces report it.
  public var id: String
  /// The absolute, symlink-free path of the creative image.
  public var imagePath: String
  /// The headline shown in the ad view.
  public var title: String
  /// What a click does.
  public var action: Action
  /// A sentence or two for the in-app ad view, below the title (the manifest's `description`).
  public var description: String?
  /// Where the in-app ad view's call-to-action button leads (the manifest's `url` of an in-app
  /// ad); without it, the view has no such button.
  public var landingURL: String?

  /// Creates a creative.
  public init(
    id: String, imagePath: String, title: String, action: Action, description: String? = nil,
    landingURL: String? = nil
  ) {
    self.id = id
    self.imagePath = imagePath
    self.title = title
    self.action = action
    self.description = description
    self.landingURL = landingURL
  }
}
