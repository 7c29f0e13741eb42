import Foundation
import IntermissionNet
import IntermissionSDL
import IntermissionTestSupport
import Testing

/// Ads over HTTP(S) from real servers on 127.0.0.1, which the tests start and stop: Debian's nginx
/// as the CDN, and the fault-injecting collector where a server must misbehave on demand.
@Suite("Ads over HTTP", .serialized)
struct HTTPDeliveryTests {
  static let headless = ["--headless", "--fixed-step", "--no-audio"]

  /// A copy of the shipped ads in the runner's folder `name`, with `manifest` as the manifest if
  /// given (else the shipped banners only, or every shipped entry with `fullscreen`), and more `files`.
  func adFolder(
    _ runner: ProgramRunner, _ name: String = "www", manifest: String? = nil, fullscreen: Bool = false,
    files: [String: Data] = [:]
  ) throws -> URL {
    let folder = try ShippedManifest.copy(runner, name)
    if let manifest = try manifest ?? (fullscreen ? nil : ShippedManifest.bannersOnly()) {
      try Data(manifest.utf8).write(to: folder.appendingPathComponent("manifest.json"))
    }
    for (file, data) in files { try data.write(to: folder.appendingPathComponent(file)) }
    return folder
  }

  /// Runs the program for `seconds` of fixed-step time with `arguments`, tracing to `trace`.
  func run(_ runner: ProgramRunner, _ arguments: [String], seconds: Double = 2, trace: String = "t.jsonl")
    throws -> ProgramRunner.Result
  {
    try runner.run(Self.headless + ["--seconds", String(seconds), "--trace", runner.path(trace)] + arguments)
  }

  func failure(_ runner: ProgramRunner, trace: String = "t.jsonl") throws -> String? {
    try runner.traceLines(trace).first { $0.contains(#""event":"ad.failed""#) }
  }

  @Test func adsFromNginxGiveTheSameTraceAndPixelsAsTheSameFilesOnDisk() throws {
    let runner = try ProgramRunner()
    let www = try adFolder(runner)
    let nginx = try NginxServer(root: www)
    let overHTTP = try run(
      runner, ["--ads", nginx.url("manifest.json"), "--screenshot", runner.path("http.png")], trace: "http.jsonl")
    let onDisk = try run(
      runner, ["--ads", www.appendingPathComponent("manifest.json").path, "--screenshot", runner.path("disk.png")],
      trace: "disk.jsonl")
    #expect(overHTTP.status == 0 && onDisk.status == 0, "\(overHTTP.stderr)\(onDisk.stderr)")
    let events = try runner.traceEvents("http.jsonl")
    #expect(events.contains("ad.loaded") && events.contains("banner.shown") && events.contains("impression"))
    #expect(try runner.traceLines("http.jsonl") == runner.traceLines("disk.jsonl"), "byte for byte")
    #expect(try runner.image("http.png").samePixels(as: runner.image("disk.png")), "the same banner, pixel for pixel")
    #expect(nginx.requests == ["GET /manifest.json 200", "GET /starfall.png 200"])
    #expect(!overHTTP.stderr.contains("warning"), "\(overHTTP.stderr)")
  }

  @Test func rotationsOverHTTPNeverBlankTheSlot() throws {
    let runner = try ProgramRunner()
    let nginx = try NginxServer(root: try adFolder(runner))
    #expect(try run(runner, ["--ads", nginx.url("manifest.json"), "--refresh", "1"], seconds: 6).status == 0)
    let events = try runner.traceEvents("t.jsonl")
    let loaded = try runner.traceLines("t.jsonl").filter { $0.contains("ad.loaded") }
    #expect(loaded.count >= 4, "\(loaded.count) loads")
    #expect(
      loaded.prefix(3).map { $0.contains("starfall") || $0.contains("tidewater") || $0.contains("blockworks") } == [
        true, true, true,
      ])
    // Each next creative is fetched and decoded before it replaces the shown one: the banner never
    // leaves, and each display ends as "rotated".
    #expect(events.filter { $0 == "banner.shown" }.count == 1 && !events.contains("banner.hidden"))
    #expect(
      try runner.traceLines("t.jsonl").filter { $0.contains("viewable.stop") }.allSatisfy { $0.contains("rotated") })
  }

  @Test func aSecondRunRevalidatesItsCacheWithETags() throws {
    let runner = try ProgramRunner()
    let nginx = try NginxServer(root: try adFolder(runner))
    for trace in ["1.jsonl", "2.jsonl"] {
      #expect(try run(runner, ["--ads", nginx.url("manifest.json")], trace: trace).status == 0)
    }
    #expect(try runner.traceLines("1.jsonl") == runner.traceLines("2.jsonl"))
    #expect(
      nginx.requests == [
        "GET /manifest.json 200", "GET /starfall.png 200", "GET /manifest.json 304", "GET /starfall.png 304",
      ])
    let cache = runner.folder.appendingPathComponent("cache/intermission/http")
    #expect(try FileManager.default.contentsOfDirectory(atPath: cache.path).filter { $0.hasSuffix(".body") }.count == 2)
  }

  @Test func aDamagedCacheEntryIsDroppedAndFetchedAgainNeverServed() throws {
    let runner = try ProgramRunner()
    let nginx = try NginxServer(root: try adFolder(runner))
    let manifestURL = nginx.url("manifest.json")
    #expect(try run(runner, ["--ads", manifestURL], trace: "1.jsonl").status == 0)
    let cache = runner.folder.appendingPathComponent("cache/intermission/http")
    /// The base of the entry whose meta file names `url`.
    func entry(_ url: String) throws -> URL {
      let metas = try FileManager.default.contentsOfDirectory(atPath: cache.path).filter { $0.hasSuffix(".meta") }
      let meta = try #require(
        metas.first {
          (try? String(contentsOf: cache.appendingPathComponent($0), encoding: .utf8))?.hasPrefix(url + "\n") == true
        })
      return cache.appendingPathComponent(String(meta.dropLast(5)))
    }
    // The manifest's body changed in place (same length), the image's truncated.
    let manifest = try entry(manifestURL).appendingPathExtension("body")
    var bytes = try Data(contentsOf: manifest)
    bytes[bytes.count / 2] ^= 0x20
    try bytes.write(to: manifest)
    let image = try entry(nginx.url("starfall.png")).appendingPathExtension("body")
    try Data(try Data(contentsOf: image).prefix(100)).write(to: image)
    #expect(try run(runner, ["--ads", manifestURL], trace: "2.jsonl").status == 0)
    // Then the manifest's meta file is garbage.
    try Data((0..<300).map { UInt8(truncatingIfNeeded: $0 * 37) }).write(
      to: try entry(manifestURL).appendingPathExtension("meta"))
    #expect(try run(runner, ["--ads", manifestURL], trace: "3.jsonl").status == 0)
    #expect(try runner.traceLines("1.jsonl") == runner.traceLines("2.jsonl"), "the same ad, from fresh bodies")
    #expect(try runner.traceLines("1.jsonl") == runner.traceLines("3.jsonl"))
    #expect(
      nginx.requests == [
        "GET /manifest.json 200", "GET /starfall.png 200",
        // A 304 for a body found changed: dropped and fetched again; a truncated one is not revalidated.
        "GET /manifest.json 304", "GET /manifest.json 200", "GET /starfall.png 200",
        // Garbage metadata: no ETag is sent.
        "GET /manifest.json 200", "GET /starfall.png 304",
      ])
  }

  @Test func percentEncodedDotSegmentsAreDecodedBeforeTheCheckAndRequestedAsChecked() throws {
    let runner = try ProgramRunner()
    let www = try adFolder(runner)
    let campaign = www.appendingPathComponent("a/b")
    try FileManager.default.createDirectory(at: campaign, withIntermediateDirectories: true)
    let nginx = try NginxServer(root: www)
    func manifest(_ image: String) throws -> String {
      try Data(#"{"ads":[{"id":"x","image":"\#(image)","title":"X","action":"in-app"}]}"#.utf8)
        .write(to: campaign.appendingPathComponent("manifest.json"))
      return nginx.url("a/b/manifest.json")
    }
    // Inside the root once decoded: requested as the normalised path, never with its %2e.
    for (index, image) in ["%2e%2e/%2e%2e/starfall.png", ".%2e/%2E%2E/starfall.png"].enumerated() {
      #expect(try run(runner, ["--ads", manifest(image)], trace: "in\(index).jsonl").status == 0)
      #expect(try runner.traceEvents("in\(index).jsonl").contains("ad.loaded"), "\(image)")
    }
    #expect(
      nginx.requests == [
        "GET /a/b/manifest.json 200", "GET /starfall.png 200", "GET /a/b/manifest.json 200", "GET /starfall.png 304",
      ])
    // Above the root once decoded, or an encoded slash: refused, and never requested.
    for (index, image) in ["%2e%2e/%2e%2e/%2e%2e/starfall.png", "..%2f..%2fstarfall.png", "..%5Cstarfall.png"]
      .enumerated()
    {
      #expect(try run(runner, ["--ads", manifest(image)], trace: "out\(index).jsonl").status == 0)
      #expect(
        try failure(runner, trace: "out\(index).jsonl")?.contains("is not a URL on the manifest's origin") == true,
        "\(image)")
    }
    #expect(nginx.requests.dropFirst(4).allSatisfy { $0 == "GET /a/b/manifest.json 200" }, "\(nginx.requests)")
  }

  @Test func aURLThatLibcurlReadsOtherwiseThanTheChecksIsRefused() throws {
    // 2130706433 is 127.0.0.1 to libcurl, and a host name to the checks: not requested at all.
    let collector = try CollectorServer()
    let outcome = HTTPClient().get("http://2130706433:\(collector.port)/x", maximumBytes: 100, redirects: .anyWebURL)
    guard case .failure(.other(let reason)) = outcome else {
      Issue.record("requested: \(outcome)")
      return
    }
    #expect(
      reason.contains("libcurl reads the URL http://2130706433:\(collector.port)/x as http://127.0.0.1"), "\(reason)")
    #expect(collector.requests.isEmpty)
  }

  @Test func noFillIsA204() throws {
    let runner = try ProgramRunner()
    let nginx = try NginxServer(root: try adFolder(runner), locations: "location = /nofill { return 204; }")
    #expect(try run(runner, ["--ads", nginx.url("nofill")]).status == 0)
    #expect(try failure(runner)?.contains(#""error":"no-fill""#) == true)
    #expect(try !runner.traceEvents("t.jsonl").contains("banner.shown"))
  }

  @Test func aMissingManifestIsA404AndTheBannerStaysHidden() throws {
    let runner = try ProgramRunner()
    let nginx = try NginxServer(root: try adFolder(runner))
    let result = try run(runner, ["--ads", nginx.url("gone.json")])
    #expect(result.status == 0)
    let failed = try failure(runner) ?? ""
    #expect(failed.contains("gone.json: HTTP 404"), "\(failed)")
    #expect(try !runner.traceEvents("t.jsonl").contains("banner.shown"))
    #expect(result.stderr.contains("warning: ads: \(nginx.url("gone.json")): "), "\(result.stderr)")

    // A missing image is its status too, not its error page's content.
    let manifest = #"{"ads":[{"id":"g","image":"gone.png","title":"G","action":"in-app"}]}"#
    let images = try NginxServer(root: try adFolder(runner, "images", manifest: manifest))
    #expect(try run(runner, ["--ads", images.url("manifest.json")], trace: "image.jsonl").status == 0)
    let image = try failure(runner, trace: "image.jsonl") ?? ""
    #expect(image.contains("gone.png: HTTP 404"), "\(image)")
  }

  @Test func aSlowServerTimesOutAndServesNothing() throws {
    let runner = try ProgramRunner()
    let server = try CollectorServer(root: try adFolder(runner), mode: "slow:4")
    #expect(try run(runner, ["--ads", server.url("manifest.json"), "--ads-timeout", "1"]).status == 0)
    let failed = try failure(runner) ?? ""
    #expect(failed.contains("timed out"), "\(failed)")
    #expect(try !runner.traceEvents("t.jsonl").contains("banner.shown"))
  }

  @Test func quittingDuringASlowTransferDoesNotWaitForIt() throws {
    let runner = try ProgramRunner()
    let server = try CollectorServer(root: try adFolder(runner), mode: "slow:30")
    // The real clock: the run ends at 1 s while the manifest's transfer would take 30 s. The
    // runner's watchdog fails the test if the program waits for it.
    let result = try runner.run(
      ["--headless", "--no-audio", "--seconds", "1", "--ads", server.url("manifest.json"), "--ads-timeout", "60"],
      timeout: 20)
    #expect(result.status == 0)
    #expect(server.requests.count == 1)
  }

  @Test func theCacheKeepsToItsCapacityLeastRecentlyUsedFirst() throws {
    let runner = try ProgramRunner()
    let cache = HTTPCache(folder: runner.path("c/http"), capacity: 3000)
    let kilobyte = [UInt8](repeating: 7, count: 1000)
    cache.store(kilobyte, etag: "\"1\"", for: "http://x/1")
    usleep(20_000)
    cache.store(kilobyte, etag: nil, for: "http://x/2")
    usleep(20_000)
    #expect(cache.entry(for: "http://x/1", maximumBytes: 5000)?.etag == "\"1\"", "used: now the newest")
    usleep(20_000)
    cache.store(kilobyte, etag: nil, for: "http://x/3")
    #expect(cache.size <= 3000, "\(cache.size)")
    #expect(cache.entry(for: "http://x/2", maximumBytes: 5000) == nil, "the least recently used went")
    #expect(cache.entry(for: "http://x/1", maximumBytes: 5000)?.body == kilobyte)
    #expect(cache.entry(for: "http://x/3", maximumBytes: 5000) != nil)
    #expect(cache.entry(for: "http://x/3", maximumBytes: 999) == nil, "an entry over the caller's limit is a miss")
  }

  @Test func bodiesOverTheirLimitsAreStoppedWhileTheyStream() throws {
    let runner = try ProgramRunner()
    // A 2 MiB manifest from nginx (whose Content-Length says so), and an image that never ends.
    let nginx = try NginxServer(
      root: try adFolder(runner, files: ["big.json": Data(repeating: 0x20, count: 2 << 20)]))
    #expect(try run(runner, ["--ads", nginx.url("big.json")], trace: "big.jsonl").status == 0)
    let big = try failure(runner, trace: "big.jsonl") ?? ""
    #expect(big.contains("larger than 1048576 bytes"), "\(big)")

    let endless = try CollectorServer()
    let manifest =
      #"{"ads":[{"id":"e","image":"http://127.0.0.1:\#(endless.port)/e.png","title":"E","action":"in-app"}]}"#
    let www = try adFolder(runner, "endless", manifest: manifest)
    let server = try NginxServer(root: www)
    endless.mode = "endless"
    // The image is on another origin: refused before any transfer.
    #expect(try run(runner, ["--ads", server.url("manifest.json")], trace: "other.jsonl").status == 0)
    #expect(try failure(runner, trace: "other.jsonl")?.contains("is not a URL on the manifest's origin") == true)
    #expect(endless.requests.isEmpty, "nothing was fetched from another host")

    try Data(#"{"ads":[{"id":"e","image":"e.png","title":"E","action":"in-app"}]}"#.utf8).write(
      to: www.appendingPathComponent("manifest.json"))
    // The manifest as usual, and an image whose body never ends.
    let sameOrigin = try CollectorServer(root: www, mode: "endless:/e.png")
    let manifestURL = sameOrigin.url("manifest.json")
    #expect(try run(runner, ["--ads", manifestURL], trace: "endless.jsonl").status == 0)
    let failed = try failure(runner, trace: "endless.jsonl") ?? ""
    #expect(failed.contains("larger than 16777216 bytes; the transfer was stopped"), "\(failed)")
  }

  @Test func anImageBombIsRefusedFromItsFirstBytes() throws {
    let runner = try ProgramRunner()
    // A PNG header declaring 100000 x 100000 pixels, then nothing.
    var bomb: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13]
    bomb += Array("IHDR".utf8) + [0, 1, 0x86, 0xA0, 0, 1, 0x86, 0xA0, 8, 6, 0, 0, 0, 0, 0, 0, 0]
    let manifest = #"{"ads":[{"id":"bomb","image":"bomb.png","title":"B","action":"in-app"}]}"#
    let nginx = try NginxServer(root: try adFolder(runner, manifest: manifest, files: ["bomb.png": Data(bomb)]))
    #expect(try run(runner, ["--ads", nginx.url("manifest.json")]).status == 0)
    let failed = try failure(runner) ?? ""
    #expect(failed.contains("PNG declares 100000x100000 pixels"), "\(failed)")
  }

  @Test func redirectsToAnotherHostAreRefused() throws {
    let runner = try ProgramRunner()
    let nginx = try NginxServer(
      root: try adFolder(runner),
      locations: """
        location = /moved { return 302 http://localhost:PORT/manifest.json; }
        location = /here { return 302 /manifest.json; }
        location = /file { return 302 file:///etc/passwd; }
        """)
    #expect(try run(runner, ["--ads", nginx.url("moved")], trace: "moved.jsonl").status == 0)
    let moved = try failure(runner, trace: "moved.jsonl") ?? ""
    #expect(moved.contains("redirect refused: to http://localhost:\(nginx.port), another origin"), "\(moved)")
    #expect(try run(runner, ["--ads", nginx.url("file")], trace: "file.jsonl").status == 0)
    #expect(try failure(runner, trace: "file.jsonl")?.contains("redirect refused") == true)
    #expect(try run(runner, ["--ads", nginx.url("here")], trace: "here.jsonl").status == 0)
    #expect(try runner.traceEvents("here.jsonl").contains("ad.loaded"), "a redirect on the same origin is followed")
    #expect(!nginx.requests.contains { $0.hasPrefix("GET /etc") })
  }

  @Test func aCertificateTheClientDoesNotTrustIsRefusedAndOneFromItsCAIsTaken() throws {
    let runner = try ProgramRunner()
    let (certificate, key) = try makeLoopbackCertificate(in: runner.folder)
    let nginx = try NginxServer(root: try adFolder(runner), certificate: (certificate, key))
    #expect(try run(runner, ["--ads", nginx.url("manifest.json")], trace: "untrusted.jsonl").status == 0)
    let refused = try failure(runner, trace: "untrusted.jsonl") ?? ""
    #expect(refused.contains("TLS failed"), "\(refused)")
    #expect(try !runner.traceEvents("untrusted.jsonl").contains("banner.shown"))
    #expect(try run(runner, ["--ads", nginx.url("manifest.json"), "--ads-ca", certificate]).status == 0)
    #expect(try runner.traceEvents("t.jsonl").contains("banner.shown"), "trusted through --ads-ca")
  }

  @Test func offlineTheLastGoodCachedAdsServeThenTheHouseAds() throws {
    let runner = try ProgramRunner()
    var nginx: NginxServer? = try NginxServer(root: try adFolder(runner))
    let url = nginx!.url("manifest.json")
    #expect(try run(runner, ["--ads", url], trace: "online.jsonl").status == 0)
    nginx = nil  // the server is gone
    #expect(try run(runner, ["--ads", url], trace: "cached.jsonl").status == 0)
    #expect(try runner.traceLines("cached.jsonl").contains { $0.contains(#""id":"starfall","source":"cache""#) })
    let house = try adFolder(
      runner, "house",
      manifest: #"{"ads":[{"id":"house","image":"tidewater.png","title":"House","action":"in-app"}]}"#)
    let fallback = ["--fallback-ads", house.appendingPathComponent("manifest.json").path]
    let empty = ["XDG_CACHE_HOME": runner.path("empty-cache")]
    let result = try runner.run(
      Self.headless + ["--seconds", "2", "--trace", runner.path("house.jsonl"), "--ads", url] + fallback,
      environment: empty)
    #expect(result.status == 0)
    #expect(try runner.traceLines("house.jsonl").contains { $0.contains(#""id":"house","source":"fallback""#) })
    #expect(try run(runner, ["--ads", url], trace: "none.jsonl").status == 0)
    #expect(try failure(runner, trace: "none.jsonl") == nil, "the cache still serves")
    let bare = try runner.run(
      Self.headless + ["--seconds", "2", "--trace", runner.path("bare.jsonl"), "--ads", url], environment: empty)
    #expect(bare.status == 0)
    #expect(try failure(runner, trace: "bare.jsonl")?.contains("unreachable") == true)
  }

  @Test func scriptsAdServerServesTheShippedAdsToTheProgram() throws {
    let runner = try ProgramRunner()
    let server = Process()
    // Started with the stop signals unblocked (a child inherits the test process's mask), so that
    // SIGTERM reaches the script, whose trap stops nginx.
    server.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    server.arguments = [
      "python3", "-c",
      "import os, signal, sys; signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGTERM, signal.SIGINT}); "
        + "os.execv(sys.argv[1], sys.argv[1:])",
      ProgramRunner.root.appendingPathComponent("scripts/ad-server").path,
    ]
    let output = Pipe()
    server.standardOutput = output
    server.standardError = FileHandle.nullDevice
    try server.run()
    var printed = ""
    while !(printed.contains("scripts/demo --ads ") && printed.hasSuffix("\n")),
      let line = try output.fileHandleForReading.read(upToCount: 1)
    {
      if line.isEmpty { break }
      printed += String(decoding: line, as: UTF8.self)
    }
    let url = printed.components(separatedBy: "scripts/demo --ads ").last?.split(separator: "\n").first.map(String.init)
    let port = url.flatMap { $0.split(separator: ":").last?.split(separator: "/").first }.flatMap { Int($0) }
    try #require(url != nil && port != nil, "ad-server printed: \(printed)")
    let deadline = Date().addingTimeInterval(10)
    while !isListening(port: port!) && Date() < deadline { usleep(20_000) }
    #expect(try run(runner, ["--ads", url!]).status == 0)
    #expect(try runner.traceLines("t.jsonl").contains { $0.contains(#""event":"ad.loaded","id":"starfall"}"#) })
    server.terminate()
    server.waitUntilExit()
    #expect(!isListening(port: port!), "nginx stopped with the script")
  }

  @Test func adOptionsAreCheckedBeforeAWindowOpens() throws {
    let runner = try ProgramRunner()
    let cases: [([String], String)] = [
      (["--ads", "ftp://example.com/manifest.json"], "--ads expects a file path or an http or https URL"),
      (["--ads", "file:///etc/passwd"], "--ads expects a file path or an http or https URL"),
      (["--ads-ca", runner.path("missing.pem")], "cannot read --ads-ca file"),
      (["--fallback-ads", runner.path("house.json")], "--fallback-ads needs --ads with an http or https URL"),
      (["--no-ads", "--beacons", runner.path("b.sqlite")], "--no-ads cannot be combined with --beacons"),
      (["--ads-timeout", "0"], "--ads-timeout expects a number from 0.1 to 120"),
      (["--beacons", runner.path("fifo")], "cannot use --beacons file"),
      (["--beacons", runner.folder.path], "not a regular file (a folder)"),
    ]
    #expect(mkfifo(runner.path("fifo"), 0o644) == 0)
    for (arguments, message) in cases {
      let result = try runner.run(Self.headless + ["--frames", "1"] + arguments)
      #expect(result.status == 2, "\(arguments)")
      #expect(result.stderr.contains(message), "\(arguments): \(result.stderr)")
    }
  }
}
