import Foundation
import IntermissionConsent
import IntermissionCore
import IntermissionTestSupport
import Testing

/// The consent form as a player meets it: three equal buttons first, every switch on the second
/// layer, reached by mouse, keyboard or controller, in every script, down to 320×240.
@Suite struct ConsentFormTests {
  static let list = ConsentRecordTests.list

  static func form(language: String = "en", inForce: ConsentChoices? = nil, custom: Bool = false) throws -> ConsentForm
  {
    let extra =
      custom
      ? #", "publisherPurposes": {"consent": [1], "custom": [{"name": "Leaderboards", "description": "Ranks."}]}"#
      : ""
    return ConsentForm(
      list: list, configuration: try ConsentRecordTests.configuration(extra: extra),
      strings: ConsentFormStrings(language: language), inForce: inForce)
  }

  static let sizes = [Size(width: 800, height: 600), Size(width: 320, height: 240), Size(width: 1920, height: 1080)]

  @Test(arguments: sizes)
  func theFirstLayerOffersThreeEqualButtonsInReadingOrder(size: Size) throws {
    for language in ["en", "ar"] {
      let form = try Self.form(language: language)
      #expect(form.layer == .first && form.focus == nil)
      let frames = form.buttons.map { form.frame(of: $0, in: size) }
      #expect(form.buttons == [.acceptAll, .rejectAll, .manageOptions])
      // Equal prominence: the same size; inside the view; no two overlap.
      #expect(Set(frames.map(\.size)).count == 1, "\(frames)")
      for (index, frame) in frames.enumerated() {
        #expect(frame.minX >= 0 && frame.maxX <= size.width && frame.minY >= 0 && frame.maxY <= size.height)
        #expect(frame.width >= 44 && frame.height >= 28, "big enough to hit")
        for other in frames[(index + 1)...] {
          let overlaps =
            frame.minX < other.maxX && other.minX < frame.maxX && frame.minY < other.maxY && other.minY < frame.maxY
          #expect(!overlaps, "\(frame) and \(other)")
        }
      }
      // Reading order: left to right, or right to left when mirrored; top to bottom when stacked.
      if frames[0].minY == frames[1].minY {
        #expect(language == "ar" ? frames[0].minX > frames[1].minX : frames[0].minX < frames[1].minX)
      } else {
        #expect(frames[0].minY < frames[1].minY && frames[1].minY < frames[2].minY)
      }
      #expect(form.contentArea(in: size).height >= 60, "room for the text at \(size)")
    }
  }

  @Test func tabAndTheArrowsMoveInReadingOrderFromNothing() throws {
    let form = try Self.form()
    let size = Size(width: 800, height: 600)
    var seen: [ConsentForm.Focus?] = []
    for _ in 0..<4 {
      _ = form.handle(.keyDown(.tab), viewSize: size)
      seen.append(form.focus)
    }
    #expect(seen == [.button(.acceptAll), .button(.rejectAll), .button(.manageOptions), .button(.acceptAll)])
    _ = form.handle(.keyDown(.left), viewSize: size)
    #expect(form.focus == .button(.manageOptions))
    let mirrored = try Self.form(language: "he")
    _ = mirrored.handle(.keyDown(.left), viewSize: size)
    #expect(mirrored.focus == .button(.acceptAll), "in Hebrew, left is forward")
    // Return with nothing focused does nothing: no choice is made by accident.
    #expect(try Self.form().handle(.keyDown(.returnKey), viewSize: size) == ConsentForm.Outcome.none)
  }

  @Test func acceptAllRejectAllAndACustomChoiceByKeyboardMouseAndController() throws {
    let size = Size(width: 800, height: 600)
    let configuration = try ConsentRecordTests.configuration()
    // Keyboard: Tab, Return.
    let keyboard = try Self.form()
    _ = keyboard.handle(.keyDown(.tab), viewSize: size)
    #expect(keyboard.handle(.keyDown(.returnKey), viewSize: size) == .decided(.acceptingAll(Self.list, configuration)))
    // Controller: the d-pad twice, A.
    let controller = try Self.form()
    for button in [ControllerButton.down, .down] { _ = controller.handle(.keyDown(button.key), viewSize: size) }
    #expect(
      controller.handle(.keyDown(ControllerButton.a.key), viewSize: size)
        == .decided(.rejectingAll(Self.list, configuration)))
    // Mouse: Manage options, purpose 1's consent, vendor 3's consent (scrolled to), Save.
    let mouse = try Self.form()
    func click(_ frame: Rect) -> ConsentForm.Outcome {
      let point = Point(x: frame.midX, y: frame.midY)
      _ = mouse.handle(.pointerDown(point), viewSize: size)
      return mouse.handle(.pointerUp(point), viewSize: size)
    }
    #expect(click(mouse.frame(of: .manageOptions, in: size)) == .none && mouse.layer == .options)
    let purposeRow = try #require(mouse.rows.firstIndex { if case .purpose(1, _, _, _) = $0 { true } else { false } })
    #expect(click(mouse.frame(ofRow: purposeRow, .consent, in: size)) == .none)
    let vendorRow = try #require(mouse.rows.firstIndex { if case .vendor(3, _, _, _, _) = $0 { true } else { false } })
    while mouse.frame(ofRow: vendorRow, .consent, in: size).maxY > mouse.contentArea(in: size).maxY {
      _ = mouse.handle(.wheel(dy: -1), viewSize: size)
    }
    #expect(click(mouse.frame(ofRow: vendorRow, .consent, in: size)) == .none)
    #expect(click(mouse.frame(ofRow: vendorRow, .object, in: size)) == .none)
    var expected = ConsentChoices()
    expected.purposes = [1]
    expected.vendors = [3]
    expected.vendorObjections = [3]
    expected.screen = 2
    #expect(click(mouse.frame(of: .save, in: size)) == .decided(expected))
  }

  @Test(arguments: [Size(width: 800, height: 600), Size(width: 320, height: 240)])
  func everyControlOfTheSecondLayerIsReachedInOrderAndScrolledIntoView(size: Size) throws {
    let form = try Self.form(custom: true)
    _ = form.handle(.keyDown(.tab), viewSize: size)
    _ = form.handle(.keyDown(.tab), viewSize: size)
    _ = form.handle(.keyDown(.tab), viewSize: size)
    #expect(form.handle(.keyDown(.returnKey), viewSize: size) == .none && form.layer == .options)
    var expected: [ConsentForm.Focus] = []
    for (row, content) in form.rows.enumerated() { expected += content.controls.map { .control(row: row, $0) } }
    expected.append(.button(.save))
    #expect(form.focus == expected.first, "Manage options by keyboard focuses the first switch")
    var walked: [ConsentForm.Focus] = [try #require(form.focus)]
    let area = form.contentArea(in: size)
    while walked.count < expected.count {
      _ = form.handle(.keyDown(.down), viewSize: size)
      let focus = try #require(form.focus)
      walked.append(focus)
      if case .control = focus {
        let frame = form.frame(of: focus, in: size)
        #expect(frame.minY >= area.minY && frame.maxY <= area.maxY, "\(focus) in view at \(size)")
      }
    }
    #expect(walked == expected)
    _ = form.handle(.keyDown(.down), viewSize: size)
    #expect(form.focus == expected.first, "from Save back to the first switch")
    _ = form.handle(.keyDown(.up), viewSize: size)
    #expect(form.focus == .button(.save))
    // Escape goes back to the first layer, to Manage options.
    _ = form.handle(.keyDown(.escape), viewSize: size)
    #expect(form.layer == .first && form.focus == .button(.manageOptions))
    // The first layer's Escape does nothing while the player must choose.
    #expect(form.handle(.keyDown(.escape), viewSize: size) == .none && form.layer == .first)
  }

  @Test func switchesFlipAndSaveCarriesTheGamesPurposes() throws {
    let form = try Self.form(custom: true)
    let size = Size(width: 800, height: 600)
    for _ in 0..<3 { _ = form.handle(.keyDown(.tab), viewSize: size) }
    _ = form.handle(.keyDown(.returnKey), viewSize: size)
    func focusOn(_ target: ConsentForm.Focus) {
      while form.focus != target { _ = form.handle(.keyDown(.tab), viewSize: size) }
    }
    let custom = try #require(form.rows.firstIndex { if case .customPurpose(1, _, _) = $0 { true } else { false } })
    let feature = try #require(form.rows.firstIndex { if case .specialFeature(2, _, _) = $0 { true } else { false } })
    let purpose = try #require(form.rows.firstIndex { if case .purpose(1, _, _, _) = $0 { true } else { false } })
    let objectable = try #require(form.rows.firstIndex { if case .purpose(7, _, _, true) = $0 { true } else { false } })
    for target in [
      ConsentForm.Focus.control(row: purpose, .consent), .control(row: objectable, .object),
      .control(row: feature, .consent), .control(row: custom, .consent),
    ] {
      focusOn(target)
      _ = form.handle(.keyDown(.space), viewSize: size)
    }
    #expect(form.isOn(row: purpose, .consent) && form.isOn(row: objectable, .object))
    focusOn(.button(.save))
    var expected = ConsentChoices()
    expected.purposes = [1]
    expected.purposeObjections = [7]
    expected.specialFeatures = [2]
    expected.customPurposes = [1]
    expected.publisherPurposes = [1]
    expected.screen = 2
    #expect(form.handle(.keyDown(.returnKey), viewSize: size) == .decided(expected))
  }

  @Test func aPartnersPolicyOpensAsALink() throws {
    let form = try Self.form()
    let size = Size(width: 800, height: 600)
    for _ in 0..<3 { _ = form.handle(.keyDown(.tab), viewSize: size) }
    _ = form.handle(.keyDown(.returnKey), viewSize: size)
    let row = try #require(form.rows.firstIndex { if case .vendor(6, _, _, _, _) = $0 { true } else { false } })
    while form.focus != .control(row: row, .policy) { _ = form.handle(.keyDown(.tab), viewSize: size) }
    #expect(form.handle(.keyDown(.returnKey), viewSize: size) == .openLink("https://vendor6.example/privacy"))
    let google = try #require(form.rows.firstIndex { if case .googleProvider(89, _, _) = $0 { true } else { false } })
    while form.focus != .control(row: google, .policy) { _ = form.handle(.keyDown(.tab), viewSize: size) }
    #expect(form.handle(.keyDown(.returnKey), viewSize: size) == .openLink("https://p.example/"))
  }

  @Test func aThousandPartnersScrollAndOnlyTheRowsInViewAreDrawn() throws {
    let list = try GlobalVendorList.parse(Array(VendorListFixture.json(vendors: 1000).utf8), name: "list.json")
    let folder = try ScratchFolder.path("consent-form")
    try VendorListFixture.json(vendors: 1000).write(toFile: folder + "/list.json", atomically: true, encoding: .utf8)
    let ids = list.vendors.map(\.id)
    let json =
      #"{"app": "game", "cmpId": 300, "publisherCountryCode": "FR", "vendorList": "list.json", "vendors": \#(ids)}"#
    let configuration = try ConsentConfiguration.parse(Array(json.utf8), path: folder + "/consent.json")
    let form = ConsentForm(list: list, configuration: configuration, strings: .init(language: "en"), inForce: nil)
    let canvas = RecordingCanvas(size: Size(width: 640, height: 480))
    for _ in 0..<3 { _ = form.handle(.keyDown(.tab), viewSize: canvas.size) }
    _ = form.handle(.keyDown(.returnKey), viewSize: canvas.size)
    #expect(form.rows.count > 1000)
    form.draw(on: canvas)
    #expect(form.rows.contains(.heading("Partners (1000)")), "every partner is counted")
    #expect(!canvas.texts.contains("Partners (1000)"), "the partners' heading is far below, not drawn")
    _ = form.handle(.keyDown(.end), viewSize: canvas.size)
    canvas.reset()
    form.draw(on: canvas)
    let last = try #require(list.vendors.last)
    #expect(canvas.texts.contains(last.name), "the last partner is in view at the end")
    #expect(canvas.texts.count < 40, "only the rows in view are drawn: \(canvas.texts.count)")
    // The wheel scrolls back up by as much as it turns.
    let end = form.scroll
    _ = form.handle(.wheel(dy: 2), viewSize: canvas.size)
    #expect(form.scroll == end - 96)
  }

  @Test(arguments: ["ja", "ar", "de"])
  func theFormSpeaksTheGamesLanguage(language: String) throws {
    let form = try Self.form(language: language)
    let canvas = RecordingCanvas(size: Size(width: 800, height: 600))
    form.draw(on: canvas)
    let strings = ConsentFormStrings(language: language)
    let english = ConsentFormStrings(language: "en")
    for key in [ConsentFormStrings.Key.acceptAll, .rejectAll, .manageOptions, .title] {
      #expect(strings.text(key) != english.text(key), "\(key) is translated into \(language)")
      #expect(canvas.texts.contains(strings.text(key)))
    }
    #expect(canvas.textLanguages.allSatisfy { $0 == language })
    let heading = try #require(canvas.textPlacements.first)
    #expect(heading.alignment == (language == "ar" ? .trailing : .leading))
  }

  @Test func theUSOptionsOfferThreeOptOutsAndSave() throws {
    let form = ConsentForm(
      usOptOuts: .init(sale: false, sharing: true, targetedAdvertising: false),
      configuration: try ConsentRecordTests.configuration(), strings: .init(language: "en"))
    let size = Size(width: 320, height: 240)
    #expect(form.layer == .options && form.buttons == [.save] && form.isOn(row: 2, .consent))
    _ = form.handle(.keyDown(.tab), viewSize: size)
    #expect(form.focus == .control(row: 1, .consent))
    _ = form.handle(.keyDown(.returnKey), viewSize: size)
    _ = form.handle(.keyDown(.tab), viewSize: size)
    _ = form.handle(.keyDown(.tab), viewSize: size)
    _ = form.handle(.keyDown(.tab), viewSize: size)
    #expect(form.focus == .button(.save))
    #expect(
      form.handle(.keyDown(.returnKey), viewSize: size)
        == .optedOut(.init(sale: true, sharing: true, targetedAdvertising: false)))
    #expect(form.handle(.keyDown(.escape), viewSize: size) == .dismissed)
  }

  @Test func thePrivacyOptionsShowTheChoicesInForceAndCloseWithoutChange() throws {
    let folder = try ScratchFolder.path("consent-form") + "/g"
    let engine = try ConsentEngineTests.engine(folder: folder, events: .init())
    engine.start(list: Self.list, geography: .eea)
    #expect(ConsentChoices.inForce(engine) == nil)
    var choices = ConsentChoices()
    choices.purposes = [1, 2, 7]
    choices.purposeObjections = [10]
    choices.specialFeatures = [1]
    choices.vendors = [3, 6]
    choices.vendorObjections = [3]
    choices.googleProviders = [89]
    choices.screen = 2
    #expect(engine.decide(choices))
    #expect(ConsentChoices.inForce(engine) == choices)
    let form = try Self.form(inForce: ConsentChoices.inForce(engine))
    #expect(form.isDismissable && form.choices == choices)
    #expect(form.handle(.keyDown(.escape), viewSize: Size(width: 800, height: 600)) == .dismissed)
  }

  @Test func aMirroredSecondLayerHitsTheSwitchUnderThePointer() throws {
    let form = try Self.form(language: "ar")
    let size = Size(width: 800, height: 600)
    func click(_ frame: Rect) -> ConsentForm.Outcome {
      let point = Point(x: frame.midX, y: frame.midY)
      _ = form.handle(.pointerDown(point), viewSize: size)
      return form.handle(.pointerUp(point), viewSize: size)
    }
    _ = click(form.frame(of: .manageOptions, in: size))
    let row = try #require(form.rows.firstIndex { if case .purpose(2, _, _, true) = $0 { true } else { false } })
    let consent = form.frame(ofRow: row, .consent, in: size)
    let object = form.frame(ofRow: row, .object, in: size)
    #expect(consent.minX > object.maxX, "right to left: consent first, at the right")
    _ = click(object)
    #expect(form.isOn(row: row, .object) && !form.isOn(row: row, .consent))
    // The header's Back arrow is at the right, and returns to the first layer.
    let back = form.frame(of: .back, in: size)
    #expect(back.minX > size.width / 2)
    _ = click(back)
    #expect(form.layer == .first)
  }

  @Test func dragScrollsAndAFocusScrolledAwayIsShownBeforeItActs() throws {
    let form = try Self.form()
    let size = Size(width: 640, height: 480)
    for _ in 0..<3 { _ = form.handle(.keyDown(.tab), viewSize: size) }
    _ = form.handle(.keyDown(.returnKey), viewSize: size)
    let focus = try #require(form.focus)
    // A drag in the list, clear of any control, scrolls by as much as the pointer moved.
    let area = form.contentArea(in: size)
    let start = Point(x: area.maxX - 12, y: area.maxY - 20)
    _ = form.handle(.pointerDown(start), viewSize: size)
    _ = form.handle(.pointerMoved(Point(x: start.x, y: start.y - 300)), viewSize: size)
    _ = form.handle(.pointerUp(Point(x: start.x, y: start.y - 300)), viewSize: size)
    #expect(form.scroll == 300)
    // Return on the focused switch, now out of view, brings it back rather than flipping it.
    guard case .control(let row, let control) = focus else {
      Issue.record("the first focus is not a switch: \(focus)")
      return
    }
    #expect(form.handle(.keyDown(.returnKey), viewSize: size) == .none)
    #expect(!form.isOn(row: row, control) && area.contains(form.frame(of: focus, in: size)))
    _ = form.handle(.keyDown(.returnKey), viewSize: size)
    #expect(form.isOn(row: row, control))
  }

  @Test func theGamesOwnLegitimateInterestCanBeObjectedToAndShowsAgain() throws {
    let folder = try ScratchFolder.path("consent-form") + "/publisher"
    // Purpose 9 is claimed by the game alone (the test list's vendors claim 2, 7 and 10).
    let configuration = try ConsentRecordTests.configuration(
      extra: #", "publisherPurposes": {"consent": [1], "legitimateInterest": [9]}"#)
    let form = ConsentForm(list: Self.list, configuration: configuration, strings: .init(language: "en"), inForce: nil)
    let row = try #require(form.rows.firstIndex { if case .purpose(9, _, _, true) = $0 { true } else { false } })
    #expect(form.rows[row].controls == [.consent, .object])
    let engine = ConsentEngine(
      configuration: configuration, store: ConsentStore(folder: folder), language: "en",
      clock: { ConsentRecordTests.now }, report: { _ in })
    engine.start(list: Self.list, geography: .eea)
    #expect(engine.decide(.rejectingAll(Self.list, configuration)))
    let again = try #require(ConsentChoices.inForce(engine))
    #expect(again.purposeObjections.contains(9) && again.purposeObjections.contains(7), "\(again.purposeObjections)")
    // Saved again unchanged, the stored decision is the same.
    let before = engine.value(forKey: "IABTCF_PublisherLegitimateInterests")
    #expect(before?.contains("1") == false, "Reject all objected to the game's interest: \(before ?? "none")")
    var same = again
    same.screen = 2
    #expect(engine.decide(same))
    #expect(engine.value(forKey: "IABTCF_PublisherLegitimateInterests") == before)
  }

  @Test func theFirstLayerDisclosesSpecialPurposesFeaturesAndTheGamesPurposes() throws {
    let form = try Self.form(custom: true)
    let canvas = RecordingCanvas(size: Size(width: 1920, height: 2000))
    form.draw(on: canvas)
    for text in ["• Security", "• Delivery", "• Matching", "• Precise geolocation", "• Leaderboards"] {
      #expect(canvas.texts.contains(text), "\(text) on the first layer")
    }
    #expect(canvas.texts.contains("Without asking, partners also use data to:"))
    let vendor = try #require(form.rows.first { if case .vendor(3, _, _, _, _) = $0 { true } else { false } })
    guard case .vendor(_, _, let details, _, _) = vendor else { return }
    #expect(details.hasPrefix("Purposes: 1, 3, 4 · Legitimate interest: 2, 7, 10 · Retention (days): "), "\(details)")
  }

  @Test func aControllerAlonePagesThroughTheFirstLayersText() throws {
    let form = try Self.form()
    let canvas = RecordingCanvas(size: Size(width: 320, height: 240))
    form.draw(on: canvas)
    #expect(form.scroll == 0 && form.contentHeight(in: canvas.size) > form.contentArea(in: canvas.size).height)
    let script = try ReplayScript.parse("0.5 button rightshoulder\n0.6 button leftshoulder\n", file: "pages")
    guard case .button(let down) = script.events[0].action, case .button(let up) = script.events[1].action else {
      Issue.record("the script's buttons: \(script.events)")
      return
    }
    _ = form.handle(.keyDown(down.key), viewSize: canvas.size)
    #expect(form.scroll > 0 && form.focus == nil, "a page down, the focus still on nothing")
    _ = form.handle(.keyDown(up.key), viewSize: canvas.size)
    #expect(form.scroll == 0)
  }

  @Test func aLongDescriptionIsShownWholeItsRowAsTallAsItsLines() throws {
    let long = String(repeating: "Scores are kept and compared with other players' scores. ", count: 5)
    let configuration = try ConsentRecordTests.configuration(
      extra: #", "publisherPurposes": {"custom": [{"name": "Leaderboards", "description": "\#(long)"}]}"#)
    let form = ConsentForm(list: Self.list, configuration: configuration, strings: .init(language: "en"), inForce: nil)
    let canvas = RecordingCanvas(size: Size(width: 320, height: 240))
    for _ in 0..<3 { _ = form.handle(.keyDown(.tab), viewSize: canvas.size) }
    _ = form.handle(.keyDown(.returnKey), viewSize: canvas.size)
    let row = try #require(form.rows.firstIndex { if case .customPurpose(1, _, _) = $0 { true } else { false } })
    let lines = canvas.wrapText(long, style: .caption, width: 320 - 40, maxLines: 12, language: "en")
    #expect(lines.count > 2, "the description wraps to \(lines.count) lines")
    form.draw(on: canvas)
    #expect(form.height(ofRow: row) == 30 + 20 * Double(lines.count) + 42, "as tall as its lines")
    // Scrolled to it, every line is drawn.
    while form.frame(ofRow: row, .consent, in: canvas.size).maxY > form.contentArea(in: canvas.size).maxY {
      _ = form.handle(.keyDown(.pageDown), viewSize: canvas.size)
      canvas.reset()
      form.draw(on: canvas)
    }
    canvas.reset()
    _ = form.handle(.wheel(dy: 1), viewSize: canvas.size)
    form.draw(on: canvas)
    #expect(lines.filter(canvas.texts.contains).count >= 2, "\(canvas.texts)")
  }
}
