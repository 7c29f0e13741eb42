import CFFmpeg
import Glibc
import IntermissionBasics
import IntermissionCore

extension VideoFrameQueue {
  /// The queue's state shared with its worker, under one lock.
  final class Shared: @unchecked Sendable {
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
    /// Whether the worker rests once its first picture is queued, until `play()` (a preroll).
    private var holdsAfterFirstPicture = false
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

    init(path: String, audioChannels: Int, holdsAfterFirstPicture: Bool = false) {
      self.path = path
      self.audioChannels = audioChannels
      self.holdsAfterFirstPicture = holdsAfterFirstPicture
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
        while (queued.count >= VideoFrameQueue.capacity || isSoundFull || (holdsAfterFirstPicture && !queued.isEmpty))
          && !isStopped
        {
          condition.wait()
        }
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
          // A stopped queue decodes nothing more: never waited for.
          guard waiting, queued.isEmpty, !isDone, !isSoundFull, !isStopped else { return (last, total) }
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

    var wasStopped: Bool { condition.withLock { isStopped } }
    var isDrained: Bool { condition.withLock { isDone && queued.isEmpty } }
    var failureReason: String? { condition.withLock { failure } }
    var mostQueued: Int { condition.withLock { most } }
    var mostSoundAhead: Double { condition.withLock { mostAhead } }
    var isWaitingForPlayhead: Bool { condition.withLock { queued.isEmpty && !isDone && isSoundFull } }

    func waitForFrame(timeout: Double) -> Bool {
      let end = MonotonicClock.readSeconds() + timeout
      return condition.withLock {
        while queued.isEmpty && !isDone && !isSoundFull && !isStopped {
          let now = MonotonicClock.readSeconds()
          if now >= end { break }
          condition.wait(seconds: end - now)
        }
        return !queued.isEmpty
      }
    }

    /// Ends a preroll's rest: the worker decodes on.
    func play() {
      condition.withLock {
        holdsAfterFirstPicture = false
        condition.broadcast()
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
}
