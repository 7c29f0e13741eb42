import Foundation
import Glibc
import IntermissionAds
import IntermissionBasics
import IntermissionCore
import IntermissionNet
import IntermissionTestSupport
import Testing

/// Video media in the HTTP cache: streamed to disk with flat memory, pinned while its ad is ready,
/// checked against its hash before use, and kept in a folder no one else controls.
@Suite("Video media in the cache")
struct MediaCacheTests {
  /// A copy of `Assets/ads` in `runner`'s folder `name`, with `bonus-coins.mp4` grown to `bytes`
  /// by a `free` box at its end (which players skip), and VAST files `a.xml` and `b.xml` whose
  /// media files are `a.mp4` and `b.mp4`, copies of it.
  static func www(_ runner: ProgramRunner, _ name: String, mediaBytes bytes: Int) throws -> URL {
    let folder = try ShippedManifest.copy(runner, name)
    let media = folder.appendingPathComponent("bonus-coins.mp4")
    var data = try Data(contentsOf: media)
    let padding = bytes - data.count
    var header = UInt32(padding).bigEndian
    data.append(Data(bytes: &header, count: 4))
    data.append(contentsOf: Array("free".utf8))
    data.append(Data(count: padding - 8))
    try data.write(to: media)
    let vast = try String(contentsOf: folder.appendingPathComponent("bonus-coins.xml"), encoding: .utf8)
    for copy in ["a", "b"] {
      try data.write(to: folder.appendingPathComponent(copy + ".mp4"))
      try vast.replacingOccurrences(of: "bonus-coins.mp4", with: copy + ".mp4").write(
        to: folder.appendingPathComponent(copy + ".xml"), atomically: true, encoding: .utf8)
    }
    return folder
  }

  /// The peak memory of a 3 s run that downloads the Bonus video, `mediaBytes` long, and makes its
  /// ad ready (the file probed, its first picture decoded).
  static func peakKiB(loadingMediaOf mediaBytes: Int) throws -> Int {
    let runner = try ProgramRunner()
    let nginx = try NginxServer(root: try www(runner, "www", mediaBytes: mediaBytes))
    let program = try SpawnedProgram(
      ProgramRunner.executable.path,
      [
        "--headless", "--fixed-step", "--no-audio", "--ads", nginx.url("manifest.json"), "--seconds", "3",
        "--trace", runner.path("t.jsonl"),
      ],
      environment: [
        "SDL_AUDIODRIVER": "dummy", "XDG_CACHE_HOME": runner.path("cache"), "XDG_DATA_HOME": runner.path("data"),
      ])
    let outcome = program.wait()
    #expect(outcome.exitCode == 0)
    let trace = try runner.traceLines("t.jsonl")
    #expect(trace.contains { $0.contains(#""event":"ad.loaded""#) && $0.contains("bonus") }, "\(trace.suffix(20))")
    #expect(nginx.requests.contains("GET /bonus-coins.mp4 200"), "\(nginx.requests)")
    return outcome.peakKiB
  }

  @Test func aFortyMebibyteMediaFileCostsUnderEightMebibytesToDownload() throws {
    guard RobustnessTests.measuresMemory else { return }
    // The same load, of the same video, from a 2 MiB and from a 40 MiB file (measured in a child
    // process, from /proc): the download streams to the cache, so the larger file costs the
    // process no more than a fixed buffer. (Two runs of one size differ by about 1 MiB.)
    let small = try Self.peakKiB(loadingMediaOf: 2 << 20)
    let large = try Self.peakKiB(loadingMediaOf: 40 << 20)
    #expect(large - small < 8 * 1024, "peak RSS \(small) KiB with 2 MiB of media, \(large) KiB with 40 MiB")
  }

  /// A rewarded creative that plays the VAST file `name` from `nginx`, loaded through `cache`.
  static func load(_ name: String, from nginx: NginxServer, cache: HTTPCache) -> Result<LoadedAd, AdError> {
    var creative = AdCreative(id: name, imagePath: "", title: name, action: .inApp)
    creative.format = .rewarded
    let ads = RemoteVideoAds(client: HTTPClient(), cache: cache, origin: WebURL(nginx.url("manifest.json")))
    return ads.loadVideo(creative, vastURL: nginx.url(name))
  }

  @Test func aReadyAdsMediaStaysInTheCacheUntilTheAdIsGone() throws {
    let runner = try ProgramRunner()
    let nginx = try NginxServer(root: try Self.www(runner, "www", mediaBytes: 1 << 20))
    // Room for one media file: the second ad's would evict the first's, were it not pinned.
    let cache = HTTPCache(folder: runner.path("cache/http"), capacity: (1 << 20) + (64 << 10))
    var first: LoadedAd? = try Self.load("a.xml", from: nginx, cache: cache).get()
    let path = try #require(first?.creative.video?.mediaPath)
    _ = try Self.load("b.xml", from: nginx, cache: cache).get()
    #expect(FileManager.default.fileExists(atPath: path), "the ready ad's media file is still there")
    #expect(cache.size > cache.capacity, "over capacity while both are pinned")
    first = nil
    _ = try Self.load("b.xml", from: nginx, cache: cache).get()
    #expect(!FileManager.default.fileExists(atPath: path), "released, it went at the next trim")
    #expect(first == nil)
  }

  @Test func aCachedMediaFileThatChangedIsFetchedAgain() throws {
    let runner = try ProgramRunner()
    let nginx = try NginxServer(root: try Self.www(runner, "www", mediaBytes: 1 << 20))
    let cache = HTTPCache(folder: runner.path("cache/http"))
    let path = try #require(try Self.load("a.xml", from: nginx, cache: cache).get().creative.video?.mediaPath)
    // The same length, one byte changed: a length check alone would play it.
    let handle = try #require(FileHandle(forUpdatingAtPath: path))
    try handle.seek(toOffset: 100)
    let byte = try #require(try handle.read(upToCount: 1)).first!
    try handle.seek(toOffset: 100)
    try handle.write(contentsOf: [byte ^ 0xFF])
    try handle.close()
    let again = try Self.load("a.xml", from: nginx, cache: cache).get()
    #expect(nginx.requests.filter { $0 == "GET /a.mp4 200" }.count == 2, "\(nginx.requests)")
    let served = try Data(contentsOf: URL(fileURLWithPath: runner.path("www/a.mp4")))
    #expect(try Data(contentsOf: URL(fileURLWithPath: again.creative.video!.mediaPath)) == served)
  }

  @Test func aCacheFolderOwnedBySomeoneElseOrALinkIsRefused() throws {
    let runner = try ProgramRunner()
    let body = [UInt8](repeating: 1, count: 100)
    // Someone else's folder (as another user could make /tmp/intermission-UID before us).
    let foreign = runner.path("foreign")
    try FileManager.default.createDirectory(atPath: foreign, withIntermediateDirectories: false)
    let otherUser: uid_t = geteuid() == 0 ? 65534 : 0
    if geteuid() == 0 {
      #expect(chown(foreign, otherUser, gid_t(otherUser)) == 0)
      let cache = HTTPCache(folder: foreign)
      cache.store(body, etag: nil, for: "http://x/1")
      #expect(cache.entry(for: "http://x/1", maximumBytes: 1000) == nil)
      #expect(try FileManager.default.contentsOfDirectory(atPath: foreign).isEmpty)
    }
    // A link to a folder elsewhere.
    let elsewhere = runner.path("elsewhere")
    try FileManager.default.createDirectory(atPath: elsewhere, withIntermediateDirectories: false)
    try FileManager.default.createSymbolicLink(atPath: runner.path("link"), withDestinationPath: elsewhere)
    let linked = HTTPCache(folder: runner.path("link"))
    linked.store(body, etag: nil, for: "http://x/1")
    #expect(linked.entry(for: "http://x/1", maximumBytes: 1000) == nil)
    #expect(try FileManager.default.contentsOfDirectory(atPath: elsewhere).isEmpty)
    // A folder the cache makes is this user's alone.
    let made = HTTPCache(folder: runner.path("made/http"))
    made.store(body, etag: nil, for: "http://x/1")
    #expect(made.entry(for: "http://x/1", maximumBytes: 1000)?.body == body)
    var status = stat()
    #expect(stat(runner.path("made/http"), &status) == 0 && status.st_mode & 0o777 == 0o700)
  }

  @Test func aTemporaryFileNeverFollowsALink() throws {
    let runner = try ProgramRunner()
    let folder = runner.path("cache")
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: false)
    #expect(chmod(folder, 0o700) == 0)
    let victim = runner.path("victim")
    try Data("untouched".utf8).write(to: URL(fileURLWithPath: victim))
    // The name the cache writes `http://x/1`'s body under first, planted as a link to the victim.
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    for byte in "http://x/1".utf8 { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
    let hex = String(hash, radix: 16)
    let key = String(repeating: "0", count: 16 - hex.count) + hex
    try FileManager.default.createSymbolicLink(
      atPath: "\(folder)/\(key).body.tmp\(getpid())", withDestinationPath: victim)
    let cache = HTTPCache(folder: folder)
    cache.store(Array("payload".utf8), etag: nil, for: "http://x/1")
    #expect(try String(contentsOfFile: victim, encoding: .utf8) == "untouched")
    #expect(cache.entry(for: "http://x/1", maximumBytes: 100)?.body == Array("payload".utf8))
  }
}
