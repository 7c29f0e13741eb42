import CSDLMixer
import IntermissionCore
import Synchronization

/// Watches what the mixer puts out, on its own thread, for the benchmark: armed at the moment the
/// game pauses, it notes when the first silent buffer is mixed (which is when SDL's disk driver
/// writes it out).
package final class MixMeter: Sendable {
  /// The loudest a silent buffer may be: 1/1000 of full scale.
  package static let silence: Int16 = 32
  private let armedAt = Atomic<UInt64>(0)
  private let silentAt = Atomic<UInt64>(0)

  package init() {}

  /// Starts waiting for silence from `time` (host seconds of `MonotonicClock`).
  package func arm(at time: Double) {
    silentAt.store(0, ordering: .relaxed)
    armedAt.store(time.bitPattern, ordering: .releasing)
  }

  /// Seconds from arming to the first silent buffer, once one was mixed; nil before.
  package var latency: Double? {
    let armed = armedAt.load(ordering: .acquiring)
    let silent = silentAt.load(ordering: .acquiring)
    guard armed != 0, silent != 0 else { return nil }
    return Double(bitPattern: silent) - Double(bitPattern: armed)
  }

  /// Called by the mixer with each buffer it mixed.
  fileprivate func mixed(_ samples: UnsafeBufferPointer<Int16>) {
    guard armedAt.load(ordering: .acquiring) != 0, silentAt.load(ordering: .relaxed) == 0 else { return }
    guard samples.allSatisfy({ abs(Int32($0)) <= Int32(MixMeter.silence) }) else { return }
    silentAt.store(MonotonicClock.readSeconds().bitPattern, ordering: .releasing)
  }
}

extension MixerAudio {
  /// Hands every mixed buffer to `meter` (nil stops), on the mixer's thread.
  package func attach(_ meter: MixMeter?) {
    guard let meter else {
      intermission_mix_set_post_mix(nil, nil)
      return
    }
    intermission_mix_set_post_mix(
      { user, stream, length in
        guard let user, let stream else { return }
        let meter = Unmanaged<MixMeter>.fromOpaque(user).takeUnretainedValue()
        let samples = UnsafeRawPointer(stream).assumingMemoryBound(to: Int16.self)
        meter.mixed(UnsafeBufferPointer(start: samples, count: Int(length) / 2))
      }, Unmanaged.passUnretained(meter).toOpaque())
  }
}
