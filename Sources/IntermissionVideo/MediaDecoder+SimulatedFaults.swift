import CFFmpeg

extension MediaDecoder {
  /// Failures a test makes the decoder meet on demand, each one FFmpeg gives on its own only
  /// rarely. Package-only: nothing a file holds can set them.
  package struct SimulatedFaults: OptionSet, Sendable {
    package let rawValue: Int32
    package init(rawValue: Int32) { self.rawValue = rawValue }

    /// Each packet's first `avcodec_send_packet` answers `EAGAIN`, as a decoder that still holds
    /// frames does: the packet must be sent again once they are drained.
    package static let sendRefused = SimulatedFaults(rawValue: Int32(INTERMISSION_MEDIA_FAULT_EAGAIN))
    /// Every `sws_scale` fails: a picture that must be converted cannot be.
    package static let scaleFails = SimulatedFaults(rawValue: Int32(INTERMISSION_MEDIA_FAULT_SCALE))
    /// Every decoded frame comes without a timestamp, as from a container that has none.
    package static let noTimestamps = SimulatedFaults(rawValue: Int32(INTERMISSION_MEDIA_FAULT_NO_TIMESTAMPS))
  }

  /// Test seam: makes the next frames meet `faults` (none by default).
  package func simulate(_ faults: SimulatedFaults) {
    intermission_media_simulate(media, faults.rawValue)
  }
}
