import CFFmpeg
import Glibc
import IntermissionCore

/// A video's pictures decoded ahead on a worker thread of its own, into a queue of at most
/// `capacity` frames (so memory stays flat however long the video), and handed to the game's loop
/// as their times come: the loop only takes the frame due at its playhead and uploads it.
///
/// Late frames are dropped, never waited for: when the playhead has passed several queued frames,
/// the last of them is the one shown. The loop's thread is the only one that calls `advance(to:)`.
package final class VideoFrameQueue {
  /// The most frames decoded ahead.
  package static let capacity = 8
  /// The most seconds of sound decoded ahead of the playhead: a file whose pictures are sparse
  /// does not decode its whole sound track into memory while the queue waits for its next picture.
  package static let soundAhead = 2.0

  private let shared: Shared
  /// The channels its sound is decoded in (0: none), as asked when it was made.
  package let audioChannels: Int
  private var thread = pthread_t()
  private var current: VideoFrame?

  /// Frames passed over because a later one was already due.
  package private(set) var droppedFrames = 0
  /// Frames handed to the loop.
  package private(set) var presentedFrames = 0

  /// Starts decoding `decoder`'s pictures, and its sound if it was opened with audio, on a worker.
  package convenience init(decoding decoder: MediaDecoder) {
    self.init(shared: Shared(decoder: decoder), audioChannels: decoder.audioChannels)
  }

  /// Opens the file at `path` on a worker of its own (so that not even the opening runs on the
  /// loop) and decodes it there, with its sound at 48 kHz in `audioChannels` channels (0: none), its
  /// pictures at `outputSize` from the first (as `requestOutputSize(_:)` asks; nil: the video's
  /// own size). A file that does not open is a `failure`.
  ///
  /// A queue made with `prerolls` decodes up to its first picture and rests there until `play()`:
  /// a video ad made ready ahead of its show, whose first frame is decoded before the show begins.
  package convenience init(
    opening path: String, audioChannels: Int, outputSize: (width: Int, height: Int)? = nil, prerolls: Bool = false
  ) {
    let shared = Shared(path: path, audioChannels: audioChannels, holdsAfterFirstPicture: prerolls)
    if let outputSize { shared.requestOutputSize(outputSize) }
    self.init(shared: shared, audioChannels: audioChannels)
  }

  /// Whether `stop()` was called: it decodes nothing more, and nothing waits for it.
  package var isStopped: Bool { shared.wasStopped }

  /// Ends a preroll's rest (`init(opening:audioChannels:outputSize:prerolls:)`): the worker decodes
  /// on from its first picture. Nothing for a queue that does not preroll.
  package func play() { shared.play() }

  private init(shared: Shared, audioChannels: Int) {
    self.shared = shared
    self.audioChannels = audioChannels
    let box = Unmanaged.passRetained(shared).toOpaque()
    let started = pthread_create(
      &thread, nil,
      { raw in
        let shared = Unmanaged<Shared>.fromOpaque(raw!).takeRetainedValue()
        shared.decodeUntilFullOrDone()
        shared.noteWorkerEnded()
        return nil
      }, box)
    if started != 0 {
      Unmanaged<Shared>.fromOpaque(box).release()
      shared.fail("the decoding thread could not start (error \(started))")
      shared.noteWorkerEnded()
      thread = pthread_t()
    }
  }

  deinit { stop() }

  /// The frame to show from now on at `playhead` seconds, when it differs from the one shown; nil
  /// when the one shown stays (none due yet, or none decoded in time).
  /// - Parameters:
  ///   - playhead: the video's time now, in seconds from its start.
  ///   - waitsForDecoding: wait until every frame up to `playhead` is decoded, as a deterministic
  ///     run (the fixed step, a headless test) does, so that the same playheads show the same
  ///     frames in every run; a real-time loop never waits.
  package func advance(to playhead: Double, waitsForDecoding: Bool = false) -> VideoFrame? {
    let due = shared.takeFrames(upTo: playhead, waiting: waitsForDecoding)
    guard let last = due.last else { return nil }
    droppedFrames += due.count - 1
    presentedFrames += 1
    // The frame shown until now goes back to the worker, whose next picture is copied into it.
    if let previous = current {
      current = nil
      shared.recycle(previous)
    }
    current = last
    return last
  }

  /// Replaces `chunks` with the sound decoded since the last call, in order (none when the decoder
  /// was opened without audio). The loop queues it on the ad's audio device as it comes: decoding
  /// runs at most `capacity` pictures ahead, so the sound waiting stays that short. The worker
  /// gets `chunks`' buffer to fill next (a swap): once both buffers have grown, taking the sound
  /// allocates nothing.
  package func takeSound(into chunks: inout [AudioChunk]) { shared.takeSound(into: &chunks) }

  /// Asks for the pictures decoded from now on at `width` x `height` pixels (the size the view
  /// draws them at), scaled on the worker; nil keeps the video's own size. Frames queued already
  /// keep theirs.
  package func requestOutputSize(_ size: (width: Int, height: Int)?) { shared.requestOutputSize(size) }

  /// Whether a frame not shown yet is due at `playhead` (decoded, and its time come): the loop
  /// redraws only then, not at every display frame.
  package func hasFrameDue(at playhead: Double) -> Bool { shared.hasFrame(upTo: playhead) }

  /// The frame shown last, if any.
  package var shownFrame: VideoFrame? { current }

  /// Whether every frame was decoded and handed over (or dropped): the video is over.
  package var isFinished: Bool { shared.isDrained }

  /// Why decoding stopped early, if it did.
  package var failure: String? { shared.failureReason }

  /// The most frames that were ever queued at once (at most `capacity`).
  package var mostQueued: Int { shared.mostQueued }

  /// The most seconds of sound that were ever decoded ahead of the playhead (about `soundAhead`
  /// at most: the decoder stops after the chunk that goes over).
  package var mostSoundAhead: Double { shared.mostSoundAhead }

  /// Whether the worker waits for the playhead with no picture queued: its sound is `soundAhead`
  /// ahead. Before the video starts, that is a file with no picture in its first 2 s of sound.
  package var isWaitingForPlayhead: Bool { shared.isWaitingForPlayhead }

  /// Waits, at most `timeout` seconds, until the first frame is decoded (or decoding ended, or the
  /// worker waits for the playhead: `isWaitingForPlayhead`).
  /// - Returns: whether a frame is ready.
  @discardableResult
  package func waitForFirstFrame(timeout: Double) -> Bool { shared.waitForFrame(timeout: timeout) }

  /// Stops decoding. The worker ends on its own (freeing its decoder there) and is joined by a
  /// thread of its own: the caller, the game's loop at a dismissal, never waits for it. Called by
  /// `deinit`; calling it twice is fine.
  package func stop() {
    shared.stop()
    if thread != pthread_t() {
      DecoderThreadReaper.join(thread)
      thread = pthread_t()
    }
  }

  /// Waits until the workers of every stopped queue have ended: for a program that ends, or a test.
  /// - Returns: the thread that joined them (never the caller's), or nil when none was stopped.
  @discardableResult
  package static func finishStopping() -> pthread_t? { DecoderThreadReaper.finish() }

  /// Waits, at most `timeout` seconds, until the workers of every stopped queue have ended: for a
  /// program that ends and must not wait for ever for a decoder blocked in its file's reading.
  /// - Returns: whether they all ended.
  @discardableResult
  package static func finishStopping(timeout: Double) -> Bool { DecoderThreadReaper.finish(timeout: timeout) }

  /// Whether this queue's decoding thread is still alive (for tests).
  package var isDecoding: Bool { shared.isWorkerAlive }

  /// Waits, at most `timeout` seconds, until this queue's decoding thread has returned (after
  /// `stop()`, within a frame's decoding, unless its file's reading blocks).
  /// - Returns: whether it has.
  @discardableResult
  package func waitForWorkerEnd(timeout: Double) -> Bool { shared.waitForWorkerEnd(timeout: timeout) }
}
