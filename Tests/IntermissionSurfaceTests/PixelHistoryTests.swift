import Intermission
import IntermissionTestSupport
import Testing

/// The pixels a game holds after a history of frames (the banner sliding in, the ad view opened
/// and closed) are the drawing's, read back whole, at fractional and whole pixel scales: nothing
/// is left behind at an edge, and the dirty rectangles a game uploads carry every change.
@Suite("Pixels after a history of frames", .serialized, .sdlSession)
struct PixelHistoryTests {
  /// RGBA bytes of `frame`, row by row.
  static func bytes(_ frame: PixelFrame) -> [UInt8] {
    var bytes: [UInt8] = []
    bytes.reserveCapacity(frame.width * frame.height * 4)
    for y in 0..<frame.height {
      for x in 0..<frame.width * 4 {
        bytes.append(frame.pixels.load(fromByteOffset: y * frame.pitch + x, as: UInt8.self))
      }
    }
    return bytes
  }

  @Test(arguments: [1.25, 1.5, 2])
  func thePixelsAfterAnAdViewOpenedAndClosedAreTheDrawingsAndTheUploadsCarryEveryChange(scale: Double) throws {
    let size = Size(width: 683, height: 384)
    let lived = try PixelCanvas(width: size.width, height: size.height, scale: scale)
    let ads = try PixelCanvasTests.overlay()
    defer { ads.stopWorkers() }
    let click = Point(x: size.width / 2, y: size.height - 20)
    let input: [Int: [InputEvent]] = [100: [.pointerDown(click), .pointerUp(click)], 160: [.keyDown(.escape)]]
    var uploaded: [UInt8] = []
    var checked = 0
    for frame in 0..<231 {
      for event in input[frame] ?? [] {
        _ = ads.handle(event)
      }
      ads.update(hostTime: Double(frame) / 60)
      ads.draw(on: lived)
      let taken = lived.takeFrame()
      // What a game holds: its texture, written only inside each dirty rectangle.
      if uploaded.isEmpty { uploaded = [UInt8](repeating: 0, count: taken.width * taken.height * 4) }
      let dirty = taken.dirty
      if !dirty.isEmpty {
        for y in dirty.y..<(dirty.y + dirty.height) {
          for x in (dirty.x * 4)..<((dirty.x + dirty.width) * 4) {
            uploaded[y * taken.width * 4 + x] = taken.pixels.load(fromByteOffset: y * taken.pitch + x, as: UInt8.self)
          }
        }
      }
      guard frame == 150 || frame == 230 else { continue }
      #expect(frame == 150 ? ads.isAdViewOpen : !ads.isAdViewOpen)
      let truth = try lived.readWhole()
      let held = Self.bytes(taken)
      #expect(held.count == truth.count)
      let wrong = zip(held, truth).filter { $0 != $1 }.count
      #expect(wrong == 0, "frame \(frame) at \(scale)x: \(wrong) bytes differ from the target's")
      #expect(uploaded == held, "frame \(frame) at \(scale)x: the uploads missed a change")
      checked += 1
    }
    #expect(checked == 2)
  }
}
