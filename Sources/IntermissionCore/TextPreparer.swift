/// A canvas's text engine, usable away from the loop: a loader's worker rehearses on it how an ad
/// will be drawn, so that its text is laid out (fonts found, runs shaped, lines broken and cut)
/// and rasterised before the ad is shown, and the frame that first draws it only uploads it.
///
/// What a rehearsal prepares is exactly what the canvas would make itself: the canvas takes it in
/// place of its own work when it draws the same text, and makes anything not prepared itself.
public protocol TextPreparer: AnyObject, Sendable {
  /// A canvas `size` points large, in the same scale as the canvas this engine is of, that draws
  /// nothing: its text calls lay text out and rasterise it for the canvas to take, and its
  /// measurements are the canvas's. It is used on one thread (the one that asked for it).
  func rehearsalCanvas(size: Size) -> any Canvas
}

extension Canvas {
  public var textPreparer: (any TextPreparer)? { nil }
}
