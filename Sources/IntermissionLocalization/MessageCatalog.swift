/// A gettext PO catalogue: one language's translations of a program's messages, each found by its
/// context (`msgctxt`), with the language's plural rule from the `Plural-Forms` header.
///
/// The PO text is untrusted in the sense that a translator's typo must not crash anything: a
/// catalogue that does not parse is refused with the line that is wrong.
package struct MessageCatalog: Hashable, Sendable {
  /// One message: its English text and its translation, with plural forms for a counted message.
  package struct Message: Hashable, Sendable {
    /// The English text (`msgid`).
    package var source: String
    /// The English plural (`msgid_plural`), for a message with a number in it.
    package var sourcePlural: String?
    /// The translations: one (`msgstr`), or one per plural form (`msgstr[0]`, `msgstr[1]`, ...).
    /// An empty translation means "not translated".
    package var translations: [String]
  }

  /// Why a catalogue does not parse.
  package struct SyntaxError: Error, Hashable, CustomStringConvertible {
    /// The line, from 1.
    package let line: Int
    /// What is wrong there.
    package let reason: String
    /// "line N: reason".
    package var description: String { "line \(line): \(reason)" }
  }

  /// The header's `Language`, such as "ja" or "pt_BR"; empty when it gives none.
  package var language: String
  /// The header's plural rule (English's when it gives none).
  package var pluralRule: PluralRule
  /// Whether the header gives a `Plural-Forms` at all.
  package var hasPluralForms: Bool
  /// The messages by context.
  package var messages: [String: Message]

  /// Parses PO `text`.
  /// - Throws: `SyntaxError` for a line that is not a comment, a keyword with a quoted string, or a
  ///   continuation string; for a message without `msgid` or `msgstr`, a context given twice, or a
  ///   `Plural-Forms` that does not parse.
  package init(parsing text: String) throws(SyntaxError) {
    var entries: [(line: Int, fields: [String: String])] = []
    var current: [String: String] = [:]
    var currentLine = 0
    var lastKey: String?
    func finish() {
      if !current.isEmpty { entries.append((currentLine, current)) }
      current = [:]
      lastKey = nil
    }
    var number = 0
    for rawLine in text.split(separator: "\n", omittingEmptySubsequences: false) {
      number += 1
      let line = rawLine.hasSuffix("\r") ? rawLine.dropLast() : rawLine
      let trimmed = line.drop { $0 == " " || $0 == "\t" }
      if trimmed.isEmpty {
        finish()
        continue
      }
      if trimmed.hasPrefix("#") { continue }
      if trimmed.hasPrefix("\"") {
        guard let key = lastKey else { throw SyntaxError(line: number, reason: "a string that continues nothing") }
        current[key, default: ""] += try Self.quoted(trimmed, line: number)
        continue
      }
      guard let space = trimmed.firstIndex(where: { $0 == " " || $0 == "\t" }) else {
        throw SyntaxError(line: number, reason: "a keyword without its string")
      }
      let keyword = String(trimmed[..<space])
      let known = ["msgctxt", "msgid", "msgid_plural", "msgstr"]
      let isIndexed =
        keyword.hasPrefix("msgstr[") && keyword.hasSuffix("]")
        && Int(keyword.dropFirst(7).dropLast()).map { (0..<6).contains($0) } == true
      guard known.contains(keyword) || isIndexed else {
        throw SyntaxError(line: number, reason: "\"\(keyword)\" is not a PO keyword")
      }
      // A new msgctxt or msgid after a msgstr starts the next entry (entries need no blank line).
      if keyword == "msgctxt" || keyword == "msgid", current.keys.contains(where: { $0.hasPrefix("msgstr") }) {
        finish()
      }
      if current.isEmpty { currentLine = number }
      guard current[keyword] == nil else { throw SyntaxError(line: number, reason: "\(keyword) given twice") }
      current[keyword] = try Self.quoted(trimmed[space...].drop { $0 == " " || $0 == "\t" }, line: number)
      lastKey = keyword
    }
    finish()

    var language = ""
    var rule = PluralRule.english
    var hasPluralForms = false
    var messages: [String: Message] = [:]
    for (line, fields) in entries {
      guard let source = fields["msgid"] else { throw SyntaxError(line: line, reason: "an entry without msgid") }
      let plural = fields["msgid_plural"]
      var translations: [String] = []
      if plural == nil {
        guard let single = fields["msgstr"] else { throw SyntaxError(line: line, reason: "an entry without msgstr") }
        translations = [single]
      } else {
        var index = 0
        while let form = fields["msgstr[\(index)]"] {
          translations.append(form)
          index += 1
        }
        guard !translations.isEmpty else { throw SyntaxError(line: line, reason: "a plural entry without msgstr[0]") }
      }
      if source.isEmpty, fields["msgctxt"] == nil {
        // The header: "Name: value" lines.
        for headerLine in translations[0].split(separator: "\n") {
          let pair = headerLine.split(separator: ":", maxSplits: 1)
          guard pair.count == 2 else { continue }
          let value = pair[1].trimmingSpaces()
          switch pair[0].trimmingSpaces() {
          case "Language": language = value
          case "Plural-Forms":
            do { rule = try PluralRule(value) } catch {
              throw SyntaxError(line: line, reason: "Plural-Forms: \(error.description)")
            }
            hasPluralForms = true
          default: break
          }
        }
        continue
      }
      let context = fields["msgctxt"] ?? source
      guard messages[context] == nil else { throw SyntaxError(line: line, reason: "\"\(context)\" given twice") }
      messages[context] = Message(source: source, sourcePlural: plural, translations: translations)
    }
    self.language = language
    self.pluralRule = rule
    self.hasPluralForms = hasPluralForms
    self.messages = messages
  }

  /// The translation of the message `context`, or nil when the catalogue has none (or an empty one).
  package func text(_ context: String) -> String? {
    guard let message = messages[context], let text = message.translations.first, !text.isEmpty else { return nil }
    return text
  }

  /// The plural form of the message `context` for `count`, or nil when the catalogue has none.
  package func text(_ context: String, count: Int) -> String? {
    guard let message = messages[context], !message.translations.isEmpty else { return nil }
    let form = pluralRule.form(for: count)
    guard form < message.translations.count, !message.translations[form].isEmpty else { return nil }
    return message.translations[form]
  }

  /// The text of a quoted PO string, `"..."`, with C's escapes.
  static func quoted(_ text: Substring, line: Int) throws(SyntaxError) -> String {
    var body = text
    while let last = body.last, last == " " || last == "\t" { body.removeLast() }
    guard body.count >= 2, body.first == "\"", body.last == "\"" else {
      throw SyntaxError(line: line, reason: "a string must be in double quotes")
    }
    var result = ""
    var escaping = false
    for character in body.dropFirst().dropLast() {
      if escaping {
        switch character {
        case "n": result.append("\n")
        case "t": result.append("\t")
        case "\"", "\\": result.append(character)
        default: throw SyntaxError(line: line, reason: "an unknown escape \\\(character)")
        }
        escaping = false
      } else if character == "\\" {
        escaping = true
      } else if character == "\"" {
        throw SyntaxError(line: line, reason: "a quote inside a string must be escaped")
      } else {
        result.append(character)
      }
    }
    guard !escaping else { throw SyntaxError(line: line, reason: "a string ends in a backslash") }
    return result
  }
}
