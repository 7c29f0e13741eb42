import Glibc
import IntermissionTestSupport
import IntermissionVideo
import Testing

@Suite("Video frames decoded ahead")
struct VideoFrameQueueTests {
  static func queue(_ clip: String) throws -> VideoFrameQueue {
    VideoFrameQueue(decoding: try MediaDecoder(path: GeneratedMedia.path(clip), audioChannels: 0))
  }

  /// A game at 60 fps on the fixed step shows each frame of a 30 fps clip once, at its time, in
  /// order, with nothing dropped, the same frames in every run, and never more than 8 queued.
  @Test func aFixedStepPlayheadShowsEveryFrameAtItsTimeTheSameInEveryRun() throws {
    var runs: [[Double]] = []
    for _ in 0..<2 {
      let frames = try VideoFrameQueueTests.queue("h264-aac.mp4")
      var shown: [Double] = []
      for step in 0..<150 {
        let playhead = Double(step) / 60
        if let frame = frames.advance(to: playhead, waitsForDecoding: true) {
          #expect(frame.time <= playhead + 1e-9 && playhead - frame.time < 1.0 / 30, "\(frame.time) at \(playhead)")
          shown.append(frame.time)
        }
      }
      #expect(shown.count == 60 && frames.droppedFrames == 0 && frames.presentedFrames == 60)
      #expect(frames.isFinished && frames.failure == nil)
      #expect(frames.mostQueued <= VideoFrameQueue.capacity)
      runs.append(shown)
    }
    #expect(runs[0] == runs[1])
  }

  /// A playhead that leaps (a slow frame, a resumed window) drops the frames it passed over and
  /// shows the one due, never waiting for them one by one.
  @Test func aLeapingPlayheadDropsTheFramesItPassed() throws {
    let frames = try VideoFrameQueueTests.queue("h264-aac.mp4")
    #expect(frames.advance(to: 0, waitsForDecoding: true)?.time == 0)
    let due = try #require(frames.advance(to: 1.01, waitsForDecoding: true))
    #expect(abs(due.time - 1) < 0.001)
    #expect(frames.droppedFrames == 29 && frames.presentedFrames == 2)
  }

  /// The worker decodes ahead only as far as the queue holds, whatever the loop does: memory stays
  /// flat; stopping ends it at once: not one frame is decoded after the stop, however far it had
  /// got, and the video is not finished.
  @Test func theWorkerFillsTheQueueAndNoMoreAndStopsAtOnce() throws {
    let frames = try VideoFrameQueueTests.queue("portrait.mp4")
    try Self.fill(frames)
    frames.stop()
    frames.stop()
    // Exactly the 8 frames queued before the stop, of the clip's 30: the playhead leaps past them
    // all, so the last is shown and the 7 before it are dropped; then nothing more ever comes.
    let last = try #require(frames.advance(to: 10))
    #expect(abs(last.time - 7.0 / 30) < 0.001, "\(last.time)")
    #expect(frames.droppedFrames == 7 && frames.presentedFrames == 1)
    #expect(frames.advance(to: 20) == nil)
    #expect(!frames.isFinished && frames.failure == nil && frames.mostQueued == VideoFrameQueue.capacity)
  }

  /// A file whose pictures are sparse (at 0 s and 10 s, over 20 s of sound) is decoded no more than
  /// 2 s of sound ahead of the playhead, however long its next picture is in coming; its pictures
  /// and all of its sound still come, on the fixed step.
  @Test func soundIsDecodedAtMostTwoSecondsAheadOfThePlayhead() throws {
    let frames = VideoFrameQueue(decoding: try MediaDecoder(path: GeneratedMedia.path("sparse.mp4"), audioChannels: 2))
    var shown: [Double] = []
    var sampleFrames = 0
    var chunks: [AudioChunk] = []
    for step in 0...44 {
      if let frame = frames.advance(to: Double(step) / 2, waitsForDecoding: true) { shown.append(frame.time) }
      frames.takeSound(into: &chunks)
      sampleFrames += chunks.reduce(0) { $0 + $1.sampleFrames }
    }
    // At most the chunk that went over (1024 sample frames of AAC, 21 ms) past the bound.
    #expect(frames.mostSoundAhead < VideoFrameQueue.soundAhead + 0.05, "\(frames.mostSoundAhead) s ahead")
    #expect(shown == [0, 10])
    #expect(abs(sampleFrames - 20 * 48_000) < 2048, "\(sampleFrames) sample frames")
    #expect(frames.isFinished && frames.failure == nil)
  }

  /// A real-time loop that only asks whether a frame is due (it redraws only then) moves the
  /// playhead the worker's sound bound follows: a sparse video's next picture still comes.
  @Test func askingWhetherAFrameIsDueLetsTheWorkerDecodeOn() throws {
    let frames = VideoFrameQueue(decoding: try MediaDecoder(path: GeneratedMedia.path("sparse.mp4"), audioChannels: 2))
    #expect(frames.advance(to: 0, waitsForDecoding: true)?.time == 0)
    for _ in 0..<1000 where !frames.isWaitingForPlayhead { usleep(10_000) }
    #expect(frames.isWaitingForPlayhead, "2 s of sound decoded, and no picture")
    #expect(!frames.hasFrameDue(at: 9))
    var due = false
    for _ in 0..<1000 where !due {
      due = frames.hasFrameDue(at: 10)
      if !due { usleep(10_000) }
    }
    #expect(due, "the picture at 10 s was decoded")
    frames.stop()
  }

  /// Stopping a queue (the game's loop, at a dismissal) only tells its worker to stop: another
  /// thread joins it, and the worker frees its decoder on its way out.
  @Test func stoppingHandsTheWorkersJoinToAnotherThread() throws {
    let frames = try VideoFrameQueueTests.queue("portrait.mp4")
    #expect(frames.waitForFirstFrame(timeout: 10))
    frames.stop()
    let joiner = try #require(VideoFrameQueue.finishStopping(), "a thread joined the worker")
    #expect(pthread_equal(joiner, pthread_self()) == 0, "not the thread that stopped it")
  }

  /// A real-time loop never waits: with nothing decoded for its playhead, it keeps the frame it
  /// shows. The worker stopped with 8 frames queued (0 to 7/60 s): 120 steps of a 60 fps loop over
  /// the 60-frame clip show exactly those 8, one per step, then keep the last, where a waiting loop
  /// would hang.
  @Test func aRealTimeLoopNeverWaits() throws {
    let frames = try VideoFrameQueueTests.queue("sixty.mp4")
    try Self.fill(frames)
    frames.stop()
    #expect(frames.advance(to: 0)?.time == 0)
    #expect(frames.advance(to: 0) == nil, "the same frame stays")
    var shown: [Double] = []
    for step in 1...120 { if let frame = frames.advance(to: Double(step) / 60) { shown.append(frame.time) } }
    #expect(shown.map { ($0 * 60).rounded() } == (1...7).map(Double.init), "\(shown)")
    #expect(frames.droppedFrames == 0 && frames.presentedFrames == 8)
  }

  /// A file cut in half decodes its first part and ends there: every frame up to its end shown, one
  /// by one, none of the second half, and no failure (an early end is the player's to judge).
  @Test func aTruncatedFileEndsEarlyWithEveryFrameItHas() throws {
    let truncated = try VideoFrameQueueTests.queue("truncated.mp4")
    var last = 0.0
    for step in 0..<240 { last = truncated.advance(to: Double(step) / 60, waitsForDecoding: true)?.time ?? last }
    #expect(truncated.isFinished && truncated.failure == nil)
    // The 28 whole frames before the cut (as `MediaDecoderTests` finds them), the last at 27/30 s.
    #expect(last == 27.0 / 30, "the last frame at \(last)")
    #expect(truncated.presentedFrames == 28 && truncated.droppedFrames == 0)
  }

  /// Waits until the worker filled the queue (8 frames decoded) and waits there.
  static func fill(_ frames: VideoFrameQueue) throws {
    try #require(frames.waitForFirstFrame(timeout: 10))
    for _ in 0..<1000 where frames.mostQueued < VideoFrameQueue.capacity { usleep(10_000) }
    try #require(frames.mostQueued == VideoFrameQueue.capacity)
  }
}
