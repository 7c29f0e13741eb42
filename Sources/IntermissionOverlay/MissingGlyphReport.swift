import IntermissionAds
import IntermissionCore

/// Traces `text.missingGlyphs` for the characters that no installed font has, once per ad, so
/// that a developer learns which font package to install (README, "Text in every language").
struct MissingGlyphReport {
  private var reportedAd: String?
  private var reported: Set<Unicode.Scalar> = []

  /// Traces `scalars` (the canvas's `takeMissingGlyphs()`) that were not traced yet for the ad
  /// `id` on screen: `codePoints` as "U+4ECA U+3059", and the ad's `id` when one is shown.
  mutating func note(_ scalars: [Unicode.Scalar], ad id: String?, trace: Trace) {
    guard !scalars.isEmpty else { return }
    if id != reportedAd {
      reportedAd = id
      reported = []
    }
    let new = scalars.filter { reported.insert($0).inserted }
    guard !new.isEmpty else { return }
    let codePoints = new.map { scalar in
      let hex = String(scalar.value, radix: 16, uppercase: true)
      return "U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
    }
    var fields: [(key: String, value: TraceValue)] = []
    if let id { fields.append(("id", .string(id))) }
    fields.append(("codePoints", .string(codePoints.joined(separator: " "))))
    trace.emit(.textMissingGlyphs, fields: fields)
  }
}
