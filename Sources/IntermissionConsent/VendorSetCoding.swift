/// The two ways a TC string writes a set of vendor ids: a bit field up to the largest id, or a list
/// of single ids and ranges. The encoder writes whichever is shorter, the ranges on a tie, as the
/// Global Privacy Platform's reference encoder (iabgpp-es) does, so that its strings match ours bit
/// for bit.
package enum VendorSetCoding {
  /// The largest vendor id a TC string can hold (16 bits).
  package static let largestVendorID = 65_535
  /// The most entries a range list can hold (12 bits).
  package static let largestEntryCount = 4_095

  /// Writes MaxVendorId, IsRangeEncoding, then the shorter encoding of `ids` (sorted, unique).
  package static func write(_ ids: [Int], to writer: inout BitWriter) {
    let largest = ids.last ?? 0
    writer.write(largest, width: 16)
    let ranges = self.ranges(of: ids)
    let rangeBits = 12 + ranges.reduce(0) { $0 + ($1.lowerBound == $1.upperBound ? 17 : 33) }
    if rangeBits <= largest && ranges.count <= largestEntryCount {
      writer.write(true)
      writeEntries(ranges, to: &writer)
    } else {
      writer.write(false)
      var next = 0
      for id in 1...max(largest, 1) where id <= largest {
        writer.write(next < ids.count && ids[next] == id)
        if next < ids.count && ids[next] == id { next += 1 }
      }
    }
  }

  /// Reads what `write` wrote: the ids, sorted and unique.
  package static func read(from reader: inout BitReader, _ field: String) throws(ConsentStringError) -> [Int] {
    let largest = try reader.read(16, "\(field)' MaxVendorId")
    if try reader.readBool("\(field)' IsRangeEncoding") {
      return try readEntries(from: &reader, field, largest: largest)
    }
    let flags = try reader.readFlags(largest, "\(field)' bit field")
    return flags.indices.filter { flags[$0] }.map { $0 + 1 }
  }

  /// Writes NumEntries and the entries (IsARange, StartOrOnlyVendorId, EndVendorId).
  package static func writeEntries(_ ranges: [ClosedRange<Int>], to writer: inout BitWriter) {
    writer.write(ranges.count, width: 12)
    for range in ranges {
      writer.write(range.lowerBound != range.upperBound)
      writer.write(range.lowerBound, width: 16)
      if range.lowerBound != range.upperBound { writer.write(range.upperBound, width: 16) }
    }
  }

  /// Reads NumEntries and the entries, refusing an id of 0, an end before its start, or an id above
  /// `largest`. The ids come back sorted and unique.
  package static func readEntries(
    from reader: inout BitReader, _ field: String, largest: Int = largestVendorID
  ) throws(ConsentStringError) -> [Int] {
    let count = try reader.read(12, "\(field)' NumEntries")
    var ids = Set<Int>()
    for entry in 1...max(count, 1) where entry <= count {
      let start = reader.position
      let isRange = try reader.readBool("\(field)' entry \(entry) IsARange")
      let first = try reader.read(16, "\(field)' entry \(entry) StartOrOnlyVendorId")
      let last = isRange ? try reader.read(16, "\(field)' entry \(entry) EndVendorId") : first
      guard first >= 1 else { throw reader.error("\(field)' entry \(entry) names vendor 0", at: start) }
      guard last >= first else {
        throw reader.error("\(field)' entry \(entry) ends (\(last)) before it starts (\(first))", at: start)
      }
      guard last <= largest else {
        throw reader.error("\(field)' entry \(entry) names vendor \(last), above MaxVendorId \(largest)", at: start)
      }
      guard ids.count + (last - first + 1) <= largestVendorID else { throw reader.error("\(field) is too large") }
      reader.idBudget -= last - first + 1
      guard reader.idBudget >= 0 else {
        throw reader.error("the string's ranges name more than 300,000 vendor ids in all", at: start)
      }
      ids.formUnion(first...last)
    }
    return ids.sorted()
  }

  /// `ids` (sorted, unique) as runs of consecutive ids.
  package static func ranges(of ids: [Int]) -> [ClosedRange<Int>] {
    var ranges: [ClosedRange<Int>] = []
    for id in ids {
      if let last = ranges.last, last.upperBound + 1 == id {
        ranges[ranges.count - 1] = last.lowerBound...id
      } else {
        ranges.append(id...id)
      }
    }
    return ranges
  }
}
