#if canImport(Glibc)
  import Glibc
#endif

/// Intermission's version and the machine it runs on, as an OpenRTB request's user agent names
/// them (`Intermission/0.6.0 (Linux; x86_64)`).
package enum ProgramVersion {
  /// The version, as `intermission_version()` of the C API gives it.
  package static let string = "0.6.0"

  /// The machine's architecture (`uname -m`), such as `x86_64` or `aarch64`.
  package static var architecture: String {
    var names = utsname()
    guard uname(&names) == 0 else { return "unknown" }
    return withUnsafeBytes(of: &names.machine) { bytes in
      String(decoding: bytes.prefix { $0 != 0 }, as: UTF8.self)
    }
  }
}
