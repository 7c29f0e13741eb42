#if canImport(Glibc)
  import Glibc
#endif

extension WebURL {
  /// Whether `host` is this machine: `localhost`, an IPv4 address in 127.0.0.0/8, or `[::1]`.
  package static func isLoopbackHost(_ host: String) -> Bool {
    let name = host.lowercased()
    if name == "localhost" || name == "[::1]" { return true }
    guard let bytes = ipv4(name) else { return false }
    return bytes[0] == 127
  }

  /// Whether the numeric address `literal` (IPv4 dotted, or IPv6 with or without brackets) is one
  /// an ad must never reach unless its source is one itself: unspecified, loopback, link-local,
  /// private (RFC 1918, unique local), shared (100.64.0.0/10) or multicast, IPv4-mapped ones
  /// included. A name that is not a numeric address is not (its resolved address is checked when
  /// the connection is made).
  package static func isPrivateAddress(_ literal: String) -> Bool {
    var text = literal
    if text.hasPrefix("["), text.hasSuffix("]") { text = String(text.dropFirst().dropLast()) }
    if let bytes = ipv4(text) { return isPrivateIPv4(bytes) }
    guard let bytes = ipv6(text) else { return false }
    if bytes[0..<10].allSatisfy({ $0 == 0 }) && bytes[10] == 0xFF && bytes[11] == 0xFF {
      return isPrivateIPv4(Array(bytes[12..<16]))
    }
    if bytes[0..<15].allSatisfy({ $0 == 0 }) { return true }  // :: and ::1
    if bytes[0] & 0xFE == 0xFC { return true }  // fc00::/7, unique local
    if bytes[0] == 0xFE && bytes[1] & 0xC0 == 0x80 { return true }  // fe80::/10, link-local
    return bytes[0] == 0xFF  // multicast
  }

  /// Which kind of address a host is, as far as its text tells: a name is `public` (its resolved
  /// address is checked when the connection is made).
  package enum AddressScope: Hashable, Sendable {
    /// A public address, or a name.
    case `public`
    /// This machine: `localhost`, 127.0.0.0/8, `::1`.
    case loopback
    /// Any other address an ad must not reach: private, link-local, shared, unspecified, multicast.
    case `private`
  }

  /// The scope of `host`.
  package static func scope(of host: String) -> AddressScope {
    if isLoopbackHost(host) { return .loopback }
    return isPrivateAddress(host) ? .private : .public
  }

  private static func isPrivateIPv4(_ bytes: [UInt8]) -> Bool {
    switch (bytes[0], bytes[1]) {
    case (0, _), (10, _), (127, _), (169, 254), (192, 168): true
    case (172, 16...31): true
    case (100, 64...127): true
    case (224...255, _): true
    default: false
    }
  }

  private static func ipv4(_ text: String) -> [UInt8]? {
    var address = in_addr()
    guard inet_pton(AF_INET, text, &address) == 1 else { return nil }
    return withUnsafeBytes(of: address.s_addr) { Array($0) }
  }

  private static func ipv6(_ text: String) -> [UInt8]? {
    var address = in6_addr()
    guard inet_pton(AF_INET6, text, &address) == 1 else { return nil }
    return withUnsafeBytes(of: address) { Array($0) }
  }
}
