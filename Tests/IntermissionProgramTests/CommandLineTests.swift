import Foundation
import IntermissionTestSupport
import Testing

@Suite("Command line, as a process")
struct CommandLineTests {
  @Test func helpPrintsTheUsage() throws {
    let runner = try ProgramRunner()
    let result = try runner.run(["--help"])
    #expect(result.status == 0)
    #expect(result.stdout.contains("Usage: intermission"))
    #expect(result.stdout.contains("--fixed-step"))
  }

  @Test func badArgumentsExitWith2AndSayWhatWasWrong() throws {
    let runner = try ProgramRunner()
    let result = try runner.run(["--headless", "--size", "big"])
    #expect(result.status == 2)
    #expect(result.stderr.contains("--size expects WxH"), "\(result.stderr)")
  }

  @Test func badScriptLineIsRejectedBeforeAnyWindowWithFileAndLine() throws {
    let runner = try ProgramRunner()
    let script = try runner.write("bad.txt", "# fine\n0.5 click 10 10\n1.0 key NoSuchKey\n")
    let result = try runner.run([
      "--headless", "--fixed-step", "--frames", "5", "--script", script, "--trace", runner.path("t.jsonl"),
    ])
    #expect(result.status == 2)
    #expect(result.stderr.contains("\(script):3: unknown key name 'NoSuchKey'"), "\(result.stderr)")
    #expect(!FileManager.default.fileExists(atPath: runner.path("t.jsonl")), "it stopped before opening anything")
  }

  @Test func missingScriptFileIsNamed() throws {
    let runner = try ProgramRunner()
    let result = try runner.run(["--headless", "--script", "/nonexistent/script.txt"])
    #expect(result.status == 2)
    #expect(result.stderr.contains("cannot read script file /nonexistent/script.txt (--script): no such file"))
  }

  @Test func missingFontIsAClearErrorNotACrash() throws {
    let runner = try ProgramRunner()
    let result = try runner.run(
      ["--headless", "--frames", "1"], environment: ["INTERMISSION_FONT": "/nonexistent/font.ttf"])
    #expect(result.status == 1)
    #expect(
      result.stderr.contains("font file '/nonexistent/font.ttf' (INTERMISSION_FONT): no such file"), "\(result.stderr)")
    let explicit = try runner.run(["--headless", "--frames", "1", "--font", "/nope.ttf"])
    #expect(explicit.status == 1)
    #expect(explicit.stderr.contains("font file '/nope.ttf' (--font): no such file"))
  }

  @Test func unusableFontFileIsAClearError() throws {
    let runner = try ProgramRunner()
    let font = try runner.write("broken.ttf", "not a font")
    let result = try runner.run(["--headless", "--frames", "1", "--font", font])
    #expect(result.status == 1)
    #expect(result.stderr.contains("--font \(font): not a usable TrueType font"), "\(result.stderr)")
    #expect(result.stderr.contains("TTF_OpenFont failed"), "SDL_ttf's own reason follows: \(result.stderr)")
  }

  @Test func noDisplayWithoutHeadlessSaysHowToRunHeadless() throws {
    let runner = try ProgramRunner()
    let result = try runner.run(
      ["--frames", "1"], removing: ["DISPLAY", "WAYLAND_DISPLAY", "SDL_VIDEODRIVER", "XDG_RUNTIME_DIR"])
    #expect(result.status == 1)
    #expect(result.stderr.contains("no display available"), "\(result.stderr)")
    #expect(result.stderr.contains("--headless"))
    #expect(result.stderr.split(separator: "\n").count == 1, "one clear line")
  }

  @Test func unwritableTraceIsAClearError() throws {
    let runner = try ProgramRunner()
    let result = try runner.run(["--headless", "--frames", "1", "--trace", "/nonexistent/dir/t.jsonl"])
    #expect(result.status == 2)
    #expect(result.stderr.contains("cannot open trace file /nonexistent/dir/t.jsonl"))
  }
}
