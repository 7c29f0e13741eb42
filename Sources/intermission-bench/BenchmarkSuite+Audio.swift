import Foundation
import IntermissionCore
import IntermissionHost
import IntermissionSDL

/// The sound's part: how soon a pause is heard, and what a held game with music loaded costs.
extension BenchmarkSuite {
  /// SDL's disk driver writing to /dev/null: a device that takes the mixed sound at the real-time
  /// rate, as a sound card does, on any machine.
  static let diskAudio = ["SDL_AUDIODRIVER": "disk", "SDL_DISKAUDIOFILE": "/dev/null"]

  // MARK: - Audio pause latency

  /// Sample frames from the moment the director stops (the frame that handles the key or the click)
  /// to the first silent buffer the mixer hands to the device, over repeated pauses (P) on the real
  /// clock; the median and the largest.
  func audioPauseLatency() throws -> (median: Double, max: Double, pauses: Int) {
    for (name, value) in BenchmarkSuite.diskAudio { setenv(name, value, 1) }
    defer { for name in BenchmarkSuite.diskAudio.keys { unsetenv(name) } }
    let pauses = quick ? 5 : 20
    // P every 0.3 s from 1 s on: a pause, then a resume, and so on.
    let text = (0..<(2 * pauses)).map { "\(1.0 + Double($0) * 0.3) key P\n" }.joined()
    let script = try ReplayScript.parse(text, file: "audio latency")
    guard let folder = AssetLocator.audioFolder(environment: ProcessInfo.processInfo.environment) else {
      throw BenchmarkError(message: "the sounds (Assets/audio) were not found")
    }
    let host = try makeHost(script: script, audioFolder: folder) { $0.seconds = 1.5 + Double(2 * pauses) * 0.3 }
    guard let audio = host.audio else { throw BenchmarkError(message: "the audio device did not open") }
    let meter = MixMeter()
    audio.attach(meter)
    defer { audio.attach(nil) }
    var latencies: [Double] = []
    let traced = host.director.eventHandler
    host.director.eventHandler = { event in
      traced?(event)
      switch event {
      case .paused: meter.arm(at: MonotonicClock.readSeconds())
      case .resumed: if let latency = meter.latency { latencies.append(latency) }
      default: break
      }
    }
    try host.run()
    guard latencies.count == pauses else {
      throw BenchmarkError(message: "\(latencies.count) of \(pauses) pauses were measured")
    }
    let frames = latencies.map { $0 * Double(MixerAudio.frequency) }
    return (Statistics.median(frames), frames.max() ?? 0, pauses)
  }
}
