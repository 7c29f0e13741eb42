import IntermissionCore

/// A run in the Chrome Trace Event Format (JSON, `traceEvents`, `ts` in microseconds), which
/// Perfetto's UI and `chrome://tracing` open.
///
/// Each lane of the timeline (every hold, the running state, the banner's states, the viewable
/// intervals, the ad view, the scenes) is a track of duration events (`B` and `E`); clicks,
/// impressions, beacons, loads and scripted input are instant events (`i`) with the record's
/// fields as `args`; the frame number is a counter (`C`); metadata events (`M`) name the process
/// and every track.
package enum PerfettoTrace {
  /// The process every track belongs to.
  static let processID = 1
  /// The track of the instant events.
  static let marksTrack = 100

  /// The JSON text of `log`'s run.
  package static func json(of log: TraceLog) -> String {
    let timeline = Timeline(log)
    var events: [String] = []
    events.append(metadata("process_name", track: nil, name: "Intermission"))
    for (index, lane) in timeline.lanes.enumerated() {
      let track = index + 1
      events.append(metadata("thread_name", track: track, name: lane.name))
      events.append(
        "{\"name\":\"thread_sort_index\",\"ph\":\"M\",\"pid\":\(processID),\"tid\":\(track),"
          + "\"args\":{\"sort_index\":\(track)}}")
      for interval in lane.intervals.sorted(by: { $0.start < $1.start }) where interval.end >= interval.start {
        let name = TraceValue.quoted(interval.label)
        events.append(duration("B", name: name, time: interval.start, track: track))
        events.append(duration("E", name: name, time: interval.end, track: track))
      }
    }
    events.append(metadata("thread_name", track: marksTrack, name: "events"))
    var lastFrame: Int?
    for record in log.records {
      if record.frame != lastFrame {
        lastFrame = record.frame
        events.append(
          "{\"name\":\"frame\",\"ph\":\"C\",\"ts\":\(micros(record.time)),\"pid\":\(processID),"
            + "\"args\":{\"frame\":\(record.frame)}}")
      }
      guard isInstant(record.event) else { continue }
      var args = "\"frame\":\(record.frame)"
      for field in record.fields { args += ",\(TraceValue.quoted(field.key)):\(TraceValue.quoted(field.value))" }
      events.append(
        "{\"name\":\(TraceValue.quoted(record.event)),\"ph\":\"i\",\"s\":\"t\",\"ts\":\(micros(record.time)),"
          + "\"pid\":\(processID),\"tid\":\(marksTrack),\"args\":{\(args)}}")
    }
    return "{\"displayTimeUnit\":\"ms\",\"traceEvents\":[\n" + events.joined(separator: ",\n") + "\n]}\n"
  }

  /// The events drawn as moments rather than as parts of a lane.
  static func isInstant(_ event: String) -> Bool {
    switch TraceEvent(event) {
    case .bannerClicked, .bannerClickRefused, .ctaClicked, .impression, .inputInjected, .beaconSent, .beaconFailed,
      .beaconDropped, .adLoaded, .adFailed, .urlOpened, .urlFailed, .hostStarted, .hostStopped:
      true
    default: event.hasPrefix("fullscreen.") || event.hasPrefix("rewarded.")
    }
  }

  private static func metadata(_ kind: String, track: Int?, name: String) -> String {
    "{\"name\":\"\(kind)\",\"ph\":\"M\",\"pid\":\(processID)" + (track.map { ",\"tid\":\($0)" } ?? "")
      + ",\"args\":{\"name\":\(TraceValue.quoted(name))}}"
  }

  private static func duration(_ phase: String, name: String, time: Double, track: Int) -> String {
    "{\"name\":\(name),\"ph\":\"\(phase)\",\"ts\":\(micros(time)),\"pid\":\(processID),\"tid\":\(track)}"
  }

  /// Host seconds as whole microseconds.
  static func micros(_ seconds: Double) -> Int { Int((seconds * 1_000_000).rounded()) }
}
