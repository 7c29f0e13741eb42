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

  /// The port the URL reaches: its own, else 80 for http and 443 for https.
  public var effectivePort: Int { port ?? (scheme == "https" ? 443 : 80) }

  /// The origin, `scheme://host:port`, with the default port written out: two URLs are on the same
  /// origin when their origins are equal.
  public var origin: String { "\(scheme)://\(host):\(effectivePort)" }

  /// The path alone: `rest` up to its query or fragment, `/` when empty.
  public var path: String {
    let end = rest.firstIndex(where: { $0 == "?" || $0 == "#" }) ?? rest.endIndex
    let path = rest[..<end]
    return path.isEmpty ? "/" : String(path)
  }

  /// Resolves `reference` against this URL as a browser would (RFC 3986, section 5.2), for a
  /// reference that is an absolute URL, scheme-relative (`//host/...`), absolute-path (`/...`) or a
  /// relative path; dot segments are removed, and a `..` above the root is an error.
  /// - Returns: the resolved URL, or nil when the reference has a scheme other than http or https,
  ///   leaves the root, or does not make a valid URL.
  public func resolving(_ reference: String) -> WebURL? {
    if WebURL.hasScheme(reference) { return WebURL(reference) }
    if reference.hasPrefix("//") { return WebURL(scheme + ":" + reference) }
    let authority =
      "\(scheme)://" + description.dropFirst(scheme.count + 3).prefix(while: { $0 != "/" && $0 != "?" && $0 != "#" })
    let joined: String
    if reference.hasPrefix("/") {
      joined = reference
    } else {
      let base = path
      let folder = base[...(base.lastIndex(of: "/") ?? base.startIndex)]
      joined = String(folder) + reference
    }
    let queryStart = joined.firstIndex(where: { $0 == "?" || $0 == "#" }) ?? joined.endIndex
    guard let normalized = WebURL.removingDotSegments(String(joined[..<queryStart])) else { return nil }
    return WebURL(authority + normalized + joined[queryStart...])
  }

  /// Whether `text` starts with a URI scheme and its colon (`file:`, `data:`, `http:`).
  static func hasScheme(_ text: String) -> Bool {
    guard let colon = text.firstIndex(of: ":"), let first = text.first, first.isASCII, first.isLetter else {
      return false
    }
    return text[..<colon].allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || "+-.".contains($0)) }
  }

  /// `path` without `.` and `..` segments; nil when a `..` would climb above the root.
  static func removingDotSegments(_ path: String) -> String? {
    var segments: [Substring] = []
    let parts = path.split(separator: "/", omittingEmptySubsequences: false).dropFirst()
    for (index, segment) in parts.enumerated() {
      let isLast = index == parts.count - 1
      switch segment {
      case ".":
        if isLast { segments.append("") }
      case "..":
        guard !segments.isEmpty else { return nil }
        segments.removeLast()
        if isLast { segments.append("") }
      default:
        segments.append(segment)
      }
    }
    return "/" + segments.joined(separator: "/")
  }

  /// Whether `character` may appear in a host: letters, digits, and `-._~%[]:` (IPv6 literals).
  private static func isHostCharacter(_ character: Character) -> Bool {
    character.isLetter || character.isNumber || "-._~%[]:".contains(character)
  }
}
