import IntermissionBasics
import IntermissionCore

/// A `RunReport` written out: as a table for people (`table`), or as one JSON object for
/// dashboards (`json`), with the same figures.
package enum RunReportText {
  /// The report as a table, titled with `name`, the trace it was read from.
  package static func table(_ report: RunReport, name: String) -> String {
    var out = "Intermission run report: \(name): \(seconds(report.duration)), \(report.records) records\n\n"
    let header = [
      "format", "placement", "requests", "fills", "fill rate", "shows", "impressions", "viewable", "clicks", "CTR",
      "revenue", "eCPM",
    ]
    var lines = [header]
    for row in report.rows {
      let currencies = row.revenue.keys.sorted()
      lines.append([
        row.format, row.placement ?? "(all)", row.requests.map(String.init) ?? "-", row.fills.map(String.init) ?? "-",
        percent(row.requests == nil ? nil : row.fillRate), String(row.shows), String(row.impressions),
        percent(row.viewableRate), String(row.clicks), percent(row.clickThroughRate),
        (currencies.isEmpty ? "-" : amounts(row.revenue))
          + (row.uncountedRevenue > 0 ? " + \(row.uncountedRevenue) not counted" : ""),
        currencies.isEmpty
          ? "-"
          : currencies.map { "\(row.eCPM($0).map(\.description) ?? "-") \($0)" }.joined(
            separator: ", "),
      ])
    }
    out += aligned(lines)
    out += "\n"
    for row in report.rows {
      let name = row.format + (row.placement.map { " " + $0 } ?? "")
      if !row.refusals.isEmpty { out += "refused \(name): \(counts(row.refusals))\n" }
      if !row.failures.isEmpty { out += "failed \(name): \(counts(row.failures))\n" }
      if !row.vastErrors.isEmpty { out += "VAST errors \(name): \(counts(row.vastErrors))\n" }
    }
    out += "bids refused: \(report.bidRefusals.isEmpty ? "none" : counts(report.bidRefusals))\n"
    out +=
      "held: "
      + (report.held.isEmpty
        ? "never" : report.held.map { "\($0.holder) \(seconds($0.seconds))" }.joined(separator: ", "))
      + "\n"
    let beacons = report.beacons
    out +=
      "beacons: \(beacons.sent) sent, \(beacons.failed) failed attempts, \(beacons.pending) pending,"
      + " \(beacons.dropped) dropped\n"
    if report.pendingRevenueEvents > 0 {
      out += "revenue events of an earlier launch handed over: \(report.pendingRevenueEvents)"
      out += report.pendingRevenue.isEmpty ? "\n" : " (\(amounts(report.pendingRevenue)))\n"
    }
    if !report.revenueNotCounted.isEmpty {
      out +=
        "revenue not counted: "
        + report.revenueNotCounted.sorted { $0.key > $1.key }.map {
          "\($0.value) record\($0.value == 1 ? "" : "s") \($0.key)"
        }.joined(separator: ", ") + "\n"
    }
    return out
  }

  /// The report as one JSON object: `rows` (each with its figures, rates as numbers or null,
  /// revenue and eCPM as decimal strings by currency, and `uncountedRevenue`), `bidRefusals`, `held`
  /// (seconds by holder), `beacons`, `pendingRevenueEvents`, `pendingRevenue` (by currency),
  /// `revenueNotCounted` (by reason), `duration`, `records` and `skippedLines` (the numbers of the
  /// lines that were not records).
  package static func json(_ report: RunReport, skippedLines: [Int]) -> String {
    let rows = report.rows.map { row -> String in
      let currencies = row.revenue.keys.sorted()
      let members: [(String, String)] = [
        ("format", TraceValue.quoted(row.format)), ("placement", row.placement.map(TraceValue.quoted) ?? "null"),
        ("requests", row.requests.map(String.init) ?? "null"), ("fills", row.fills.map(String.init) ?? "null"),
        ("fillRate", rate(row.requests == nil ? nil : row.fillRate)), ("shows", String(row.shows)),
        ("impressions", String(row.impressions)), ("viewableRate", rate(row.viewableRate)),
        ("clicks", String(row.clicks)), ("clickThroughRate", rate(row.clickThroughRate)),
        (
          "revenue",
          object(row.revenue.sorted { $0.key < $1.key }.map { ($0.key, TraceValue.quoted($0.value.description)) })
        ),
        ("eCPM", object(currencies.map { ($0, row.eCPM($0).map { TraceValue.quoted($0.description) } ?? "null") })),
        ("uncountedRevenue", String(row.uncountedRevenue)),
        ("refusals", object(row.refusals)), ("failures", object(row.failures)), ("vastErrors", object(row.vastErrors)),
      ]
      return object(members)
    }
    let beacons = report.beacons
    let members: [(String, String)] = [
      ("duration", TraceValue.fixedMicroseconds(report.duration)), ("records", String(report.records)),
      ("rows", "[" + rows.joined(separator: ",") + "]"), ("bidRefusals", object(report.bidRefusals)),
      ("held", object(report.held.map { ($0.holder, TraceValue.fixedMicroseconds($0.seconds)) })),
      (
        "beacons",
        object([
          ("sent", String(beacons.sent)), ("failed", String(beacons.failed)), ("pending", String(beacons.pending)),
          ("dropped", String(beacons.dropped)),
        ])
      ),
      ("pendingRevenueEvents", String(report.pendingRevenueEvents)),
      (
        "pendingRevenue",
        object(
          report.pendingRevenue.sorted { $0.key < $1.key }.map { ($0.key, TraceValue.quoted($0.value.description)) })
      ),
      ("revenueNotCounted", object(report.revenueNotCounted)),
      ("skippedLines", "[" + skippedLines.map(String.init).joined(separator: ",") + "]"),
    ]
    return object(members) + "\n"
  }

  private static func object(_ members: [(String, String)]) -> String {
    "{" + members.map { TraceValue.quoted($0.0) + ":" + $0.1 }.joined(separator: ",") + "}"
  }

  private static func object(_ counts: [String: Int]) -> String {
    object(counts.sorted { $0.key < $1.key }.map { ($0.key, String($0.value)) })
  }

  private static func amounts(_ amounts: [String: Micros]) -> String {
    amounts.sorted { $0.key < $1.key }.map { "\($0.value) \($0.key)" }.joined(separator: ", ")
  }

  private static func counts(_ counts: [String: Int]) -> String {
    counts.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)" }.joined(separator: ", ")
  }

  private static func rate(_ value: Double?) -> String { value.map { TraceValue.fixedMicroseconds($0) } ?? "null" }

  private static func percent(_ value: Double?) -> String {
    guard let value else { return "-" }
    let tenths = Int((value * 1000).rounded())
    return "\(tenths / 10).\(tenths % 10)%"
  }

  private static func seconds(_ value: Double) -> String {
    let millis = Int((value * 1000).rounded())
    return "\(millis / 1000).\(String(repeating: "0", count: 3 - String(millis % 1000).count))\(millis % 1000) s"
  }

  /// `lines` as columns: text left-aligned, the rest right-aligned, two spaces apart.
  private static func aligned(_ lines: [[String]]) -> String {
    let widths = lines[0].indices.map { column in lines.map { $0[column].count }.max() ?? 0 }
    return lines.map { line in
      line.indices.map { column in
        let cell = line[column]
        let pad = String(repeating: " ", count: widths[column] - cell.count)
        return column < 2 ? cell + pad : pad + cell
      }.joined(separator: "  ")
    }.joined(separator: "\n") + "\n"
  }
}
