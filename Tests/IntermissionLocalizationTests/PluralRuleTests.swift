import IntermissionLocalization
import Testing

/// The Plural-Forms expression and the PO format, as gettext reads them.
@Suite struct PluralRuleTests {
  @Test func expressionsFollowCsPrecedence() throws {
    let rule = try PluralRule(
      "nplurals=4; plural=n==1 ? 0 : n%10>=2 && n%10<=4 && !(n%100>=12 && n%100<=14) ? 1 : n==0 || n>100 ? 2 : 3;")
    #expect([1, 2, 12, 0, 101, 5].map(rule.form) == [0, 1, 3, 2, 2, 3])
    #expect(try PluralRule("nplurals=2; plural=1 + 2 * 3 == 7;").form(for: 0) == 1)
    #expect(try PluralRule("nplurals=1; plural=0").form(for: 5) == 0)
  }

  @Test func aFormOutOfRangeIsTheLast() throws {
    #expect(try PluralRule("nplurals=2; plural=n;").form(for: 7) == 1)
    #expect(try PluralRule("nplurals=2; plural=n/0;").form(for: 7) == 0, "division by zero gives 0, not a trap")
  }

  @Test(arguments: [
    "plural=n != 1;", "nplurals=0; plural=0;", "nplurals=7; plural=0;", "nplurals=2; plural=(n;",
    "nplurals=2; plural=n ? 1;", "nplurals=2; plural=n x;", "nplurals=2;", "nplurals=2; plural=;",
  ])
  func badRulesAreRefused(header: String) {
    #expect(throws: PluralRule.SyntaxError.self) { try PluralRule(header) }
  }

  @Test func deepNestingIsRefusedNotOverflowed() {
    let deep =
      "nplurals=2; plural=" + String(repeating: "(", count: 10_000) + "n" + String(repeating: ")", count: 10_000)
    #expect(throws: PluralRule.SyntaxError.self) { try PluralRule(deep) }
    let nots = "nplurals=2; plural=" + String(repeating: "!", count: 10_000) + "n"
    #expect(throws: PluralRule.SyntaxError.self) { try PluralRule(nots) }
  }

  @Test func poStringsContinueAndUnescape() throws {
    let catalogue = try MessageCatalog(
      parsing: """
        # a comment
        msgid ""
        msgstr ""
        "Language: ru\\n"
        "Plural-Forms: nplurals=3; plural=(n%10==1 && n%100!=11 ? 0 : "
        "n%10>=2 && n%10<=4 && (n%100<12 || n%100>14) ? 1 : 2);\\n"

        msgctxt "quote"
        msgid "Say \\"hi\\""
        msgstr "Скажи "
        "\\"привет\\"\\tсейчас"
        msgctxt "count"
        msgid "{n} s"
        msgid_plural "{n} s"
        msgstr[0] "одна"
        msgstr[1] "две"
        msgstr[2] "пять"
        """)
    #expect(catalogue.language == "ru" && catalogue.pluralRule.count == 3)
    #expect(catalogue.text("quote") == "Скажи \"привет\"\tсейчас")
    #expect([1, 3, 5].map { catalogue.text("count", count: $0) } == ["одна", "две", "пять"])
    #expect(catalogue.text("missing") == nil)
  }

  @Test(arguments: [
    ("msgid \"a\"\nmsgstr \"b", 2), ("msgid \"a\"\nmsgstr \"\\q\"", 2), ("\"loose\"", 1),
    ("msgid \"a\"\nmsgfoo \"b\"", 2),
    ("msgid \"a\"", 1), ("msgctxt \"k\"\nmsgid \"a\"\nmsgstr \"b\"\n\nmsgctxt \"k\"\nmsgid \"c\"\nmsgstr \"d\"", 5),
    ("msgid \"\"\nmsgstr \"Plural-Forms: nplurals=9; plural=0;\\n\"", 1), ("msgid \"a\" \"b\"\nmsgstr \"c\"", 1),
  ])
  func badCataloguesNameTheirLine(text: String, line: Int) {
    #expect {
      try MessageCatalog(parsing: text)
    } throws: { error in
      (error as? MessageCatalog.SyntaxError)?.line == line
    }
  }
}
