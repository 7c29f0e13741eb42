import Foundation
import IntermissionAds
import IntermissionCore
import IntermissionHost
import IntermissionOverlay
import MenuGame

extension BenchmarkSuite {
  // MARK: - 15. Video ads

  /// The benchmark's clips, made once per run with the `ffmpeg` tool beside their VAST files and
  /// manifests: `play`, 8 s of 1280×720 at 30 fps (H.264/AAC), and `sync`, 6 s of black with a
  /// white frame and a 50 ms 1 kHz beep at each whole second.
  struct VideoClips {
    let folder: URL
    /// A banner and the rewarded `play` video.
    let playManifest: String
    /// A banner and the rewarded `sync` video.
    let syncManifest: String
    let playClip: String
  }

  func makeVideoClips() throws -> VideoClips {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("video-\(UUID().uuidString)")
    try FileManager.default.copyItem(
      at: URL(fileURLWithPath: bannerManifestPath).deletingLastPathComponent(), to: folder)
    let h264 = ["-c:v", "libx264", "-preset", "medium", "-pix_fmt", "yuv420p", "-c:a", "aac", "-b:a", "96k"]
    try ffmpeg(
      [
        "-f", "lavfi", "-i", "testsrc2=size=1280x720:rate=30", "-f", "lavfi", "-i",
        "sine=frequency=440:sample_rate=48000",
        "-t", "8",
      ] + h264 + [folder.appendingPathComponent("play.mp4").path])
    try ffmpeg(
      [
        "-f", "lavfi", "-i", "color=c=black:size=1280x720:rate=30", "-f", "lavfi", "-i",
        "aevalsrc=if(lt(mod(t\\,1)\\,0.05)\\,0.5*sin(2*PI*1000*t)\\,0):s=48000:c=stereo", "-vf",
        "geq=lum='if(lt(mod(T,1),0.02),235,16)':cb=128:cr=128", "-t", "6",
      ] + h264
        + [folder.appendingPathComponent("sync.mp4").path])
    for (name, seconds) in [("play", 8), ("sync", 6)] {
      let vast = """
        <VAST version="4.2"><Ad id="\(name)"><InLine><AdSystem>bench</AdSystem><AdTitle>\(name)</AdTitle>
        <Creatives><Creative><Linear><Duration>00:00:0\(seconds)</Duration><MediaFiles>
        <MediaFile delivery="progressive" type="video/mp4" width="1280" height="720">\(name).mp4</MediaFile>
        </MediaFiles></Linear></Creative></Creatives></InLine></Ad></VAST>
        """
      try Data(vast.utf8).write(to: folder.appendingPathComponent("\(name).xml"))
      var text = try String(contentsOfFile: bannerManifestPath, encoding: .utf8)
      let entry =
        #"{"id":"\#(name)","vast":"\#(name).xml","title":"Video","action":"in-app","format":"rewarded","#
        + #""reward":{"type":"coins","amount":1}}"#
      guard let close = text.lastIndex(of: "]") else { throw BenchmarkError(message: "the banners' manifest") }
      text.insert(contentsOf: "," + entry, at: close)
      try Data(text.utf8).write(to: folder.appendingPathComponent("\(name).json"))
    }
    return VideoClips(
      folder: folder, playManifest: folder.appendingPathComponent("play.json").path,
      syncManifest: folder.appendingPathComponent("sync.json").path,
      playClip: folder.appendingPathComponent("play.mp4").path)
  }

  private func ffmpeg(_ arguments: [String]) throws {
    let outcome = try ChildProcess.run("/usr/bin/ffmpeg", ["-hide_banner", "-loglevel", "error", "-y"] + arguments)
    guard outcome.exitCode == 0 else {
      throw BenchmarkError(message: "ffmpeg could not make a clip: \(outcome.output)")
    }
  }

  /// What `plays` shows of a video ad in a real window came to.
  typealias VideoPlays = FullscreenShows

  /// Plays the 8 s clip as a rewarded ad `count` times in a real window under Xvfb at 60 fps on the
  /// real clock, its sound on SDL's disk driver: each show asked for in the frame after the one
  /// before was dismissed (a scripted Escape every 10 s). Reports the frames from each show call to
  /// the video's first frame, and the time every presented frame takes.
  func videoPlays(_ clips: VideoClips) throws -> VideoPlays {
    let count = quick ? 1 : 5
    let display = try VirtualDisplay()
    defer { display.stop() }
    let environment = [
      "DISPLAY": display.name, "SDL_VIDEODRIVER": "x11", "SDL_AUDIODRIVER": "disk",
      "SDL_DISKAUDIOFILE": clips.folder.appendingPathComponent("game.raw").path,
      "INTERMISSION_VIDEO_AUDIO_DEVICE": clips.folder.appendingPathComponent("ad.raw").path,
    ]
    return try withEnvironment(environment) {
      let escapes = (1...count).map { "\(Double($0) * 10) key Escape" }.joined(separator: "\n")
      let host = try makeHost(script: try ReplayScript.parse(escapes, file: "escapes"), manifest: clips.playManifest) {
        $0.headless = false
        $0.noAudio = false
        $0.fps = 60
        $0.adLatency = 0.1
        $0.seconds = Double(count) * 10 + 1
      }
      return try repeatedShows(host, count: count, begins: .videoStarted)
    }
  }

  /// Runs `body` with `variables` set in the benchmark's own environment (an in-process host reads
  /// them), and unset after it.
  private func withEnvironment<Result>(_ variables: [String: String], _ body: () throws -> Result) rethrows -> Result {
    for (name, value) in variables { setenv(name, value, 1) }
    defer { for name in variables.keys { unsetenv(name) } }
    return try body()
  }

  /// CPU seconds of the program playing the 8 s clip from its Bonus in a 960×640 window under Xvfb
  /// (launch to exit, the menu's second included), and of `ffplay` playing the same file in a
  /// window of the same size; both with their sound on SDL's disk driver.
  func videoCPU(_ clips: VideoClips) throws -> (intermission: Double, ffplay: Double) {
    let display = try VirtualDisplay()
    defer { display.stop() }
    let environment = [
      "DISPLAY": display.name, "SDL_VIDEODRIVER": "x11", "SDL_AUDIODRIVER": "disk",
      "SDL_DISKAUDIOFILE": clips.folder.appendingPathComponent("cpu.raw").path,
    ]
    let bonus = MenuScene.buttonFrame(
      .bonus, in: Size(width: 960, height: 640), bottomInset: AdBanner.height(forWidth: 960))
    let script = clips.folder.appendingPathComponent("cpu.txt")
    try Data("0.8 click \(Int(bonus.midX)) \(Int(bonus.midY))\n1.2 key Return\n".utf8).write(to: script)
    let ours = try ChildProcess.run(
      "intermission",
      ["--size", "960x640", "--fps", "60", "--ads", clips.playManifest, "--script", script.path, "--seconds", "9.4"],
      environment: environment)
    guard ours.exitCode == 0 else { throw BenchmarkError(message: "intermission failed to play: \(ours.output)") }
    let theirs = try ChildProcess.run(
      "/usr/bin/ffplay", ["-autoexit", "-loglevel", "quiet", "-x", "960", "-y", "640", clips.playClip],
      environment: environment)
    guard theirs.exitCode == 0 else { throw BenchmarkError(message: "ffplay failed: \(theirs.output)") }
    return (ours.cpuSeconds, theirs.cpuSeconds)
  }

  /// The A/V offset of the `sync` clip played three times on the real clock with SDL's disk
  /// driver: for each white frame (at each whole second), the audio device's clock when the frame
  /// is drawn (the sound heard then, by what the device has played) against the frame's own time,
  /// where its beep is. Positive: the sound is ahead.
  func videoSyncOffsets(_ clips: VideoClips) throws -> [Double] {
    let environment = [
      "SDL_AUDIODRIVER": "disk", "SDL_DISKAUDIOFILE": clips.folder.appendingPathComponent("sync-game.raw").path,
      "INTERMISSION_VIDEO_AUDIO_DEVICE": clips.folder.appendingPathComponent("sync-ad.raw").path,
    ]
    return try withEnvironment(environment) {
      let plays = quick ? 1 : 3
      let escapes = (1...plays).map { "\(Double($0) * 8) key Escape" }.joined(separator: "\n")
      let host = try makeHost(script: try ReplayScript.parse(escapes, file: "escapes"), manifest: clips.syncManifest) {
        $0.noAudio = false
        $0.adLatency = 0.1
        $0.seconds = Double(plays) * 8 + 1
      }
      guard let ads = host.adOverlay?.fullscreen else { throw BenchmarkError(message: "no ad overlay") }
      var offsets: [Double] = []
      ads.onVideoFrameDrawn = { frameTime, heardTime in
        guard let heardTime, frameTime >= 0.5, abs(frameTime - frameTime.rounded()) < 0.005 else { return }
        offsets.append(heardTime - frameTime)
      }
      var shows = 0
      let clock = host.clock
      host.frameObserver = { _, _ in
        if !ads.isShowing, ads.isReady(.rewarded), shows < plays, clock.now > 0.5 {
          if ads.showRewarded(placement: "benchmark") == nil { shows += 1 }
        }
      }
      try host.run()
      host.frameObserver = nil
      ads.onVideoFrameDrawn = nil
      return offsets
    }
  }

  /// Peak resident memory of the program playing the 8 s clip to its end, headless on the fixed
  /// step, in KiB.
  func videoPeakMemory(_ clips: VideoClips) throws -> Int {
    let bonus = MenuScene.buttonFrame(
      .bonus, in: Size(width: 960, height: 640), bottomInset: AdBanner.height(forWidth: 960))
    let script = clips.folder.appendingPathComponent("memory.txt")
    try Data("1.0 click \(Int(bonus.midX)) \(Int(bonus.midY))\n1.5 key Return\n".utf8).write(to: script)
    let run = try ChildProcess.run(
      "intermission",
      [
        "--headless", "--fixed-step", "--no-audio", "--ads", clips.playManifest, "--script", script.path, "--seconds",
        "10",
      ])
    guard run.exitCode == 0 else { throw BenchmarkError(message: "intermission failed to play: \(run.output)") }
    return run.peakKiB
  }
}
