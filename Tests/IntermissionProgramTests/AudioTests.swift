import Foundation
import IntermissionAds
import IntermissionCore
import IntermissionOverlay
import IntermissionTestSupport
import MenuGame
import Testing

/// The program's sound as a listener gets it: SDL's disk audio driver writes the real mixed output
/// (44.1 kHz, 16-bit stereo) to a file at the real-time rate, so these run on the real clock
/// (`--seconds`) and read the raw samples. One at a time: each takes seconds of the real clock.
///
/// The music (`Assets/audio/music.wav`) is compared with the output sample for sample: after the
/// silent buffers are taken out, what remains must be the music from its start, never restarted.
///
/// Where a silence falls is checked by buffer count, not here: the real clock's drift and the
/// scheduling of the program, the audio thread and the test on two cores make any mapping from host
/// time to sample frames a tolerance. `AudioBufferTests` runs the same holds in process and counts
/// the mixer's buffers either side of each; the pause's latency on the clock is the benchmark's
/// (`intermission-bench`, "audio pause latency").
@Suite("Audio, as a process", .serialized)
struct AudioTests {
  static let bufferFrames = 1024
  /// The music's samples (mono).
  static let music: [Int16] = {
    let url = ProgramRunner.root.appendingPathComponent("Assets/audio/music.wav")
    return (try? Data(contentsOf: url)).map(wavSamples) ?? []
  }()

  /// What a run played and traced.
  struct Capture {
    /// The left channel.
    let samples: [Int16]
    /// The trace's lines.
    let trace: [String]

    var bufferCount: Int { samples.count / AudioTests.bufferFrames }

    func isSilent(_ buffer: Int) -> Bool {
      let start = buffer * AudioTests.bufferFrames
      return samples[start..<start + AudioTests.bufferFrames].allSatisfy { abs(Int($0)) <= AudioLevels.silence }
    }

    /// The first buffer with sound: the music's start.
    var musicStart: Int? { (0..<bufferCount).first { !isSilent($0) } }

    /// The runs of silent buffers after the music started, as half-open buffer ranges.
    var silentRuns: [Range<Int>] {
      guard let start = musicStart else { return [] }
      var runs: [Range<Int>] = []
      var runStart: Int?
      for buffer in start..<bufferCount {
        if isSilent(buffer) {
          if runStart == nil { runStart = buffer }
        } else if let begun = runStart {
          runs.append(begun..<buffer)
          runStart = nil
        }
      }
      if let begun = runStart { runs.append(begun..<bufferCount) }
      return runs
    }

    /// The host time of the first trace record of `event` with `field`, if any.
    func time(of event: String, _ field: String = "") -> Double? {
      guard let line = trace.first(where: { $0.contains("\"event\":\"\(event)\"") && $0.contains(field) }),
        let range = line.range(of: "\"time\":"),
        let end = line[range.upperBound...].firstIndex(of: ",")
      else { return nil }
      return Double(line[range.upperBound..<end])
    }

    /// The largest difference between the sound buffers from `from` on (all but `skipping`) and
    /// the music played without a break from its start, `start` buffers in: 0 or 1 (rounding)
    /// when the music was never restarted nor lost its place.
    func deviationFromMusic(start: Int, from: Int? = nil, skipping: Set<Int> = [], continuous: Bool) -> Int {
      deviations(start: start, from: from, skipping: skipping, continuous: continuous).map(\.deviation).max() ?? 0
    }

    /// The buffers that differ from the music by more than rounding, with by how much (see
    /// `deviationFromMusic`). The last `closingBuffers` of the file are not compared: the program
    /// quits there, and the disk driver may write a buffer the mixer only partly filled as the
    /// device closes (seen once under AddressSanitizer, in the last two buffers of a run).
    func deviations(start: Int, from: Int? = nil, skipping: Set<Int> = [], continuous: Bool) -> [(
      buffer: Int, deviation: Int
    )] {
      let music = AudioTests.music
      var position = 0
      var found: [(buffer: Int, deviation: Int)] = []
      let compared = max(start, bufferCount - AudioLevels.closingBuffers)
      for buffer in start..<bufferCount {
        let silent = isSilent(buffer)
        if continuous || !silent {
          if buffer >= (from ?? start) && buffer < compared && !skipping.contains(buffer) && !silent {
            var worst = 0
            for index in 0..<AudioTests.bufferFrames {
              let expected = Int(music[(position + index) % music.count])
              worst = max(worst, abs(Int(samples[buffer * AudioTests.bufferFrames + index]) - expected))
            }
            if worst > 2 { found.append((buffer, worst)) }
          }
          position += AudioTests.bufferFrames
        }
      }
      return found
    }

    /// Keeps the samples of a run that failed, for a look (`/tmp/intermission-audio-NAME.raw`, 16-bit
    /// mono), and describes where it went wrong.
    func keep(_ name: String, start: Int, continuous: Bool) -> String {
      let path = "/tmp/intermission-audio-\(name).raw"
      let data = samples.withUnsafeBufferPointer { Data(buffer: $0) }
      try? data.write(to: URL(fileURLWithPath: path))
      let bad = deviations(start: start, continuous: continuous).prefix(8).map { "\($0.buffer):\($0.deviation)" }
      return
        "music from buffer \(start) of \(bufferCount); off in buffers \(bad.joined(separator: " ")); samples in \(path)"
    }
  }

  /// Runs the program headless on the real clock for `seconds` with `script`, its sound going to a
  /// file through SDL's disk driver.
  func record(
    _ script: String, seconds: Double = 3.5, arguments: [String] = [], runner given: ProgramRunner? = nil,
    environment: [String: String] = [:]
  ) throws -> Capture {
    let runner = try given ?? ProgramRunner()
    let scriptPath = try runner.write("script.txt", script)
    let result = try runner.run(
      ["--headless", "--seconds", String(seconds), "--script", scriptPath, "--trace", runner.path("trace.jsonl")]
        + arguments,
      environment: ["SDL_AUDIODRIVER": "disk", "SDL_DISKAUDIOFILE": runner.path("audio.raw")].merging(environment) {
        $1
      })
    #expect(result.status == 0, "\(result.stderr)")
    let raw = (try? Data(contentsOf: URL(fileURLWithPath: runner.path("audio.raw")))) ?? Data()
    let samples = raw.withUnsafeBytes { buffer in
      stride(from: 0, to: buffer.count - 3, by: 4).map {
        Int16(littleEndian: buffer.loadUnaligned(fromByteOffset: $0, as: Int16.self))
      }
    }
    let trace = ((try? String(contentsOfFile: runner.path("trace.jsonl"), encoding: .utf8)) ?? "")
      .split(separator: "\n").map(String.init)
    return Capture(samples: samples, trace: trace)
  }

  /// Checks that the output has one silence after the music started, and that the music went on
  /// from where it stopped. With `clicksBefore`, the game's click sounds mixed over the music before
  /// the silence are not compared: only what follows the silence is, after the 3 buffers in which a
  /// click that the hold paused (30 ms, resumed in place like the music) finishes.
  func expectOneSilence(
    in capture: Capture, clicksBefore: Bool = false, sourceLocation: SourceLocation = #_sourceLocation
  ) throws {
    try #require(!AudioTests.music.isEmpty, "the music file is readable", sourceLocation: sourceLocation)
    let start = try #require(capture.musicStart, "the output has sound", sourceLocation: sourceLocation)
    let runs = capture.silentRuns
    try #require(runs.count == 1, "one silence, not \(runs)", sourceLocation: sourceLocation)
    #expect(
      capture.deviationFromMusic(
        start: start, from: clicksBefore ? runs[0].upperBound : nil,
        skipping: clicksBefore ? Set(runs[0].upperBound..<runs[0].upperBound + 3) : [], continuous: false) <= 2,
      "the music after the silence goes on where it stopped: \(capture.keep("silence", start: start, continuous: false))",
      sourceLocation: sourceLocation)
  }

  @Test func anInAppAdSilencesTheGameUntilEscapeAndTheMusicGoesOnWhereItStopped() throws {
    let capture = try record("1.5 click 480 595\n2.5 key Escape\n")
    let paused = try #require(capture.time(of: "game.paused", "\"reason\":\"ad\""))
    let resumed = try #require(capture.time(of: "game.resumed", "\"reason\":\"ad\""))
    #expect(paused < resumed)
    try expectOneSilence(in: capture)
  }

  @Test func thePlayersPauseSilencesTheGame() throws {
    let capture = try record("1.0 key P\n2.0 key P\n")
    let paused = try #require(capture.time(of: "game.paused", "\"reason\":\"user\""))
    let resumed = try #require(capture.time(of: "game.resumed", "\"reason\":\"user\""))
    #expect(paused < resumed)
    try expectOneSilence(in: capture)
  }

  @Test func aMinimisedWindowSilencesTheGame() throws {
    let capture = try record("1.0 minimize\n2.0 restore\n")
    let paused = try #require(capture.time(of: "game.paused", "\"reason\":\"window\""))
    let resumed = try #require(capture.time(of: "game.resumed", "\"reason\":\"window\""))
    #expect(paused < resumed)
    try expectOneSilence(in: capture)
  }

  @Test func anAdInsideThePlayersPauseKeepsTheSilenceUntilThePlayerResumes() throws {
    let capture = try record("1.0 key P\n1.5 click 480 595\n2.0 key Escape\n2.5 key P\n")
    #expect(capture.trace.contains { $0.contains("\"event\":\"action.finished\"") }, "the ad opened and closed")
    let paused = try #require(capture.time(of: "game.paused", "\"reason\":\"user\""))
    let resumed = try #require(capture.time(of: "game.resumed", "\"reason\":\"user\""))
    #expect(!capture.trace.contains { $0.contains("\"event\":\"game.resumed\",\"reason\":\"ad\"") })
    #expect(paused < resumed)
    try expectOneSilence(in: capture)
  }

  @Test func anOpenURLAdNeverSilencesTheGame() throws {
    let runner = try ProgramRunner()
    let folder = runner.path("ads")
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    try FileManager.default.copyItem(
      atPath: ProgramRunner.root.appendingPathComponent("Assets/ads/blockworks.png").path,
      toPath: folder + "/blockworks.png")
    let manifest = try runner.write(
      "ads/manifest.json",
      #"{"ads": [{"id": "blockworks", "image": "blockworks.png", "title": "Blockworks", "action": "open-url", "url": "https://example.com/b"}]}"#
    )
    let capture = try record("1.5 click 480 595\n", arguments: ["--ads", manifest])
    #expect(capture.trace.contains { $0.contains("\"event\":\"url.opened\"") }, "the ad was clicked")
    let start = try #require(capture.musicStart)
    #expect(capture.silentRuns.isEmpty, "no silence: \(capture.silentRuns)")
    #expect(
      capture.deviationFromMusic(start: start, continuous: true) <= 2,
      "\(capture.keep("open-url", start: start, continuous: true))")
  }

  @Test func theSoundSettingMutesWithoutLosingTheMusicsPlace() throws {
    let sound = MenuScene.buttonFrame(
      .sound, in: Size(width: 960, height: 640), bottomInset: AdBanner.height(forWidth: 960))
    let click = "click \(Int(sound.midX)) \(Int(sound.midY))"
    let capture = try record("1.0 \(click)\n2.0 \(click)\n")
    #expect(!capture.trace.contains { $0.contains("game.paused") }, "muting is not a pause")
    let start = try #require(capture.musicStart)
    let runs = capture.silentRuns
    try #require(runs.count == 1, "one silence, not \(runs)")
    // The music went on while muted: after the click that turned sound on (30 ms; its first 5
    // buffers are skipped, the click starting at most one buffer after the unmute), the output is
    // the music at the place it had got to, not where it was muted.
    let unmuted = runs[0].upperBound
    let skipped = Set(unmuted..<unmuted + 5)
    let deviation = capture.deviationFromMusic(start: start, from: unmuted, skipping: skipped, continuous: true)
    let restarted = capture.deviationFromMusic(start: start, from: unmuted, skipping: skipped, continuous: false)
    #expect(
      deviation <= 2,
      "sound back at buffer \(unmuted) of \(capture.bufferCount) (music from \(start)): off by \(deviation), by \(restarted) if it had stopped while muted"
    )
  }

  @Test func noAudioPlaysNothingAndNoDeviceIsOneWarning() throws {
    let runner = try ProgramRunner()
    let quiet = try runner.run(
      ["--headless", "--fixed-step", "--frames", "30", "--no-audio"],
      environment: ["SDL_AUDIODRIVER": "disk", "SDL_DISKAUDIOFILE": runner.path("audio.raw")])
    #expect(quiet.status == 0 && quiet.stderr.isEmpty, "\(quiet.stderr)")
    #expect(!FileManager.default.fileExists(atPath: runner.path("audio.raw")), "--no-audio opens no device")
    // No sound card (ALSA told to use one that does not exist): one line, and the game runs.
    let silent = try runner.run(
      ["--headless", "--fixed-step", "--frames", "30", "--trace", runner.path("trace.jsonl")],
      environment: ["SDL_AUDIODRIVER": "alsa", "ALSA_CARD": "nonexistent"])
    #expect(silent.status == 0)
    let lines = silent.stderr.split(separator: "\n")
    #expect(lines.count == 1, "\(silent.stderr)")
    #expect(lines.first?.hasPrefix("intermission: warning: audio: no audio device (") == true, "\(silent.stderr)")
    let trace = try String(contentsOfFile: runner.path("trace.jsonl"), encoding: .utf8)
    #expect(trace.contains("\"event\":\"host.stopped\""))
  }
}

/// The 16-bit samples of a WAV file's data chunk.
private func wavSamples(_ data: Data) -> [Int16] {
  var offset = 12
  while offset + 8 <= data.count {
    let id = String(decoding: data[offset..<offset + 4], as: UTF8.self)
    let size = data[offset + 4..<offset + 8].enumerated().reduce(0) { $0 | Int($1.element) << (8 * $1.offset) }
    if id == "data" {
      return data[offset + 8..<min(data.count, offset + 8 + size)].withUnsafeBytes { buffer in
        stride(from: 0, to: buffer.count - 1, by: 2).map {
          Int16(littleEndian: buffer.loadUnaligned(fromByteOffset: $0, as: Int16.self))
        }
      }
    }
    offset += 8 + size + size % 2
  }
  return []
}
