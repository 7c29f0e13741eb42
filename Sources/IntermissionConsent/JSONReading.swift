import IntermissionBasics

/// Typed reads of a parsed JSON document, each failure naming the document and the member's path
/// (`vendors."12".purposes[3]`), for the consent module's untrusted inputs.
package struct JSONReading: Sendable {
  /// The document's name, for messages.
  package let document: String

  package init(document: String) {
    self.document = PrintableText.escaping(document, limit: 200)
  }

  package func failure(_ path: String, _ reason: String) -> ConsentDocumentError {
    ConsentDocumentError("\(document): \(path) \(reason)")
  }

  /// The document parsed, refusing a syntax error with its line and column.
  package func parse(_ bytes: [UInt8]) throws(ConsentDocumentError) -> StrictJSON.Value {
    do {
      return try StrictJSON.parse(bytes)
    } catch {
      throw ConsentDocumentError("\(document): not valid JSON: \(error)")
    }
  }

  package func members(_ value: StrictJSON.Value?, _ path: @autoclosure () -> String) throws(ConsentDocumentError) -> [(
    key: String, value: StrictJSON.Value
  )] {
    guard case .object(let members) = value else { throw failure(path(), "must be an object") }
    return members
  }

  package func int(_ value: StrictJSON.Value?, _ path: @autoclosure () -> String, in range: ClosedRange<Int>)
    throws(ConsentDocumentError)
    -> Int
  {
    guard let value else {
      throw failure(path(), "is missing (a whole number from \(range.lowerBound) to \(range.upperBound))")
    }
    guard case .number(let number) = value, number == number.rounded(), number >= Double(range.lowerBound),
      number <= Double(range.upperBound)
    else { throw failure(path(), "must be a whole number from \(range.lowerBound) to \(range.upperBound)") }
    return Int(number)
  }

  package func optionalInt(_ value: StrictJSON.Value?, _ path: @autoclosure () -> String, in range: ClosedRange<Int>)
    throws(ConsentDocumentError) -> Int?
  {
    if value == nil || value == .null { return nil }
    return try int(value, path(), in: range)
  }

  package func string(_ value: StrictJSON.Value?, _ path: @autoclosure () -> String, limit: Int = 10_000)
    throws(ConsentDocumentError)
    -> String
  {
    guard let value else { throw failure(path(), "is missing (a string)") }
    guard case .string(let text) = value else { throw failure(path(), "must be a string") }
    guard text.utf8.count <= limit else { throw failure(path(), "is longer than \(limit) bytes") }
    return text
  }

  package func bool(_ value: StrictJSON.Value?, _ path: @autoclosure () -> String, default fallback: Bool)
    throws(ConsentDocumentError)
    -> Bool
  {
    guard let value else { return fallback }
    guard case .bool(let flag) = value else { throw failure(path(), "must be true or false") }
    return flag
  }

  package func ints(_ value: StrictJSON.Value?, _ path: @autoclosure () -> String, in range: ClosedRange<Int>)
    throws(ConsentDocumentError)
    -> [Int]
  {
    guard let value else { return [] }
    guard case .array(let items) = value else { throw failure(path(), "must be an array of whole numbers") }
    var result: [Int] = []
    result.reserveCapacity(items.count)
    for (index, item) in items.enumerated() { result.append(try int(item, "\(path())[\(index)]", in: range)) }
    return result
  }

  package func strings(_ value: StrictJSON.Value?, _ path: @autoclosure () -> String) throws(ConsentDocumentError)
    -> [String]
  {
    guard let value else { return [] }
    guard case .array(let items) = value else { throw failure(path(), "must be an array of strings") }
    var result: [String] = []
    for (index, item) in items.enumerated() { result.append(try string(item, "\(path())[\(index)]")) }
    return result
  }

  /// The members of the object `value` whose keys are ids (`"1"`, `"2"`, …), each with its id,
  /// refusing a key that is not a positive whole number within `range`.
  package func byID(_ value: StrictJSON.Value?, _ path: @autoclosure () -> String, in range: ClosedRange<Int>)
    throws(ConsentDocumentError) -> [(id: Int, value: StrictJSON.Value)]
  {
    guard let value else { return [] }
    var result: [(id: Int, value: StrictJSON.Value)] = []
    for (key, member) in try members(value, path()) {
      guard let id = Int(key), String(id) == key, range.contains(id) else {
        throw failure(
          "\(path()).\"\(PrintableText.escaping(key, limit: 20))\"",
          "is not an id from \(range.lowerBound) to \(range.upperBound)")
      }
      guard case .object = member else { throw failure("\(path()).\"\(key)\"", "must be an object") }
      let declared = try int(member["id"], "\(path()).\"\(key)\".id", in: range)
      guard declared == id else { throw failure("\(path()).\"\(key)\".id", "is \(declared), not its key \(id)") }
      result.append((id, member))
    }
    return result.sorted { $0.id < $1.id }
  }
}
