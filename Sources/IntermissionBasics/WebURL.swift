/// An absolute http or https URL, parsed strictly enough for untrusted input and normalised as
/// RFC 3986 (section 6.2.2) says before anything checks it, without Foundation.
///
/// It accepts `scheme://[userinfo@]host[:port][/path][?query][#fragment]` with the scheme `http` or
/// `https` (any case), a non-empty host, a port of digits only, and no white space, control
/// characters or other characters a shell or browser could read as more than one argument.
///
/// Normalisation: the scheme and host in lower case; percent-encoded unreserved characters
/// (`A-Z a-z 0-9 - . _ ~`) decoded and every other percent-encoding in upper case; dot segments
/// removed from the path after decoding (a `..` above the root is refused), and an empty path
/// made `/`. An encoded slash or backslash (`%2F`, `%5C`) in the path, and a `%` not followed by
/// two hex digits, are refused: servers disagree on what they mean. `description` is the normalised
/// URL, which is what gets checked and what gets requested.
package struct WebURL: Hashable, Sendable, CustomStringConvertible {
  /// `http` or `https`, in lower case.
  package let scheme: String
  /// The host, in lower case.
  package let host: String
  /// The port, if the URL names one.
  package let port: Int?
  /// Everything after the authority, normalised: path, query and fragment.
  package let rest: String
  /// The normalised URL.
  package let description: String

  /// Parses and normalises `text`; nil unless it is an absolute http or https URL with a host
  /// whose path stays within the root and has no encoded slash.
  package init?(_ text: String) {
    guard !text.unicodeScalars.contains(where: { $0.value < 0x21 || $0.value == 0x7F || $0 == "\\" }),
      let separator = text.rangeOfText("://")
    else { return nil }
    let scheme = text[..<separator.lowerBound].lowercased()
    guard scheme == "http" || scheme == "https" else { return nil }
    let afterScheme = text[separator.upperBound...]
    let authorityEnd: Substring.Index =
      afterScheme.firstIndex(where: { (character: Character) in character == "/" || character == "?" || character == "#"
      })
      ?? afterScheme.endIndex
    var authority = afterScheme[..<authorityEnd]
    var userinfo = ""
    if let at = authority.lastIndex(of: "@") {
      guard let normalized = WebURL.normalizingPercentEncoding(authority[..<at]) else { return nil }
      userinfo = normalized + "@"
      authority = authority[authority.index(after: at)...]
    }
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
    guard !hostPart.isEmpty, !hostPart.containsText("%"),
      hostPart.allSatisfy({ (character: Character) in WebURL.isHostCharacter(character) })
    else { return nil }
    guard let rest = WebURL.normalizingRest(afterScheme[authorityEnd...]) else { return nil }
    self.scheme = scheme
    self.host = hostPart.lowercased()
    self.port = port
    self.rest = rest
    self.description = "\(scheme)://\(userinfo)\(host)" + (port.map { ":\($0)" } ?? "") + rest
  }

  /// The path, query and fragment of a URL, normalised: nil when the path has an encoded slash or
  /// backslash, a bad percent-encoding, or a `..` above the root.
  private static func normalizingRest(_ rest: Substring) -> String? {
    let queryStart = rest.firstIndex(where: { $0 == "?" || $0 == "#" }) ?? rest.endIndex
    guard let path = normalizingPercentEncoding(rest[..<queryStart]), !path.containsText("%2F"),
      !path.containsText("%5C"),
      let withoutDots = removingDotSegments(path.isEmpty ? "/" : path),
      let tail = normalizingPercentEncoding(rest[queryStart...])
    else { return nil }
    return withoutDots + tail
  }

  /// `text` with percent-encoded unreserved characters decoded and every other percent-encoding
  /// in upper case; nil when a `%` is not followed by two hex digits.
  static func normalizingPercentEncoding(_ text: Substring) -> String? {
    var bytes = Array(text.utf8)
    var output: [UInt8] = []
    output.reserveCapacity(bytes.count)
    var index = 0
    while index < bytes.count {
      guard bytes[index] == UInt8(ascii: "%") else {
        output.append(bytes[index])
        index += 1
        continue
      }
      guard index + 2 < bytes.count, let high = hexValue(bytes[index + 1]), let low = hexValue(bytes[index + 2])
      else { return nil }
      let decoded = high << 4 | low
      if PercentEncoding.isUnreserved(decoded) {
        output.append(decoded)
      } else {
        bytes[index + 1] = PercentEncoding.hexDigit(high)
        bytes[index + 2] = PercentEncoding.hexDigit(low)
        output.append(contentsOf: bytes[index...(index + 2)])
      }
      index += 3
    }
    return String(decoding: output, as: UTF8.self)
  }

  private static func hexValue(_ byte: UInt8) -> UInt8? {
    switch byte {
    case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
    case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
    case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
    default: nil
    }
  }

  /// The port the URL reaches: its own, else 80 for http and 443 for https.
  package var effectivePort: Int { port ?? (scheme == "https" ? 443 : 80) }

  /// The origin, `scheme://host:port`, with the default port written out: two URLs are on the same
  /// origin when their origins are equal.
  package var origin: String { "\(scheme)://\(host):\(effectivePort)" }

  /// The path alone: `rest` up to its query or fragment, `/` when empty.
  package var path: String {
    let end = rest.firstIndex(where: { $0 == "?" || $0 == "#" }) ?? rest.endIndex
    let path = rest[..<end]
    return path.isEmpty ? "/" : String(path)
  }

  /// Resolves `reference` against this URL as a browser would (RFC 3986, section 5.2), for a
  /// reference that is an absolute URL, scheme-relative (`//host/...`), absolute-path (`/...`) or a
  /// relative path; the result is normalised (encoded dots decoded, then dot segments removed),
  /// and a `..` above the root is an error.
  /// - Returns: the resolved URL, or nil when the reference has a scheme other than http or https,
  ///   leaves the root, or does not make a valid URL.
  package func resolving(_ reference: String) -> WebURL? {
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
    // Parsing normalises: percent-encoded dots are decoded before dot segments are removed.
    return WebURL(authority + joined)
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

  /// Whether `character` may appear in a host: ASCII letters and digits, and `-._~[]:` (IPv6
  /// literals). A host is ASCII (RFC 3986; a name in another script is given in its `xn--` form):
  /// a combining mark right after `://`, which a search by bytes finds but a search by characters
  /// would not, can never start one.
  private static func isHostCharacter(_ character: Character) -> Bool {
    character.isASCII && (character.isLetter || character.isNumber || "-._~[]:".contains(character))
  }
}
