import IntermissionAds
import IntermissionCore
import IntermissionOverlay
import MenuGame
import Testing

/// The menu fits every allowed window size: every button whole, above the banner, clear of the
/// pause button, the title and the other buttons, and big enough to hit.
@Suite("Menu layout")
struct MenuLayoutTests {
  static let sizes: [Size] = [
    Size(width: 200, height: 150), Size(width: 320, height: 240), Size(width: 640, height: 480),
    Size(width: 800, height: 600), Size(width: 960, height: 640), Size(width: 1200, height: 420),
    Size(width: 1920, height: 1080), Size(width: 200, height: 8192), Size(width: 8192, height: 150),
    Size(width: 8192, height: 8192),
  ]

  @Test(arguments: sizes)
  func everyButtonIsWholeAboveTheBannerAndClearOfEverythingElse(size: Size) {
    // With a consent engine the menu has Privacy too: seven buttons, from 320x240 (the smallest
    // size the consent form is made for) up.
    let counts =
      [MenuScene.Item.shown(offersPrivacy: false).count] + (size.width >= 320 && size.height >= 240 ? [7] : [])
    for count in counts {
      for inset in [0, AdBanner.height(forWidth: size.width)] {
        let layout = MenuLayout(size: size, bottomInset: inset, buttonCount: count)
        let free = Rect(x: 0, y: 0, width: size.width, height: size.height - inset)
        let pause = PauseControl.buttonFrame(in: size)
        var others: [(String, Rect)] = [("pause button", pause)]
        if let title = layout.title { others.append(("title", title)) }
        if let subtitle = layout.subtitle { others.append(("subtitle", subtitle)) }
        if let band = layout.decoration { others.append(("decoration", band)) }
        #expect(layout.buttons.count == count)
        for (index, button) in layout.buttons.enumerated() {
          let label = "\(size) inset \(inset): button \(index) \(button)"
          #expect(free.contains(button), "\(label) is not inside the free area \(free)")
          #expect(button.height >= 24 && button.width >= 56, "\(label) is too small to hit")
          for (name, other) in others {
            #expect(!button.intersects(other), "\(label) overlaps the \(name) \(other)")
          }
          for later in layout.buttons.dropFirst(index + 1) {
            #expect(!button.intersects(later), "\(label) overlaps \(later)")
          }
        }
        // The text and the decoration stay clear of one another and of the pause button.
        for (index, (name, rect)) in others.enumerated() {
          #expect(free.contains(rect) || name == "pause button", "\(size): the \(name) \(rect) is outside")
          for (otherName, other) in others.dropFirst(index + 1) {
            #expect(!rect.intersects(other), "\(size): the \(name) overlaps the \(otherName)")
          }
        }
      }
    }
  }

  @Test func largeWindowsGetTheRegularLayoutAndSmallOnesTheCompactOne() {
    let six = MenuScene.Item.shown(offersPrivacy: false).count
    let regular = MenuLayout(size: Size(width: 960, height: 640), bottomInset: 90, buttonCount: six)
    #expect(!regular.isCompact && regular.title != nil && regular.subtitle != nil && regular.decoration != nil)
    #expect(regular.buttons.allSatisfy { $0.height == 52 && $0.width == 300 })
    let withPrivacy = MenuLayout(size: Size(width: 960, height: 640), bottomInset: 90, buttonCount: 7)
    #expect(!withPrivacy.isCompact && withPrivacy.buttons.allSatisfy { $0.height >= 40 && $0.width == 300 })
    let wide = MenuLayout(
      size: Size(width: 1200, height: 420), bottomInset: 90, buttonCount: six)
    #expect(wide.isCompact && wide.title != nil, "1200x420 has no room for the subtitle and the band")
    let smallest = MenuLayout(
      size: Size(width: 200, height: 150), bottomInset: 50, buttonCount: six)
    #expect(smallest.isCompact && smallest.title == nil)
  }
}

/// The pushed scenes' headers, the lists' scrollbar, Play's feedback and the menu's Quit.
@Suite("Scenes, finished")
struct FinishedScenesTests {
  @Test(arguments: MenuLayoutTests.sizes)
  func backButtonsSitLevelWithThePauseButtonAndTitlesBetweenThem(size: Size) {
    let pause = PauseControl.buttonFrame(in: size)
    let back = ListScene.headerBackFrame(in: size)
    #expect(back.minY == pause.minY && back.height == pause.height && back.minX == size.width - pause.maxX)
    #expect(!back.intersects(pause))
    if let title = ListScene.headerTitleFrame(in: size) {
      #expect(!title.intersects(back) && !title.intersects(pause))
    }
  }

  @Test func theListsScrollbarFollowsTheScrollPosition() throws {
    let director = Director(viewSize: Size(width: 960, height: 640))
    let list = ListScene.leaderboard()
    director.run(list)
    director.applyPendingSceneChanges()
    let top = try #require(list.scrollbarThumb)
    #expect(top.minY == list.listArea.minY)
    list.scroll(to: list.maxScrollOffset)
    let bottom = try #require(list.scrollbarThumb)
    #expect(abs(bottom.maxY - list.listArea.maxY) < 0.001, "the thumb reaches the end of the track")
    #expect(bottom.maxX <= list.rowFrame(0).maxX + 16 && bottom.minX > list.rowFrame(0).maxX, "in the margin")
  }

  @Test func creditsNameTheLibrariesAndTheirLicences() {
    let rows = ListScene.credits().rows
    for library in ["SDL2", "SDL2_ttf", "SDL2_image", "SDL2_mixer", "Swift", "DejaVu fonts"] {
      #expect(rows.contains { $0.leading == library && !$0.trailing.isEmpty }, "\(library) is credited")
    }
    #expect(rows.first { $0.leading == "SDL2" }?.trailing == "zlib licence")
  }

  @Test func aCatchFlashesAndTheFlashFades() {
    let director = Director(viewSize: Size(width: 960, height: 640))
    let play = PlayScene()
    director.run(play)
    director.applyPendingSceneChanges()
    director.advance(to: 0)
    let centre = Point(x: play.target.midX, y: play.target.midY)
    director.dispatch(.pointerDown(centre))
    #expect(play.score == 1 && play.flash == PlayScene.flashDuration)
    director.advance(to: 0.1)
    #expect(play.flash > 0 && play.flash < PlayScene.flashDuration)
    director.advance(to: 0.2)
    #expect(play.flash == 0)
  }

  @Test func quitAsksTheDirectorToEndTheGameAndEscapeNeverDoes() {
    let director = Director(viewSize: Size(width: 960, height: 640))
    director.run(MenuScene(settings: GameSettings()))
    director.applyPendingSceneChanges()
    director.dispatch(.keyDown(.escape))
    #expect(!director.isQuitRequested)
    let quit = MenuScene.buttonFrame(.quit, in: director.viewSize)
    director.dispatch(.pointerDown(Point(x: quit.midX, y: quit.midY)))
    director.dispatch(.pointerUp(Point(x: quit.midX, y: quit.midY)))
    #expect(director.isQuitRequested)
  }
}
