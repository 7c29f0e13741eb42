/// An absolute http or https URL, parsed strictly enough for untrusted input, without Foundation.
///
/// It accepts `scheme://[userinfo@]host[:port][/path][?query][#fragment]` with the scheme `http` or
/// `https` (any case), a non-empty host, a port of digits only, and no white space, control
/// characters or other characters a shell or browser could read as more than one argument.
public struct WebURL: Hashable, Sendable, CustomStringConvertible {
  /// `http` or `https`, in lower case.
  public let scheme: String
  /// The host, in lower case.
  public let host: String
  /// The port, if the URL names one.
  public let port: Int?
  /// Everything after the authority: path, query and fragment, as written.
  public let rest: String
  /// The URL as given.
  public let description: String

  /// Parses `text`; nil unless it is an absolute http or https URL with a host.
  public init?(_ text: String) {
    guard !text.unicodeScalars.contains(where: { $0.value < 0x21 || $0.value == 0x7F || $0 == "\\" }),
      let separator = text.firstRange(of: "://")
    else { return nil }
    let scheme = text[..<separator.lowerBound].lowercased()
    guard scheme == "http" || scheme == "https" else { return nil }
    let afterScheme = text[separator.upperBound...]
    let authorityEnd: Substring.Index =
      afterScheme.firstIndex(where: { (character: Character) in character == "/" || character == "?" || character == "#"
      })
      ?? afterScheme.endIndex
    var authority = afterScheme[..<authorityEnd]
    if let at = authority.lastIndex(of: "@") { authority = authority[authority.index(after: at)...] }
    var hostPart = authority
    var port: Int?
    if let colon = authority.lastIndex(of: ":"), !authority.hasSuffix("]") {
      let digits = authority[authority.index(after: colon)...]
      guard !digits.isEmpty, digits.allSatisfy({ (character: Character) in character.isASCII }),
        let number = Int(digits), number <= 65_535
      else {
        return nil
      }
      port = number
      hostPart = authority[..<colon]
    }
    guard !hostPart.isEmpty,
      hostPart.allSatisfy({ (character: Character) in WebURL.isHostCharacter(character) })
    else { return nil }
    self.scheme = scheme
    self.host = hostPart.lowercased()
    self.port = port
    self.rest = String(afterScheme[authorityEnd...])
    self.description = text
  }

  /// Whether `character` may appear in a host: letters, digits, and `-._~%[]:` (IPv6 literals).
  private static func isHostCharacter(_ character: Character) -> Bool {
    character.isLetter || character.isNumber || "-._~%[]:".contains(character)
  }
}
