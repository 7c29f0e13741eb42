import IntermissionBasics
import IntermissionCore

/// The format of an ad in the manifest (`"format"`), and what the full-screen formats carry.
public enum AdFormat: String, Hashable, Sendable, CaseIterable {
  /// The banner at the bottom of the window (the default: a manifest without `format` means it).
  case banner
  /// A full-screen ad shown at a break the game chooses; closable after a countdown.
  case interstitial
  /// A full-screen ad the player chooses to watch for a reward, earned when its countdown ends.
  case rewarded

  /// What a rewarded ad gives (`"reward": {"type": "coins", "amount": 50}`).
  public struct Reward: Hashable, Sendable {
    /// What the game credits, such as `coins`.
    public var type: String
    /// How much of it: a non-negative integer.
    public var amount: Int

    /// Creates a reward.
    public init(type: String, amount: Int) {
      self.type = type
      self.amount = amount
    }
  }

  /// The smallest full-screen creative accepted, in pixels.
  public static let minimumFullscreenSize = Size(width: 320, height: 180)
  /// The seconds before an interstitial's close control appears, by default (`closeAfter`).
  public static let defaultCloseAfter = 5.0
  /// The most seconds an interstitial's close control may wait (Better Ads).
  public static let maximumCloseAfter = 15.0
  /// The seconds a rewarded ad plays before its reward is earned, by default (`rewardAfter`).
  public static let defaultRewardAfter = 15.0
  /// The range `rewardAfter` may take, in seconds.
  public static let rewardAfterRange = 1.0...60.0
  /// The longest reward type accepted, in characters.
  public static let maximumRewardTypeLength = 64
  /// The largest reward amount accepted.
  public static let maximumRewardAmount = 1_000_000_000

  /// The format's fields of one manifest entry, read and checked: `format`, and `reward`,
  /// `rewardAfter` (rewarded) or `closeAfter` (interstitial), each allowed only on its format.
  /// - Parameters:
  ///   - entry: the manifest entry.
  ///   - place: where the entry is, for messages (`ads[2] 'bonus'`).
  /// - Returns: the format, the reward, and the countdown in seconds (nil for a banner).
  /// - Throws: a message naming the field and what is wrong with it.
  package static func read(_ entry: StrictJSON.Value, place: String) throws(FieldError) -> (
    format: AdFormat, reward: Reward?, countdown: Double?
  ) {
    var format = AdFormat.banner
    if let value = entry["format"] {
      guard case .string(let name) = value, let known = AdFormat(rawValue: name) else {
        throw FieldError("\(place): \"format\" must be \"banner\", \"interstitial\" or \"rewarded\"")
      }
      format = known
    }
    for (key, owner) in [
      ("reward", AdFormat.rewarded), ("rewardAfter", .rewarded), ("rewardURL", .rewarded),
      ("closeAfter", .interstitial),
    ]
    where entry[key] != nil && format != owner {
      throw FieldError("\(place): \"\(key)\" belongs to \"format\": \"\(owner.rawValue)\" entries only")
    }
    switch format {
    case .banner:
      return (format, nil, nil)
    case .interstitial:
      let closeAfter = try number(entry["closeAfter"], "closeAfter", in: 0...maximumCloseAfter, place: place)
      return (format, nil, closeAfter ?? defaultCloseAfter)
    case .rewarded:
      guard let reward = entry["reward"], case .object = reward else {
        throw FieldError("\(place): a rewarded ad needs \"reward\": {\"type\": \"coins\", \"amount\": 50}")
      }
      guard case .string(let type)? = reward["type"], !type.isEmpty, type.count <= maximumRewardTypeLength,
        !PrintableText.containsControl(type), type.contains(where: { !$0.isWhitespace })
      else {
        throw FieldError(
          "\(place): \"reward\".\"type\" must be a visible string of at most \(maximumRewardTypeLength) characters")
      }
      guard case .number(let amount)? = reward["amount"], amount >= 0, amount == amount.rounded(),
        amount <= Double(maximumRewardAmount)
      else {
        throw FieldError("\(place): \"reward\".\"amount\" must be an integer from 0 to \(maximumRewardAmount)")
      }
      let rewardAfter = try number(entry["rewardAfter"], "rewardAfter", in: rewardAfterRange, place: place)
      return (format, Reward(type: type, amount: Int(amount)), rewardAfter ?? defaultRewardAfter)
    }
  }

  private static func number(
    _ value: StrictJSON.Value?, _ key: String, in range: ClosedRange<Double>, place: String
  ) throws(FieldError) -> Double? {
    guard let value else { return nil }
    guard case .number(let seconds) = value, range.contains(seconds) else {
      throw FieldError(
        "\(place): \"\(key)\" must be a number of seconds from \(Int(range.lowerBound)) to \(Int(range.upperBound))")
    }
    return seconds
  }

  /// A format field that is wrong, with the message saying which and why.
  package struct FieldError: Error {
    package let message: String
    package init(_ message: String) { self.message = message }
  }
}
