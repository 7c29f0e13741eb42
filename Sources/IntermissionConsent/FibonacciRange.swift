/// The Global Privacy Platform's list of ids as Fibonacci-coded ranges: NumEntries (12 bits), then
/// per entry IsRange (1 bit) and the id's distance from the previous entry's end (or, for a range,
/// that distance and the range's length less one), each Fibonacci-coded.
package enum FibonacciRange {
  /// Writes `ids` (ascending, unique, from 1).
  package static func write(_ ids: [Int], to writer: inout BitWriter) {
    let runs = VendorSetCoding.ranges(of: ids)
    writer.write(runs.count, width: 12)
    var previous = 0
    for run in runs {
      writer.write(run.lowerBound != run.upperBound)
      writer.writeFibonacci(run.lowerBound - previous)
      if run.lowerBound != run.upperBound { writer.writeFibonacci(run.upperBound - run.lowerBound) }
      previous = run.upperBound
    }
  }

  /// Reads what `write` wrote: the ids, ascending and unique.
  package static func read(from reader: inout BitReader, _ field: String) throws(ConsentStringError) -> [Int] {
    let count = try reader.read(12, "\(field)' NumEntries")
    var ids: [Int] = []
    var previous = 0
    for entry in 1...max(count, 1) where entry <= count {
      let isRange = try reader.readBool("\(field)' entry \(entry) IsRange")
      let first = previous + (try reader.readFibonacci("\(field)' entry \(entry)"))
      let last = isRange ? first + (try reader.readFibonacci("\(field)' entry \(entry)'s length")) : first
      guard last <= 65_535 else { throw reader.error("\(field)' entry \(entry) names an id above 65,535") }
      ids.append(contentsOf: first...last)
      previous = last
    }
    return ids
  }
}
