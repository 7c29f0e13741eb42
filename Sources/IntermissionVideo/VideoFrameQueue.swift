import CFFmpeg
import Glibc
import IntermissionCore

/// A video's pictures decoded ahead on a worker thread of its own, into a queue of at most
/// `capacity` frames (so memory stays flat however long the video), and handed to the game's loop
/// as their times come: the loop only takes the frame due at its playhead and uploads it.
///
/// Late frames are dropped, never waited for: when the playhead has passed several queued frames,
/// the last of them is the one shown. The loop's thread is the only one that calls `advance(to:)`.
public final class VideoFrameQueue {
  /// The most frames decoded ahead.
  public static let capacity = 8
  /// The most seconds of sound decoded ahead of the playhead: a file whose pictures are sparse
  /// does not decode its whole sound track into memory while the queue waits for its next picture.
  public static let soundAhead = 2.0

  private let shared: Shared
  private var thread = pthread_t()
  private var current: VideoFrame?

  /// Frames passed over because a later one was already due.
  public private(set) var droppedFrames = 0
  /// Frames handed to the loop.
  public private(set) var presentedFrames = 0

  /// Starts decoding `decoder`'s pictures, and its sound if it was opened with audio, on a worker.
  public convenience init(decoding decoder: MediaDecoder) {
    self.init(shared: Shared(decoder: decoder))
  }

  /// Opens the file at `path` on a worker of its own (so that not even the opening runs on the
  /// loop) and decodes it there, with its sound at 48 kHz in `audioChannels` channels (0: none), its
  /// pictures at `outputSize` from the first (as `requestOutputSize(_:)` asks; nil: the video's
  /// own size). A file that does not open is a `failure`.
  public convenience init(opening path: String, audioChannels: Int, outputSize: (width: Int, height: Int)? = nil) {
    let shared = Shared(path: path, audioChannels: audioChannels)
    if let outputSize { shared.requestOutputSize(outputSize) }
    self.init(shared: shared)
  }

  private init(shared: Shared) {
    self.shared = shared
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
  public func advance(to playhead: Double, waitsForDecoding: Bool = false) -> VideoFrame? {
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
  public func takeSound(into chunks: inout [AudioChunk]) { shared.takeSound(into: &chunks) }

  /// Asks for the pictures decoded from now on at `width` x `height` pixels (the size the view
  /// draws them at), scaled on the worker; nil keeps the video's own size. Frames queued already
  /// keep theirs.
  public func requestOutputSize(_ size: (width: Int, height: Int)?) { shared.requestOutputSize(size) }

  /// Whether a frame not shown yet is due at `playhead` (decoded, and its time come): the loop
  /// redraws only then, not at every display frame.
  public func hasFrameDue(at playhead: Double) -> Bool { shared.hasFrame(upTo: playhead) }

  /// The frame shown last, if any.
  public var shownFrame: VideoFrame? { current }

  /// Whether every frame was decoded and handed over (or dropped): the video is over.
  public var isFinished: Bool { shared.isDrained }

  /// Why decoding stopped early, if it did.
  public var failure: String? { shared.failureReason }

  /// The most frames that were ever queued at once (at most `capacity`).
  public var mostQueued: Int { shared.mostQueued }

  /// The most seconds of sound that were ever decoded ahead of the playhead (about `soundAhead`
  /// at most: the decoder stops after the chunk that goes over).
  public var mostSoundAhead: Double { shared.mostSoundAhead }

  /// Whether the worker waits for the playhead with no picture queued: its sound is `soundAhead`
  /// ahead. Before the video starts, that is a file with no picture in its first 2 s of sound.
  public var isWaitingForPlayhead: Bool { shared.isWaitingForPlayhead }

  /// Waits, at most `timeout` seconds, until the first frame is decoded (or decoding ended, or the
  /// worker waits for the playhead: `isWaitingForPlayhead`).
  /// - Returns: whether a frame is ready.
  @discardableResult
  public func waitForFirstFrame(timeout: Double) -> Bool { shared.waitForFrame(timeout: timeout) }

  /// Stops decoding. The worker ends on its own (freeing its decoder there) and is joined by a
  /// thread of its own: the caller, the game's loop at a dismissal, never waits for it. Called by
  /// `deinit`; calling it twice is fine.
  public func stop() {
    shared.stop()
    if thread != pthread_t() {
      DecoderThreadReaper.join(thread)
      thread = pthread_t()
    }
  }

  /// Waits until the workers of every stopped queue have ended: for a program that ends, or a test.
  /// - Returns: the thread that joined them (never the caller's), or nil when none was stopped.
  @discardableResult
  public static func finishStopping() -> pthread_t? { DecoderThreadReaper.finish() }

  /// Waits, at most `timeout` seconds, until the workers of every stopped queue have ended: for a
  /// program that ends and must not wait for ever for a decoder blocked in its file's reading.
  /// - Returns: whether they all ended.
  @discardableResult
  public static func finishStopping(timeout: Double) -> Bool { DecoderThreadReaper.finish(timeout: timeout) }

  /// Whether this queue's decoding thread is still alive (for tests).
  package var isDecoding: Bool { shared.isWorkerAlive }

  /// Waits, at most `timeout` seconds, until this queue's decoding thread has returned (after
  /// `stop()`, within a frame's decoding, unless its file's reading blocks).
  /// - Returns: whether it has.
  @discardableResult
  public func waitForWorkerEnd(timeout: Double) -> Bool { shared.waitForWorkerEnd(timeout: timeout) }
}

/// The queue's state shared with its worker, under one lock.
private final class Shared: @unchecked Sendable {
  private let condition = Condition()
  private var decoder: MediaDecoder?
  private let path: String?
  private let audioChannels: Int
  private var queued: [VideoFrame] = []
  /// Frames the loop is done with (shown, or dropped), whose planes the worker fills again.
  private var spares: [VideoFrame] = []
  /// The most spare frames kept.
  private static let spareCapacity = 2
  private var sound: [AudioChunk] = []
  /// The output size asked for and not yet applied by the worker (`.some(nil)`: the video's own).
  private var requestedSize: (width: Int, height: Int)??
  private var isDone = false
  private var isStopped = false
  private var hasWorkerEnded = false
  private var failure: String?
  private var most = 0
  /// The playhead the loop last asked frames for, and where the sound decoded so far ends.
  private var playhead = 0.0
  private var soundEnd = 0.0
  private var mostAhead = 0.0
  /// Whether `soundAhead` seconds of sound or more are decoded ahead of the playhead; lock held.
  private var isSoundFull: Bool { soundEnd - playhead >= VideoFrameQueue.soundAhead }

  init(decoder: MediaDecoder) {
    self.decoder = decoder
    path = nil
    audioChannels = 0
    queued.reserveCapacity(VideoFrameQueue.capacity)
    spares.reserveCapacity(Shared.spareCapacity)
  }

  init(path: String, audioChannels: Int) {
    self.path = path
    self.audioChannels = audioChannels
    queued.reserveCapacity(VideoFrameQueue.capacity)
    spares.reserveCapacity(Shared.spareCapacity)
  }

  /// The worker's loop: decode while there is room, wait while the queue is full, end at the end;
  /// then the decoder is freed, on the worker too.
  func decodeUntilFullOrDone() {
    // The worker yields to the game's loop and the renderer's threads: it runs up to `capacity`
    // frames ahead, so it can wait for a core where a frame of the loop cannot.
    intermission_media_lower_thread_priority()
    if decoder == nil, let path {
      do {
        decoder = try MediaDecoder(path: path, audioChannels: audioChannels)
      } catch {
        fail(error.description)
        return
      }
    }
    if let decoder { decode(decoder) }
    decoder = nil
  }

  private func decode(_ decoder: MediaDecoder) {
    while true {
      condition.lock()
      while (queued.count >= VideoFrameQueue.capacity || isSoundFull) && !isStopped { condition.wait() }
      let stopped = isStopped
      let resize = requestedSize
      requestedSize = nil
      var spare = spares.popLast()
      condition.unlock()
      if stopped { return }
      if let resize { decoder.setOutputSize(resize) }
      let next: MediaDecoder.Frame
      do {
        next = try decoder.next(reusing: &spare)
      } catch {
        fail(error.description)
        return
      }
      if let spare { recycle(spare) }
      switch next {
      case .video(let frame):
        condition.withLock {
          queued.append(frame)
          most = max(most, queued.count)
          condition.broadcast()
        }
      case .audio(let chunk):
        let end = chunk.time + Double(chunk.sampleFrames) / Double(decoder.audioRate)
        condition.withLock {
          sound.append(chunk)
          soundEnd = max(soundEnd, end)
          mostAhead = max(mostAhead, soundEnd - playhead)
          condition.broadcast()
        }
      case .end:
        condition.withLock {
          isDone = true
          condition.broadcast()
        }
        return
      }
    }
  }

  func fail(_ reason: String) {
    condition.withLock {
      failure = reason
      isDone = true
      condition.broadcast()
    }
  }

  /// Removes the queued frames due at `time`, and returns the last of them and how many there were;
  /// when `waiting`, every frame due, however many must be decoded first (only the last is kept).
  func takeFrames(upTo time: Double, waiting: Bool) -> (last: VideoFrame?, count: Int) {
    condition.withLock {
      if time > playhead {
        playhead = time
        condition.broadcast()
      }
      var last: VideoFrame?
      var total = 0
      while true {
        let count = queued.prefix { $0.time <= time + 1e-9 }.count
        if count > 0 {
          if let passed = last { keep(spare: passed) }
          for index in 0..<(count - 1) { keep(spare: queued[index]) }
          last = queued[count - 1]
          total += count
          queued.removeFirst(count)
          condition.broadcast()
        }
        // Done when a frame after `time` is decoded, or there are no more frames, or the sound is
        // decoded `soundAhead` past `time` with no picture in it (a sparse video's next picture).
        guard waiting, queued.isEmpty, !isDone, !isSoundFull else { return (last, total) }
        condition.wait()
      }
    }
  }

  /// Takes back a frame the loop is done with, for the worker to fill again.
  func recycle(_ frame: VideoFrame) {
    condition.withLock { keep(spare: frame) }
  }

  /// Keeps `frame` as a spare, up to `spareCapacity` of them; the lock is held.
  private func keep(spare frame: VideoFrame) {
    if spares.count < Shared.spareCapacity { spares.append(frame) }
  }

  /// Whether a queued frame is due at `time`, the playhead now: the worker decodes on when its
  /// sound was `soundAhead` ahead of the playhead before.
  func hasFrame(upTo time: Double) -> Bool {
    condition.withLock {
      if time > playhead {
        playhead = time
        condition.broadcast()
      }
      return queued.first.map { $0.time <= time + 1e-9 } ?? false
    }
  }

  func requestOutputSize(_ size: (width: Int, height: Int)?) {
    condition.withLock { requestedSize = .some(size) }
  }

  func takeSound(into chunks: inout [AudioChunk]) {
    chunks.removeAll(keepingCapacity: true)
    condition.withLock { swap(&sound, &chunks) }
  }

  var isDrained: Bool { condition.withLock { isDone && queued.isEmpty } }
  var failureReason: String? { condition.withLock { failure } }
  var mostQueued: Int { condition.withLock { most } }
  var mostSoundAhead: Double { condition.withLock { mostAhead } }
  var isWaitingForPlayhead: Bool { condition.withLock { queued.isEmpty && !isDone && isSoundFull } }

  func waitForFrame(timeout: Double) -> Bool {
    let end = MonotonicClock.readSeconds() + timeout
    return condition.withLock {
      while queued.isEmpty && !isDone && !isSoundFull {
        let now = MonotonicClock.readSeconds()
        if now >= end { break }
        condition.wait(seconds: end - now)
      }
      return !queued.isEmpty
    }
  }

  func stop() {
    condition.withLock {
      isStopped = true
      condition.broadcast()
    }
  }

  /// Whether the worker thread has not returned yet (true before it starts).
  var isWorkerAlive: Bool { condition.withLock { !hasWorkerEnded } }

  func noteWorkerEnded() {
    condition.withLock {
      hasWorkerEnded = true
      condition.broadcast()
    }
  }

  func waitForWorkerEnd(timeout: Double) -> Bool {
    let end = MonotonicClock.readSeconds() + timeout
    return condition.withLock {
      while !hasWorkerEnded {
        let now = MonotonicClock.readSeconds()
        guard now < end else { return false }
        condition.wait(seconds: end - now)
      }
      return true
    }
  }
}
