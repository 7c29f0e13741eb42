import IntermissionCore
import Testing

@Suite("Trace")
struct TraceTests {
  @Test func writesOneJSONObjectPerLineWithFrameTimeAndEvent() {
    let output = MemoryTraceOutput()
    let trace = Trace(output: output)
    trace.frame = 61
    trace.time = 61.0 / 60
    trace.emit(.gamePaused, ["reason": .string("user")])
    trace.record(.sceneEntered(name: "Menu \"main\""))
    trace.emit(.actionBegan, ["id": .string("a"), "willLeave": .bool(false), "n": .int(-3)])
    #expect(
      output.lines == [
        #"{"frame":61,"time":1.016667,"event":"game.paused","reason":"user"}"#,
        #"{"frame":61,"time":1.016667,"event":"scene.entered","name":"Menu \"main\""}"#,
        #"{"frame":61,"time":1.016667,"event":"action.began","id":"a","willLeave":false,"n":-3}"#,
      ])
  }

  @Test func escapesControlCharactersAndBackslashes() {
    #expect(TraceValue.quoted("a\\b\n\t\u{01}é") == #""a\\b\n\t\u0001é""#)
  }

  @Test func formatsSecondsWithSixDecimals() {
    #expect(TraceValue.fixedMicroseconds(0) == "0.000000")
    #expect(TraceValue.fixedMicroseconds(2.5) == "2.500000")
    #expect(TraceValue.fixedMicroseconds(1.0 / 3) == "0.333333")
    #expect(TraceValue.fixedMicroseconds(-0.25) == "-0.250000")
    #expect(TraceValue.fixedMicroseconds(.infinity) == "null")
  }

  @Test func disabledTraceWritesNothing() {
    let output = MemoryTraceOutput()
    let trace = Trace(output: output)
    trace.isEnabled = false
    trace.emit(TraceEvent("x"), ["k": .string("v")])
    trace.record(.paused(reason: .user))
    #expect(output.lines.isEmpty)
    trace.isEnabled = true
    trace.emit(TraceEvent("x"))
    #expect(output.lines.count == 1, "enabled again, it writes: the check above can fail")
    let none = Trace(output: nil)
    none.isEnabled = true
    #expect(!none.isEnabled, "without an output a trace stays disabled")
  }

}
