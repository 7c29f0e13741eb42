import IntermissionCore
import IntermissionTestSupport
import MenuGame
import Testing

@Suite("Menu game")
struct MenuGameTests {
  let director = Director(viewSize: Size(width: 960, height: 640))
  let clock = FixedStepClock(fps: 60)

  init() {
    director.run(MenuScene(settings: GameSettings()))
    director.applyPendingSceneChanges()
  }

  func click(_ point: Point) {
    director.dispatch(.pointerMoved(point))
    director.dispatch(.pointerDown(point))
    director.dispatch(.pointerUp(point))
    step()
  }

  func click(_ item: MenuScene.Item) {
    let frame = MenuScene.buttonFrame(item, in: director.viewSize)
    click(Point(x: frame.midX, y: frame.midY))
  }

  func step(_ frames: Int = 1) {
    for _ in 0..<frames {
      director.advance(to: clock.now)
      clock.advanceFrame()
    }
  }

  @Test func menuButtonsPushTheirScenesAndEscapeComesBack() {
    click(.play)
    #expect(director.sceneNames == ["Menu", "Play"])
    director.dispatch(.keyDown(.escape))
    step()
    #expect(director.sceneNames == ["Menu"])
    click(.credits)
    #expect(director.sceneNames == ["Menu", "Credits"])
    director.dispatch(.keyDown(.escape))
    step()
    click(.leaderboard)
    #expect(director.sceneNames == ["Menu", "Leaderboard"])
    director.dispatch(.keyDown(.escape))
    step()
    director.dispatch(.keyDown(.escape))
    step()
    #expect(director.sceneNames == ["Menu"], "Escape on the menu never quits or pops the root")
  }

  @Test func soundButtonTogglesTheSettingShownOnIt() {
    let menu = director.runningScene as! MenuScene
    #expect(menu.title(of: .sound) == "Sound: On")
    click(.sound)
    #expect(menu.title(of: .sound) == "Sound: Off")
    click(.sound)
    #expect(menu.title(of: .sound) == "Sound: On")
  }

  @Test func theMenuStartsTheMusicOnceClicksAndCatchesSoundAndSoundOffMutesWithoutPausing() {
    let director = Director(viewSize: Size(width: 960, height: 640))
    let audio = RecordingAudio()
    director.audio = audio
    director.run(MenuScene(settings: GameSettings()))
    director.applyPendingSceneChanges()
    #expect(audio.musicStarts == 1 && !audio.isMuted)
    let sound = MenuScene.buttonFrame(.sound, in: director.viewSize)
    func click(_ point: Point) {
      director.dispatch(.pointerDown(point))
      director.dispatch(.pointerUp(point))
      director.advance(to: 0)
    }
    click(Point(x: sound.midX, y: sound.midY))
    #expect(audio.isMuted && audio.pauseChanges.isEmpty, "Sound: Off mutes; it does not pause")
    click(Point(x: sound.midX, y: sound.midY))
    #expect(!audio.isMuted && audio.effects == [.click, .click])
    let play = MenuScene.buttonFrame(.play, in: director.viewSize)
    click(Point(x: play.midX, y: play.midY))
    let scene = director.runningScene as! PlayScene
    click(Point(x: scene.target.midX, y: scene.target.midY))
    #expect(audio.effects == [.click, .click, .click, .caught])
    director.dispatch(.keyDown(.escape))
    director.advance(to: 0)
    #expect(director.sceneNames == ["Menu"])
    #expect(audio.musicStarts == 1, "coming back to the menu does not restart the music")
    director.hold(.user)
    click(Point(x: play.midX, y: play.midY))
    #expect(audio.effects.count == 4, "a stopped game makes no sound")
  }

  @Test func theBonusButtonShowsTheSavedCoinsAndItsScreenSaysWhenThereAreNoAds() throws {
    let save = GameSave(path: nil)
    save.credit(150, transactionID: "0f0e0d0c-0b0a-4908-8706-050403020100")
    let director = Director(viewSize: Size(width: 960, height: 640))
    let menu = MenuScene(settings: GameSettings(save: save))
    director.run(menu)
    director.applyPendingSceneChanges()
    #expect(menu.title(of: .bonus) == "Bonus: 150 coins")
    let frame = MenuScene.buttonFrame(.bonus, in: director.viewSize)
    let point = Point(x: frame.midX, y: frame.midY)
    for event in [InputEvent.pointerMoved(point), .pointerDown(point), .pointerUp(point)] { director.dispatch(event) }
    director.advance(to: 0)
    let bonus = try #require(director.runningScene as? BonusScene)
    #expect(bonus.offerTitle == "Watch an ad for 50 coins")
    director.dispatch(.keyDown(.returnKey))
    #expect(bonus.status == "No ads in this run", "never silent")
    save.credit(50, transactionID: "1f1e1d1c-1b1a-4918-9716-151413121110")
    director.dispatch(.keyDown(.escape))
    director.advance(to: 1.0 / 60)
    #expect(menu.title(of: .bonus) == "Bonus: 200 coins", "the menu shows the coins when it comes back")
  }

  @Test func keyboardMovesFocusAndReturnActivates() {
    director.dispatch(.keyDown(.down))  // Play
    director.dispatch(.keyDown(.down))  // Bonus
    director.dispatch(.keyDown(.down))  // Sound
    director.dispatch(.keyDown(.down))  // Credits
    director.dispatch(.keyDown(.returnKey))
    step()
    #expect(director.runningScene?.name == "Credits")
  }

  @Test func menuDecorationMovesWithSceneTimeOnly() {
    let menu = director.runningScene as! MenuScene
    step(10)
    let moving = menu.elapsed
    #expect(abs(moving - 9.0 / 60) < 1e-12, "nine steps of 1/60 s after the first frame: \(moving)")
    director.hold(.user)
    step(10)
    #expect(menu.elapsed == moving)
  }

  @Test func playSceneScoresWhenTheTargetIsClicked() {
    click(.play)
    let play = director.runningScene as! PlayScene
    step(3)
    let target = play.target
    click(Point(x: target.midX, y: target.midY))
    #expect(play.score == 1)
    click(Point(x: 5, y: 600))
    #expect(play.score == 1)
  }

  @Test func leaderboardHasSixtyRowsAndItsLastRowScrollsAboveTheInset() {
    click(.leaderboard)
    let list = director.runningScene as! ListScene
    #expect(list.rows.count == 60)
    let banner = InsetOverlay()
    director.addOverlay(banner)
    banner.inset = 90
    director.advance(to: 0)
    director.dispatch(.keyDown(.end))
    let last = list.rowFrame(list.rows.count - 1)
    let visibleBottom = director.viewSize.height - 90
    #expect(last.maxY <= visibleBottom, "last row ends at \(last.maxY), banner starts at \(visibleBottom)")
    #expect(last.minY >= list.listArea.minY)
    #expect(last.maxY > visibleBottom - ListScene.rowHeight, "scrolled no further than needed")
    banner.inset = 0
    director.advance(to: 0)
    #expect(list.scrollOffset == list.maxScrollOffset, "the offset is clamped again when the inset goes")
  }

  @Test func listScrollsByWheelDragAndKeys() {
    click(.credits)
    director.viewSize = Size(width: 400, height: 300)
    let list = director.runningScene as! ListScene
    #expect(list.maxScrollOffset == 482, "the credits are 482 px taller than their list area")
    director.dispatch(.wheel(dy: -1))
    let afterWheel = list.scrollOffset
    #expect(afterWheel == ListScene.rowHeight * 1.5, "a wheel notch scrolls a row and a half")
    director.dispatch(.keyDown(.home))
    #expect(list.scrollOffset == 0)
    director.dispatch(.keyDown(.down))
    #expect(list.scrollOffset == ListScene.rowHeight)
    director.dispatch(.keyDown(.up))
    director.dispatch(.pointerDown(Point(x: 200, y: 250)))
    director.dispatch(.pointerMoved(Point(x: 200, y: 200)))
    director.dispatch(.pointerUp(Point(x: 200, y: 200)))
    #expect(list.scrollOffset == 50)
    director.dispatch(.keyDown(.pageUp))
    #expect(list.scrollOffset == 0)
    director.dispatch(.wheel(dy: 5))
    #expect(list.scrollOffset == 0, "never scrolls above the top")
  }

  @Test func menuLayoutFollowsTheWindowSize() {
    let small = MenuScene.buttonFrame(.play, in: Size(width: 400, height: 300))
    let large = MenuScene.buttonFrame(.play, in: Size(width: 1600, height: 1000))
    #expect(small.midX == 200 && large.midX == 800)
    #expect(small.maxX <= 400)
  }
}
