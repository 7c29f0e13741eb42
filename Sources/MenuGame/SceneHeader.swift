import IntermissionCore

/// The top bar of a pushed scene (Play, the lists): a Back button level with the pause button in
/// the other corner, and the title centred in the room between them, never under either.
enum SceneHeader {
  /// The Back button's frame: as high and as far from its edge as the pause button.
  static func backFrame(in size: Size) -> Rect {
    let pause = PauseControl.buttonFrame(in: size)
    let width = PauseControl.isSmall(size) ? 60.0 : 100.0
    return Rect(x: size.width - pause.maxX, y: pause.minY, width: width, height: pause.height)
  }

  /// Gives `event` to a pushed scene's Back button: an activation clicks and pops the scene.
  /// - Returns: nil when the button ignored the event, else whether it was consumed (always true).
  static func handleBack(_ event: InputEvent, button: inout Button, director: Director?) -> Bool? {
    switch button.handle(event) {
    case .ignored: return nil
    case .consumed: return true
    case .activated:
      director?.audio?.play(.click)
      director?.pop()
      return true
    }
  }

  /// The Back button's label style.
  static func backStyle(in size: Size) -> TextStyle { PauseControl.isSmall(size) ? .body : .heading }

  /// The title's frame, or nil when the buttons leave no room for it.
  static func titleFrame(in size: Size) -> Rect? {
    let back = backFrame(in: size)
    let pause = PauseControl.buttonFrame(in: size)
    let inset = max(back.maxX, size.width - pause.minX) + 8
    let width = size.width - 2 * inset
    return width >= 60 ? Rect(x: inset, y: pause.minY, width: width, height: pause.height) : nil
  }
}
