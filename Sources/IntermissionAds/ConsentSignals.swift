import IntermissionBasics
import IntermissionConsent
import IntermissionCore

/// The player's privacy signals, as the game's consent dialog (its CMP) set them, sent with every
/// OpenRTB request: GDPR applies or not (`gdpr`), the IAB TCF v2 consent string (`tcf`), the CCPA
/// string (`usPrivacy`), and the Global Privacy Platform string with its applicable sections
/// (`gpp`, `gppSid`). Intermission never shows a consent dialog and sends no device identifier.
public struct ConsentSignals: Hashable, Sendable {
  /// 1 when GDPR applies, 0 when it does not; nil when unknown.
  public var gdpr: Int?
  /// The TCF v2 consent string (`user.consent`).
  public var tcf: String?
  /// The IAB US Privacy (CCPA) string, such as `1YNN` (`regs.us_privacy`).
  public var usPrivacy: String?
  /// The GPP string (`regs.gpp`).
  public var gpp: String?
  /// The GPP section ids that apply (`regs.gpp_sid`).
  public var gppSid: [Int]
  /// Google's Additional Consent string (Prebid Server's
  /// `user.ext.ConsentedProvidersSettings.consented_providers`).
  public var additionalConsent: String?

  /// The longest string accepted for a signal, in characters.
  public static let maximumLength = 10_000

  /// Creates signals; nothing is known by default.
  public init(gdpr: Int? = nil, tcf: String? = nil, usPrivacy: String? = nil, gpp: String? = nil, gppSid: [Int] = []) {
    self.gdpr = gdpr
    self.tcf = tcf
    self.usPrivacy = usPrivacy
    self.gpp = gpp
    self.gppSid = gppSid
  }

  /// The signals of a consent engine's decision.
  package init(_ strings: ConsentStrings) {
    self.init(gdpr: strings.gdprApplies, tcf: strings.tcString, gpp: strings.gppString, gppSid: strings.gppSectionIDs)
    additionalConsent = strings.additionalConsent
  }

  /// Why signals were refused: which one, and what is wrong with it.
  public struct Failure: Error, Hashable, Sendable, CustomStringConvertible {
    /// The message, naming the field.
    public let description: String
    /// Whether a TC or GPP string was refused because it does not decode (`consent.refused`).
    public var isUndecodable = false
  }

  /// Checks signals given one by one (the C API's `intermission_set_consent`): `gdpr` 1, 0 or -1
  /// (unknown); strings printable and at most `maximumLength`, empty meaning absent; `gppSid` as
  /// section ids separated by commas (`"2,6"`).
  public static func checked(gdpr: Int, tcf: String?, usPrivacy: String?, gpp: String?, gppSid: String?)
    throws(Failure) -> ConsentSignals
  {
    guard (-1...1).contains(gdpr) else { throw Failure(description: "gdpr must be 1, 0 or -1 (unknown), not \(gdpr)") }
    var signals = ConsentSignals(gdpr: gdpr < 0 ? nil : gdpr)
    signals.tcf = try text(tcf, "tcf")
    signals.usPrivacy = try text(usPrivacy, "us_privacy")
    signals.gpp = try text(gpp, "gpp")
    if let list = try text(gppSid, "gpp_sid") {
      guard let sections = sections(list) else {
        throw Failure(description: "gpp_sid must be section ids separated by commas, such as \"2,6\"")
      }
      signals.gppSid = sections
    }
    return signals
  }

  /// Whether `bytes` is a JSON object of signals (`gdpr`, `tcf`, `usPrivacy`, `gpp`, `gppSid`
  /// only; `{}` is no signal at all), rather than a consent file for the consent engine.
  public static func isSignalsFile(_ bytes: [UInt8]) -> Bool {
    guard case .object(let members)? = try? StrictJSON.parse(bytes) else { return false }
    return members.allSatisfy { ["gdpr", "tcf", "usPrivacy", "gpp", "gppSid"].contains($0.key) }
  }

  /// Reads a consent file (`--consent FILE`): a JSON object with `gdpr` (0 or 1), `tcf`,
  /// `usPrivacy`, `gpp` (strings) and `gppSid` (an array of section ids, or a string of them
  /// separated by commas), each optional; no other member.
  /// - Parameters:
  ///   - bytes: the file's contents.
  ///   - name: the file, for messages.
  public static func parse(_ bytes: [UInt8], name: String) throws(Failure) -> ConsentSignals {
    let place = PrintableText.escaping(name, limit: 200)
    let root: StrictJSON.Value
    do {
      root = try StrictJSON.parse(bytes)
    } catch {
      throw Failure(description: "\(place): not valid JSON (\(error))")
    }
    guard case .object(let members) = root else {
      throw Failure(description: "\(place): the top level is not an object")
    }
    var signals = ConsentSignals()
    for (key, value) in members {
      func string() throws(Failure) -> String? {
        guard case .string(let text) = value else {
          throw Failure(description: "\(place): \"\(key)\" must be a string")
        }
        return try ConsentSignals.text(text, key, in: place)
      }
      switch key {
      case "gdpr":
        guard case .number(let number) = value, number == 0 || number == 1 else {
          throw Failure(description: "\(place): \"gdpr\" must be 0 or 1")
        }
        signals.gdpr = Int(number)
      case "tcf": signals.tcf = try string()
      case "usPrivacy": signals.usPrivacy = try string()
      case "gpp": signals.gpp = try string()
      case "gppSid":
        var sections: [Int]?
        switch value {
        case .string(let list): sections = ConsentSignals.sections(list)
        case .array(let items):
          sections = items.compactMap { item -> Int? in
            guard case .number(let number) = item, number == number.rounded(), (1...255).contains(number) else {
              return nil
            }
            return Int(number)
          }
          if sections?.count != items.count { sections = nil }
        default: sections = nil
        }
        guard let sections else {
          throw Failure(description: "\(place): \"gppSid\" must be section ids (1 to 255), as an array or \"2,6\"")
        }
        signals.gppSid = sections
      default:
        throw Failure(
          description: "\(place): unknown member \"\(PrintableText.escaping(key, limit: 40))\" "
            + "(known: gdpr, tcf, usPrivacy, gpp, gppSid)")
      }
    }
    return signals
  }

  /// `value` if it is a usable signal: nil for nil or empty.
  private static func text(_ value: String?, _ key: String, in place: String? = nil) throws(Failure) -> String? {
    guard let value, !value.isEmpty else { return nil }
    let prefix = place.map { "\($0): \"\(key)\"" } ?? key
    guard value.count <= maximumLength else {
      throw Failure(description: "\(prefix) is longer than \(maximumLength) characters")
    }
    guard !PrintableText.containsControl(value) else {
      throw Failure(description: "\(prefix) contains a control character")
    }
    if let failure = decodingFailure(key == "tcf" ? value : nil, gpp: key == "gpp" ? value : nil) {
      throw Failure(description: "\(prefix) does not decode: \(failure)", isUndecodable: true)
    }
    return value
  }

  /// Why the TC string or the GPP string of these signals does not decode, or nil when both do
  /// (or are absent): a game's own strings are checked before any request carries them.
  public var decodingFailure: String? { Self.decodingFailure(tcf, gpp: gpp) }

  private static func decodingFailure(_ tcf: String?, gpp: String?) -> String? {
    do throws(ConsentStringError) {
      if let tcf { _ = try TCString.decode(tcf) }
      if let gpp { _ = try GPPString.decode(gpp) }
      return nil
    } catch {
      return error.description
    }
  }

  /// `"2,6"` as `[2, 6]`; nil unless every part is a section id from 1 to 255.
  private static func sections(_ list: String) -> [Int]? {
    let parts = list.split(separator: ",", omittingEmptySubsequences: false).map {
      $0.drop(while: { $0 == " " }).split(separator: " ").first.map(String.init) ?? ""
    }
    let numbers = parts.compactMap { Int($0) }.filter { (1...255).contains($0) }
    return numbers.count == parts.count ? numbers : nil
  }
}
