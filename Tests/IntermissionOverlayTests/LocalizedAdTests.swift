import Foundation
import IntermissionAds
import IntermissionCore
import IntermissionLocalization
import IntermissionOverlay
import IntermissionTestSupport
import Testing

/// The overlay's own words in the game's language, the game's replacements, house ads in several
/// languages, mirrored views, and the report of characters no font has.
@Suite struct LocalizedAdTests {
  func harness(
    language: String?, rewardAfter: Double = 15, configure: (inout AdOverlay.Configuration) -> Void = { _ in }
  ) throws -> OverlayHarness {
    try OverlayHarness(folder: AdFolder.withFullscreen(rewardAfter: rewardAfter), latency: 0) { configuration in
      configuration.pacing.sessionStartDelay = 0
      configuration.language = language
      configure(&configuration)
    }
  }

  /// The countdown's texts seen while a rewarded ad plays to its reward.
  func countdown(language: String, rewardAfter: Double) throws -> [String] {
    let h = try harness(language: language, rewardAfter: rewardAfter)
    h.run(until: 1)
    #expect(h.overlay.fullscreen.showRewarded(placement: "bonus") == nil)
    h.run(until: 1 + rewardAfter + 1)
    var seen: [String] = []
    for text in h.canvas.texts where text != seen.last && (text.contains("{") || text.first?.isLetter == true) {
      seen.append(text)
    }
    return seen
  }

  /// `texts` without repeats in a row.
  static func distinct(_ texts: [String]) -> [String] {
    texts.reduce(into: []) { if $0.last != $1 { $0.append($1) } }
  }

  @Test func russianCountsTheSecondsLeftInEachPluralForm() throws {
    let texts = try countdown(language: "ru", rewardAfter: 22)
    // Every second from 22 down, each in its form: 1 and 21 "секунду", 2 to 4 and 22 "секунды",
    // 5 to 20 "секунд" (11 to 14 too).
    let forms = [22: "секунды", 21: "секунду", 4: "секунды", 3: "секунды", 2: "секунды", 1: "секунду"]
    let expected = (1...22).reversed().map { "Награда через \($0) \(forms[$0] ?? "секунд")" }
    #expect(Self.distinct(texts.filter { $0.hasPrefix("Награда через") }) == expected)
    #expect(texts.contains("Награда получена: 50 coins"))
    #expect(texts.contains("Рекламное объявление") && texts.contains("Закрыть"))
  }

  @Test func japaneseHasOneFormAndArabicSix() throws {
    let japanese = try countdown(language: "ja", rewardAfter: 3)
    #expect(Self.distinct(japanese.filter { $0.hasSuffix("秒で報酬") }) == ["あと 3 秒で報酬", "あと 2 秒で報酬", "あと 1 秒で報酬"])
    let arabic = AdStrings(language: "ar")
    let forms = [1, 2, 3, 11, 100].map { arabic.rewardIn(seconds: $0) }
    #expect(Set(forms).count == 5, "one, two, few, many and other differ: \(forms)")
    #expect(forms[0] == "المكافأة بعد ثانية واحدة" && forms[2] == "المكافأة بعد 3 ثوانٍ")
  }

  @Test func anUnknownLanguageSpeaksEnglish() throws {
    let h = try harness(language: "xx-YY")
    #expect(h.overlay.strings.language == "en")
    h.run(until: 1)
    #expect(h.overlay.fullscreen.showRewarded(placement: "bonus") == nil)
    h.run(until: 3)
    #expect(h.canvas.texts.contains("Reward in 14 s") && h.canvas.texts.contains("Advertisement"))
  }

  @Test func theGamesOwnStringsReplaceTheCataloguesAndAnUnknownKeyIsTraced() throws {
    let h = try harness(language: "de") { configuration in
      configuration.strings = ["button.close": "Fertig", "status.rewardIn": "Noch {seconds}!", "nope": "x"]
    }
    #expect(h.lines(containing: "strings.unknownKey").count == 1)
    #expect(h.lines(containing: "\"key\":\"nope\"").count == 1)
    h.run(until: 1)
    #expect(h.overlay.fullscreen.showRewarded(placement: "bonus") == nil)
    h.run(until: 3)
    #expect(h.canvas.texts.contains("Fertig") && h.canvas.texts.contains("Noch 14!"))
    #expect(h.canvas.texts.contains("Werbung"), "the rest stays German")
    #expect(!h.overlay.setString("y", for: "button.nothing"))
    #expect(h.overlay.setString("Anzeige!", for: "label.ad"))
    #expect(h.overlay.strings.text(.adLabel) == "Anzeige!")
  }

  @Test func theOverlaysOwnWordsAreDrawnInItsLanguage() throws {
    let h = try harness(language: "ja")
    h.run(until: 1)
    #expect(h.overlay.fullscreen.showRewarded(placement: "bonus") == nil)
    h.run(until: 2)
    let index = try #require(h.canvas.texts.lastIndex(of: "閉じる"))
    #expect(h.canvas.textLanguages[index] == "ja", "a Han character takes the Japanese face")
  }

  @Test func aRightToLeftViewIsMirrored() {
    let ad = AdCreative(id: "x", imagePath: "/x.png", title: "T", action: .inApp, landingURL: "https://example.com/")
    let size = Size(width: 800, height: 600)
    var arabic = AdView(creative: ad, presentation: .fullscreen, strings: AdStrings(language: "ar"))
    var english = AdView(creative: ad, presentation: .fullscreen, strings: .english)
    let left = arabic.closeFrame(in: size)
    let right = english.closeFrame(in: size)
    #expect(left.minX < 100 && right.maxX > 700 && left.width == right.width)
    #expect(arabic.isMirrored && !english.isMirrored)
    let leftCentre = Point(x: left.midX, y: left.midY)
    let rightCentre = Point(x: right.midX, y: right.midY)
    _ = arabic.handle(.pointerDown(leftCentre), viewSize: size)
    #expect(arabic.handle(.pointerUp(leftCentre), viewSize: size) == .close, "Close is at the top left")
    _ = arabic.handle(.pointerDown(rightCentre), viewSize: size)
    #expect(arabic.handle(.pointerUp(rightCentre), viewSize: size) == .none, "nothing is at the top right")
    _ = english.handle(.pointerDown(rightCentre), viewSize: size)
    #expect(english.handle(.pointerUp(rightCentre), viewSize: size) == .close)
  }

  /// A rewarded ad that names no reward (a bought one may not) calls it "the reward" in the
  /// game's language.
  @Test func anUnnamedRewardIsNamedInTheGamesLanguage() throws {
    struct UnnamedRewardSource: AdSource {
      func loadAd(sequence: Int) -> Result<LoadedAd, AdError> {
        let banner = AdCreative(id: "a", imagePath: "https://ads.example/a.png", title: "Ad A", action: .inApp)
        return .success(LoadedAd(creative: banner, image: NativeSource.Picture()))
      }
      func loadAd(sequence: Int, format: AdFormat) -> Result<LoadedAd, AdError> {
        guard format == .rewarded else { return loadAd(sequence: sequence) }
        var ad = AdCreative(id: "r", imagePath: "https://ads.example/r.png", title: "Rewarded R", action: .inApp)
        ad.format = .rewarded
        ad.countdown = 30
        return .success(LoadedAd(creative: ad, image: NativeSource.Picture()))
      }
      var loadTimeout: Double { 5 }
      var name: String { "unnamed reward" }
    }
    let h = try OverlayHarness(latency: 0, source: UnnamedRewardSource()) { configuration in
      configuration.pacing.sessionStartDelay = 0
      configuration.language = "ja"
    }
    h.run(until: 1)
    #expect(h.overlay.fullscreen.showRewarded(placement: "bonus") == nil)
    h.run(until: 2)
    h.send(.keyDown(.escape))
    h.run(until: 2.5)
    let japanese = AdStrings(language: "ja")
    #expect(japanese.text(.unnamedReward) == "報酬")
    #expect(h.canvas.texts.contains(japanese.giveUp("報酬")), "\(Set(h.canvas.texts))")
  }

  /// A bought native ad, as an exchange's markup makes one.
  struct NativeSource: AdSource {
    final class Picture: DecodedImage {
      let pixelWidth = 300
      let pixelHeight = 200
    }

    func loadAd(sequence: Int) -> Result<LoadedAd, AdError> {
      var ad = AdCreative(
        id: "native", imagePath: "https://ads.example/a.png", title: "Starfall Tactics",
        action: .openURL("https://ads.example/"), description: "Command the night sky")
      ad.isNative = true
      ad.callToAction = "Play"
      return .success(LoadedAd(creative: ad, image: Picture()))
    }
    var loadTimeout: Double { 5 }
    var name: String { "native" }
  }

  /// A native banner is mirrored in a right-to-left language: its image on the right, its button
  /// on the left, its text against the image, at the right.
  @Test(arguments: ["en", "ar"])
  func aNativeBannerIsMirroredInARightToLeftLanguage(language: String) throws {
    let h = try OverlayHarness(latency: 0, source: NativeSource()) { $0.language = language }
    h.run(until: 2)
    h.canvas.reset()
    h.frame()
    let frame = h.overlay.bannerFrame
    let image = try #require(h.canvas.imagePlacements.last?.rect, "the native ad's image is drawn")
    let title = try #require(h.canvas.texts.lastIndex(of: "Starfall Tactics"))
    let button = try #require(h.canvas.texts.lastIndex(of: "Play"))
    let titlePlace = h.canvas.textPlacements[title]
    let buttonPlace = h.canvas.textPlacements[button]
    if language == "ar" {
      #expect(image.midX > frame.midX + frame.width / 4, "the image is at the right: \(image)")
      #expect(buttonPlace.rect.maxX < frame.midX, "the button is at the left: \(buttonPlace.rect)")
      #expect(titlePlace.alignment == .trailing)
      #expect(titlePlace.rect.maxX <= image.minX && titlePlace.rect.minX >= buttonPlace.rect.maxX)
    } else {
      #expect(image.midX < frame.midX - frame.width / 4, "the image is at the left: \(image)")
      #expect(buttonPlace.rect.minX > frame.midX, "the button is at the right: \(buttonPlace.rect)")
      #expect(titlePlace.alignment == .leading)
      #expect(titlePlace.rect.minX >= image.maxX && titlePlace.rect.maxX <= buttonPlace.rect.minX)
    }
  }

  @Test func charactersWithoutAFontAreTracedOncePerAd() throws {
    let h = try harness(language: "en")
    h.run(until: 2)
    let shown = try #require(h.overlay.currentAd?.id)
    h.canvas.missingGlyphs = ["今", "\u{1F600}"]
    h.run(until: 2.1)
    h.canvas.missingGlyphs = ["今"]
    h.run(until: 2.2)
    let lines = h.lines(containing: "text.missingGlyphs")
    #expect(lines.count == 1)
    #expect(lines.first?.contains("\"id\":\"\(shown)\",\"codePoints\":\"U+4ECA U+1F600\"") == true, "\(lines)")
  }
}

/// A manifest entry's title, description and call to action in several languages.
@Suite struct LocalizedManifestTests {
  func parse(_ entry: String) throws -> AdCreative {
    let folder = try AdFolder()
    try folder.writePNG("a.png")
    try folder.writeManifest(
      "{ \"ads\": [ { \"id\": \"a\", \"image\": \"a.png\", \"action\": \"in-app\", \(entry) } ] }")
    return try #require(try AdManifest.load(path: folder.manifestPath).first)
  }

  @Test func theGamesLanguagePicksEachTextThenEnglishThenTheFirstListed() throws {
    let ad = try parse(
      """
      "title": {"fr": "Bonjour", "en": "Hello", "ja": "こんにちは"}, "description": {"fr": "Une", "ja": "一つ"},
      "cta": {"ja": "遊ぶ", "en": "Play"}
      """)
    #expect(ad.title == "Bonjour", "unlocalized, the first listed")
    let japanese = ad.localized(to: "ja")
    #expect(japanese.title == "こんにちは" && japanese.description == "一つ" && japanese.callToAction == "遊ぶ")
    #expect(japanese.language == "ja", "the title's language is the text's")
    let german = ad.localized(to: "de")
    #expect(german.title == "Hello" && german.callToAction == "Play", "English next")
    #expect(german.description == "Une", "else the first listed")
    #expect(german.language == "en")
    #expect(ad.localized(to: "ja-JP").title == "こんにちは")
  }

  @Test func aStatedLanguageIsKeptAndPlainTextsStayAsTheyAre() throws {
    let ad = try parse(#""title": "Hola", "language": "es""#)
    #expect(ad.localized(to: "ja").title == "Hola" && ad.localized(to: "ja").language == "es")
    let plain = try parse(#""title": "Hello""#)
    #expect(plain.localized(to: "ja") == plain && plain.language == nil)
  }

  @Test(arguments: [
    (#""title": {}"#, "\"title\" names no language"),
    (#""title": {"english": "Hi"}"#, "\"title\".\"english\" is not a language tag"),
    (#""title": {"en": 5}"#, "\"title\".\"en\" must be a non-empty string"),
    (#""title": {"en": "  "}"#, "\"title\".\"en\" needs at least one visible character"),
    (#""title": "Hi", "cta": {"ja": "a\u0007"}"#, "\"cta\".\"ja\" contains a control character"),
    (#""title": "Hi", "language": "xx_YY""#, "\"language\" is not a language tag"),
  ])
  func badTextsAreRefusedByName(entry: String, reason: String) throws {
    #expect {
      _ = try parse(entry)
    } throws: { error in
      "\(error)".contains(reason)
    }
  }

  @Test func theShippedHouseAdsSpeakEnglishJapaneseArabicAndRussian() throws {
    let manifest = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent().appendingPathComponent("Assets/ads/manifest.json").path
    let ads = try AdManifest.load(path: manifest)
    let titled = ads.filter { $0.localizedTitle != nil }
    #expect(titled.map(\.id) == ["starfall", "tidewater", "starfall-season", "bonus-coins"])
    for ad in titled {
      let languages = ad.localizedTitle?.variants.compactMap(\.language)
      #expect(languages == ["en", "ja", "ar", "ru"], "\(ad.id): \(languages ?? [])")
    }
    #expect(
      titled.map { $0.localized(to: "ar").title } == [
        "قُد سماء الليل في Starfall Tactics", "مقهى Tidewater: قهوة طازجة على المرفأ", "Starfall Tactics: الموسم الجديد",
        "عملات إضافية",
      ])
  }
}
