import Foundation
import IntermissionTestSupport
import Testing

/// A C game that dies inside its `on_event` handler of `video.completed` (it calls `abort()`), built
/// with `cc` against the C API's library: the reward was recorded before the game heard of the
/// completion, so its next launch delivers it, once, and the launch after that nothing.
@Suite("A C game aborting at video.completed")
struct RewardAbortTests {
  /// The game: headless, deterministic, 60 steps a second on a fixed step; it shows the rewarded
  /// video as soon as it is ready (when told to), aborts at the event named by `ABORT_ON`, prints
  /// each reward, and ends after its frames with a count of them.
  static let game = #"""
    #include <SDL.h>
    #include <intermission.h>
    #include <stdio.h>
    #include <stdlib.h>
    #include <string.h>

    static int rewards = 0;

    static void on_event(const char *event, const char *json, void *user)
    {
        (void)json;
        (void)user;
        const char *abort_on = getenv("ABORT_ON");
        if (abort_on && strcmp(event, abort_on) == 0) abort();
    }

    static void on_reward(const char *type, long long amount, const char *transaction_id, void *user)
    {
        (void)user;
        rewards++;
        printf("reward %s %lld %s\n", type, amount, transaction_id);
        fflush(stdout);
    }

    /* usage: game MANIFEST BEACONS TRACE FRAMES SHOW(0|1) */
    int main(int argc, char **argv)
    {
        if (argc != 6) return 2;
        SDL_SetHint(SDL_HINT_VIDEODRIVER, "offscreen");
        SDL_SetHint(SDL_HINT_RENDER_DRIVER, "software");
        SDL_SetHint(SDL_HINT_FRAMEBUFFER_ACCELERATION, "0");
        if (SDL_Init(SDL_INIT_VIDEO) != 0) return 10;
        SDL_Window *window = SDL_CreateWindow("c game", 0, 0, 800, 600, 0);
        if (!window) return 11;
        SDL_Renderer *renderer = SDL_CreateRenderer(window, -1, 0);
        if (!renderer) return 12;
        intermission_config config = INTERMISSION_CONFIG_INIT;
        config.manifest_path = argv[1];
        config.beacons_path = argv[2];
        config.trace_path = argv[3];
        config.deterministic = 1;
        config.latency = 0;
        config.on_event = on_event;
        config.on_reward = on_reward;
        char error[512] = "";
        intermission_overlay *overlay = intermission_create(renderer, &config, error, sizeof error);
        if (!overlay) {
            fprintf(stderr, "create: %s\n", error);
            return 13;
        }
        int frames = atoi(argv[4]), show = atoi(argv[5]), shown = 0;
        for (int frame = 0; frame < frames; frame++) {
            if (intermission_update(overlay, frame / 60.0) != INTERMISSION_OK) return 14;
            SDL_Event event;
            while (SDL_PollEvent(&event))
                if (intermission_handle_event(overlay, &event) < 0) return 15;
            if (show && !shown && intermission_fullscreen_ready(overlay, "rewarded") == 1) {
                if (intermission_show_rewarded(overlay, "bonus") != INTERMISSION_OK) return 16;
                shown = 1;
            }
            if (SDL_SetRenderDrawColor(renderer, 20, 30, 40, 255) != 0 || SDL_RenderClear(renderer) != 0) return 17;
            if (intermission_draw(overlay) != INTERMISSION_OK) return 18;
            SDL_RenderPresent(renderer);
        }
        printf("rewards %d\n", rewards);
        intermission_destroy(overlay);
        SDL_DestroyRenderer(renderer);
        SDL_DestroyWindow(window);
        SDL_Quit();
        return 0;
    }
    """#

  /// A VAST 4.2 rewarded video of the generated 4 s clip `steps.mp4`.
  static let vast = """
    <?xml version="1.0" encoding="UTF-8"?>
    <VAST version="4.2"><Ad id="rv"><InLine><AdSystem>test</AdSystem><AdTitle>Video</AdTitle>
    <Impression><![CDATA[https://t.example.com/v?e=impression]]></Impression>
    <Creatives><Creative><Linear><Duration>00:00:04</Duration>
    <MediaFiles><MediaFile delivery="progressive" type="video/mp4" width="320" height="180">
    <![CDATA[steps.mp4]]></MediaFile></MediaFiles></Linear></Creative></Creatives></InLine></Ad></VAST>
    """

  @Test func theNextLaunchDeliversTheRewardOnce() throws {
    let runner = try ProgramRunner()
    let library = ProgramRunner.executable.deletingLastPathComponent()
    try #require(
      FileManager.default.fileExists(atPath: library.appendingPathComponent("libintermission-c.so").path),
      "build the library first (swift build): \(library.path)")
    // The game, built as a C game builds against the library.
    let source = try runner.write("game.c", Self.game)
    let include = ProgramRunner.root.appendingPathComponent("Sources/CIntermission/include").path
    let built = try Self.run(
      "/usr/bin/env",
      [
        "sh", "-c",
        "cc -std=c99 -Wall -Wextra -Werror \"$0\" -I \"$1\" $(pkg-config --cflags --libs sdl2) -L \"$2\" "
          + "-lintermission-c -Wl,-rpath,\"$2\" -o \"$3\"",
        source, include, library.path, runner.path("game"),
      ])
    try #require(built.status == 0, "cc: \(built.output)")
    // The ads: a banner and the rewarded video.
    try FileManager.default.copyItem(
      atPath: GeneratedMedia.path("steps.mp4"), toPath: runner.path("steps.mp4"))
    try FileManager.default.copyItem(
      at: ProgramRunner.root.appendingPathComponent("Assets/ads/starfall.png"),
      to: runner.folder.appendingPathComponent("starfall.png"))
    _ = try runner.write("rv.xml", Self.vast)
    let manifest = try runner.write(
      "manifest.json",
      """
      { "ads": [
        { "id": "starfall", "image": "starfall.png", "title": "Starfall Tactics", "action": "in-app" },
        { "id": "rv", "vast": "rv.xml", "title": "Rewarded video", "action": "in-app",
          "format": "rewarded", "reward": {"type": "coins", "amount": 50} }
      ] }
      """)
    let beacons = runner.path("beacons.sqlite")
    func launch(_ number: Int, frames: Int, show: Bool, abortOn: String?) throws -> (status: Int32, output: String) {
      try Self.run(
        runner.path("game"), [manifest, beacons, runner.path("\(number).jsonl"), String(frames), show ? "1" : "0"],
        environment: ["ABORT_ON": abortOn, "SDL_AUDIODRIVER": "dummy"])
    }

    // Launch 1: the video plays to its end (frame 60 + 240) and the game dies in its handler.
    let first = try launch(1, frames: 600, show: true, abortOn: "video.completed")
    #expect(first.status == 128 + SIGABRT, "ended by abort(): \(first.output)")
    let killed = try runner.traceLines("1.jsonl")
    #expect(killed.contains { $0.contains(#""event":"video.completed""#) }, "\(killed.suffix(5))")
    #expect(!killed.contains { $0.contains(#""event":"rewarded.earned""#) }, "never handed over")
    #expect(!first.output.contains("reward "))

    // Launch 2 hands the recorded reward over, once; launch 3 has nothing left.
    let second = try launch(2, frames: 5, show: false, abortOn: nil)
    #expect(second.status == 0, "\(second.output)")
    let delivered = second.output.split(separator: "\n").filter { $0.hasPrefix("reward ") }
    #expect(delivered.count == 1 && delivered.first?.hasPrefix("reward coins 50 ") == true, "\(second.output)")
    #expect(second.output.contains("rewards 1\n"), "\(second.output)")
    let third = try launch(3, frames: 5, show: false, abortOn: nil)
    #expect(third.status == 0 && third.output.contains("rewards 0\n"), "\(third.output)")
  }

  /// Runs `path` with `arguments` to its end (at most 120 s; then it is killed and the test fails).
  /// - Returns: its status (128 + the signal that ended it) and its output and errors together.
  static func run(_ path: String, _ arguments: [String], environment: [String: String?] = [:]) throws
    -> (status: Int32, output: String)
  {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: path)
    process.arguments = arguments
    var merged = ProcessInfo.processInfo.environment
    for (name, value) in environment { merged[name] = value }
    process.environment = merged
    let pipe = Pipe()
    process.standardOutput = pipe
    process.standardError = pipe
    try process.run()
    let pid = process.processIdentifier
    let watchdog = DispatchWorkItem {
      Issue.record("\(path) hung for 120 s; killed")
      kill(pid, SIGKILL)
    }
    DispatchQueue.global().asyncAfter(deadline: .now() + 120, execute: watchdog)
    defer { watchdog.cancel() }
    let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    let status =
      process.terminationReason == .uncaughtSignal ? 128 + process.terminationStatus : process.terminationStatus
    return (status, output)
  }
}
