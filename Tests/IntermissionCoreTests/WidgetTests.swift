import IntermissionCore
import IntermissionTestSupport
import Testing

@Suite("Widgets and geometry")
struct WidgetTests {
  @Test func buttonActivatesOnPressAndReleaseInside() {
    var button = Button(title: "OK", frame: Rect(x: 10, y: 10, width: 100, height: 40))
    #expect(button.handle(.pointerMoved(Point(x: 20, y: 20))) == .ignored)
    #expect(button.isHovered)
    #expect(button.handle(.pointerDown(Point(x: 20, y: 20))) == .consumed)
    #expect(button.isPressed)
    #expect(button.handle(.pointerUp(Point(x: 30, y: 30))) == .activated)
    #expect(button.handle(.pointerDown(Point(x: 20, y: 20))) == .consumed)
    #expect(button.handle(.pointerUp(Point(x: 300, y: 30))) == .consumed, "released outside: no activation")
    #expect(button.handle(.pointerUp(Point(x: 20, y: 20))) == .ignored, "no press, no activation")
    #expect(button.handle(.pointerDown(Point(x: 200, y: 20))) == .ignored)
  }

  @Test func rectContainsItsTopLeftButNotItsBottomRight() {
    let rect = Rect(x: 0, y: 0, width: 10, height: 10)
    #expect(rect.contains(Point(x: 0, y: 0)))
    #expect(!rect.contains(Point(x: 10, y: 5)))
    #expect(!rect.contains(Point(x: 5, y: 10)))
  }

  @Test func aspectFitCentresAndKeepsRatio() {
    let fitted = Rect(x: 0, y: 0, width: 200, height: 50).aspectFit(Size(width: 728, height: 90))
    #expect(abs(fitted.width / fitted.height - 728.0 / 90) < 1e-9)
    #expect(fitted.height <= 50 + 1e-9 && fitted.width <= 200 + 1e-9)
    #expect(abs(fitted.midX - 100) < 1e-9 && abs(fitted.midY - 25) < 1e-9)
  }

  @Test func easingStartsAndEndsSlowly() {
    #expect(Easing.easeInOut(0) == 0)
    #expect(Easing.easeInOut(1) == 1)
    #expect(Easing.easeInOut(0.5) == 0.5)
    #expect(Easing.easeInOut(0.1) < 0.1)
    #expect(Easing.easeInOut(0.9) > 0.9)
    #expect(Easing.easeInOut(-1) == 0 && Easing.easeInOut(2) == 1)
  }

  @Test func pauseControlTogglesOnlyTheUserHold() {
    let director = Director(viewSize: Size(width: 800, height: 600))
    let control = PauseControl(director: director)
    director.addOverlay(control)
    director.advance(to: 0)
    director.hold(.window)
    #expect(director.dispatch(.keyDown(.character("p"))))
    #expect(director.holds.contains(.user))
    director.dispatch(.keyDown(.character("p")))
    #expect(!director.holds.contains(.user))
    #expect(!director.isRunning, "the window's hold stays")
    let button = PauseControl.buttonFrame(in: director.viewSize)
    let centre = Point(x: button.midX, y: button.midY)
    director.dispatch(.pointerDown(centre))
    director.dispatch(.pointerUp(centre))
    #expect(control.isPaused)
  }

  @Test func pauseControlDrawsPausedOnlyWhileTheUserHolds() {
    let director = Director(viewSize: Size(width: 800, height: 600))
    let control = PauseControl(director: director)
    let canvas = RecordingCanvas()
    control.draw(on: canvas)
    #expect(!canvas.texts.contains("Paused"))
    director.hold(.ad)
    canvas.reset()
    control.draw(on: canvas)
    #expect(!canvas.texts.contains("Paused"), "an ad's pause is not the user's")
    control.toggle()
    #expect(control.needsDisplay)
    canvas.reset()
    control.draw(on: canvas)
    #expect(canvas.texts.contains("Paused"))
    #expect(!control.needsDisplay)
  }
}
