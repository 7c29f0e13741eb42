import IntermissionAds
import IntermissionBasics
import IntermissionCore
import IntermissionLocalization

/// The words that Intermission itself shows on the banner and in the ad views, in one language:
/// from its shipped catalogues (`Assets/locale/<language>.po`), English for anything a catalogue
/// lacks, and any the game replaced.
public struct AdStrings: Hashable, Sendable {
  /// Each of the messages, by its key (the catalogues' `msgctxt`).
  public enum Key: String, CaseIterable, Hashable, Sendable {
    /// "Ad", the banner's label.
    case adLabel = "label.ad"
    /// "Advertisement", the ad view's heading.
    case advertisement = "label.advertisement"
    /// "Close".
    case close = "button.close"
    /// "Learn more", the call to action of an ad that names none.
    case learnMore = "button.learnMore"
    /// "Mute", for a video ad's sound.
    case mute = "button.mute"
    /// "Unmute".
    case unmute = "button.unmute"
    /// The footer's hint of the keys that work.
    case keysHint = "hint.keys"
    /// Over a video ad paused by its click-through.
    case resumeHint = "hint.resume"
    /// "Reward in {seconds} s", counted: one plural form per number.
    case rewardIn = "status.rewardIn"
    /// "Reward earned: {reward}".
    case rewardEarned = "status.rewardEarned"
    /// "Close again to give up {reward}".
    case giveUp = "question.giveUp"
    /// "Couldn't open the browser".
    case browserFailed = "notice.browserFailed"
    /// "the reward": what `{reward}` reads for an ad that does not name its reward.
    case unnamedReward = "reward.unnamed"
  }

  /// The language spoken, one of `Localization.languages` (a BCP 47 tag such as "ja").
  public let language: String
  private var replacements: [Key: String] = [:]
  /// Each message as it reads now (the game's, the catalogue's or English's), looked up once: a
  /// frame that draws a label asks a table, not the catalogues.
  private var messages: [Key: String] = [:]

  /// English, with nothing replaced.
  public static let english = AdStrings(language: "en")

  /// The words in `language`, one of `Localization.languages`; any other tag speaks English.
  public init(language: String) {
    self.language = Localization.catalogue(language) == nil ? "en" : language
    isRightToLeft = Localization.isRightToLeft(self.language)
    for key in Key.allCases { messages[key] = AdStrings.catalogued(key, language: self.language) }
  }

  /// Whether the language reads right to left: the views are then mirrored.
  public let isRightToLeft: Bool

  /// Replaces the message under `key` (such as "button.close") with the game's own `text`; a
  /// counted message's `{seconds}`, and `{reward}`, are filled in as in the catalogues.
  /// - Returns: false, replacing nothing, for a key that is not one of `Key`'s.
  @discardableResult
  public mutating func replace(_ key: String, with text: String) -> Bool {
    guard let known = Key(rawValue: key) else { return false }
    replacements[known] = text
    messages[known] = text
    return true
  }

  /// The message under `key`: the game's, else the catalogue's, else English's.
  public func text(_ key: Key) -> String {
    messages[key] ?? key.rawValue
  }

  /// The catalogue's message under `key` in `language`, else English's.
  private static func catalogued(_ key: Key, language: String) -> String {
    Localization.catalogue(language)?.text(key.rawValue) ?? Localization.english.text(key.rawValue) ?? key.rawValue
  }

  /// "Reward in N s" for `seconds`, in the plural form the language uses for that number.
  public func rewardIn(seconds: Int) -> String {
    let form =
      replacements[.rewardIn] ?? Localization.catalogue(language)?.text(Key.rewardIn.rawValue, count: seconds)
      ?? Localization.english.text(Key.rewardIn.rawValue, count: seconds) ?? "{seconds}"
    return AdStrings.fill(form, "{seconds}", with: String(seconds))
  }

  /// "Reward earned: `reward`".
  public func rewardEarned(_ reward: String) -> String {
    AdStrings.fill(text(.rewardEarned), "{reward}", with: reward)
  }

  /// "Close again to give up `reward`".
  public func giveUp(_ reward: String) -> String { AdStrings.fill(text(.giveUp), "{reward}", with: reward) }

  /// `template` with each `placeholder` replaced by `value`.
  static func fill(_ template: String, _ placeholder: String, with value: String) -> String {
    template.replacingText(placeholder, with: value)
  }
}
