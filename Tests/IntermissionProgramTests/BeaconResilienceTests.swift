import Foundation
import IntermissionAds
import IntermissionBasics
import IntermissionNet
import IntermissionTestSupport
import Testing

/// Nothing is lost to the queue's file: a full disk keeps beacons in memory and still delivers
/// them, and a damaged queue (not a database, a foreign schema, malformed while it runs) is moved
/// aside and started afresh, with one warning each. Against the collector on 127.0.0.1, and a
/// small tmpfs that the test mounts (CI runs as root).
@Suite("Beacons on a full disk or a damaged queue", .serialized)
struct BeaconResilienceTests {
  static let headless = ["--headless", "--fixed-step", "--no-audio"]

  /// A tmpfs of `kilobytes` mounted on a fresh folder, unmounted on deinit.
  final class SmallDisk {
    let folder: URL

    init(kilobytes: Int) throws {
      folder = FileManager.default.temporaryDirectory.appendingPathComponent("intermission-disk-\(UUID().uuidString)")
      try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
      let status = try SmallDisk.run("/bin/mount", ["-t", "tmpfs", "-o", "size=\(kilobytes)k", "tmpfs", folder.path])
      guard status == 0 else {
        throw ServerError(description: "mount -t tmpfs failed (\(status)): the test needs root")
      }
    }

    deinit {
      _ = try? SmallDisk.run("/bin/umount", [folder.path])
      try? FileManager.default.removeItem(at: folder)
    }

    /// Fills the disk with one file, `filler`, until a write fails.
    func fill() throws {
      let handle = try FileHandle(forWritingTo: try create("filler"))
      defer { try? handle.close() }
      let block = Data(repeating: 0x5A, count: 4096)
      while (try? handle.write(contentsOf: block)) != nil {}
    }

    /// Frees what `fill` took.
    func free() throws { try FileManager.default.removeItem(at: folder.appendingPathComponent("filler")) }

    private func create(_ name: String) throws -> URL {
      let url = folder.appendingPathComponent(name)
      guard FileManager.default.createFile(atPath: url.path, contents: nil) else {
        throw ServerError(description: "cannot create \(url.path)")
      }
      return url
    }

    static func run(_ tool: String, _ arguments: [String]) throws -> Int32 {
      let process = Process()
      process.executableURL = URL(fileURLWithPath: tool)
      process.arguments = arguments
      process.standardError = FileHandle.nullDevice
      try process.run()
      process.waitUntilExit()
      return process.terminationStatus
    }
  }

  /// A manifest of one in-app ad that reports its impression and click to `collector`.
  func trackedAds(_ runner: ProgramRunner, collector: CollectorServer) throws -> String {
    let shipped = ProgramRunner.root.appendingPathComponent("Assets/ads/starfall.png")
    try FileManager.default.copyItem(at: shipped, to: runner.folder.appendingPathComponent("starfall.png"))
    return try runner.write(
      "manifest.json",
      #"{"ads":[{"id":"starfall","image":"starfall.png","title":"S","action":"in-app","#
        + #""impressionURL":"\#(collector.url("i"))","clickURL":"\#(collector.url("c"))"}]}"#)
  }

  func events(_ runner: ProgramRunner, _ trace: String, _ name: String) throws -> [String] {
    try runner.traceLines(trace).filter { $0.contains(#""event":"\#(name)""#) }
  }

  func warnings(_ stderr: String) -> [String] {
    stderr.split(separator: "\n").map(String.init).filter { $0.contains("warning: beacons:") }
  }

  // MARK: - A full disk

  @Test func onAFullDiskBeaconsAreDeliveredFromMemoryAndTheUserIsToldOnce() throws {
    let runner = try ProgramRunner()
    let collector = try CollectorServer()
    let manifest = try trackedAds(runner, collector: collector)
    let disk = try SmallDisk(kilobytes: 256)
    let queue = disk.folder.appendingPathComponent("beacons.sqlite").path
    // The queue exists (an earlier run made it), then the disk fills up.
    _ = try BeaconStore(path: queue)
    try disk.fill()
    let script = try runner.write("s.txt", "2 click 480 595\n2.5 key Escape\n3 click 480 595\n3.5 key Escape\n")
    let result = try runner.run(
      Self.headless + [
        "--ads", manifest, "--seconds", "4", "--script", script, "--trace", runner.path("t.jsonl"), "--beacons", queue,
      ])
    #expect(result.status == 0, "\(result.stderr)")
    #expect(collector.requests.map(\.path) == ["/i", "/c", "/c"], "delivered although the disk is full")
    #expect(Set(collector.requests.compactMap { $0.query["nonce"] }).count == 3, "a nonce each")
    let sent = try events(runner, "t.jsonl", "beacon.sent")
    #expect(sent.count == 3 && sent.allSatisfy { $0.hasSuffix(#","durable":false}"#) }, "\(sent)")
    #expect(try events(runner, "t.jsonl", "beacon.dropped").isEmpty, "nothing dropped")
    let told = warnings(result.stderr)
    #expect(told.count == 1, "one warning for three beacons: \(told)")
    #expect(told.first?.contains(queue) == true && told.first?.contains("full") == true, "\(told)")
  }

  @Test func aBeaconKeptInMemoryIsRetriedAndRecordingRecoversWhenSpaceReturns() throws {
    let collector = try CollectorServer(mode: "500")
    let disk = try SmallDisk(kilobytes: 256)
    let path = disk.folder.appendingPathComponent("q.sqlite").path
    try disk.fill()
    var told: [String] = []
    let queue = BeaconQueue(
      path: path, client: HTTPClient(), clock: { 1000 }, waitsForAttempts: true, backoff: RetryBackoff(seed: 1),
      warn: { told.append($0) })
    let beacon = Beacon(kind: .impression, adID: "a", url: collector.url("i"), lifetime: 600)
    queue.record(beacon)
    queue.record(beacon)
    var outcomes: [BeaconOutcome] = []
    queue.update(at: 0) { outcomes.append($0) }
    #expect(
      outcomes.map(\.withoutNonce) == [.failed(.impression, adID: "a", reason: "HTTP 500", attempts: 1, durable: false)]
    )
    #expect(told.count == 1 && told[0].contains(path), "\(told)")

    // Space returns: the next beacon is durable again; the ones in memory are still delivered.
    try disk.free()
    queue.record(beacon)
    #expect(try BeaconStore(path: path).count() == 1, "the new beacon is in the file")
    collector.mode = "up"
    queue.update(at: 5) { outcomes.append($0) }
    #expect(
      outcomes.dropFirst().map(\.withoutNonce) == [
        .sent(.impression, adID: "a", status: 204), .sent(.impression, adID: "a", status: 204, durable: false),
        .sent(.impression, adID: "a", status: 204, durable: false),
      ], "recorded at the same time: the file's rows, then memory's, in order: \(outcomes)")
    let nonces = collector.acknowledgedNonces
    #expect(nonces.count == 3 && Set(nonces).count == 3, "each beacon once, with its own nonce")
    let retried = collector.requests.filter { $0.mode == "500" }.compactMap { $0.query["nonce"] }
    #expect(retried.allSatisfy(nonces.contains), "a retry keeps its nonce")
    #expect(queue.queuedCount() == 0 && told.count == 1)
  }

  // MARK: - A damaged queue

  @Test func aQueueThatIsNotADatabaseIsMovedAsideAndAFreshQueueReports() throws {
    let runner = try ProgramRunner()
    let collector = try CollectorServer()
    let manifest = try trackedAds(runner, collector: collector)
    let queue = runner.path("beacons.sqlite")
    let garbage = Data(repeating: 0x41, count: 8192)
    try garbage.write(to: URL(fileURLWithPath: queue))
    try Data("not a wal".utf8).write(to: URL(fileURLWithPath: queue + "-wal"))
    let arguments =
      Self.headless + ["--ads", manifest, "--seconds", "2", "--trace", runner.path("t.jsonl"), "--beacons", queue]
    let result = try runner.run(arguments)
    #expect(result.status == 0)
    let told = warnings(result.stderr)
    #expect(told.count == 1 && told[0].contains("file is not a database") && told[0].contains("moved aside"), "\(told)")
    let aside = try FileManager.default.contentsOfDirectory(atPath: runner.folder.path)
      .filter { $0.hasPrefix("beacons.sqlite.corrupt-") }.sorted()
    let name = try #require(aside.first)
    #expect(name.range(of: #"^beacons\.sqlite\.corrupt-\d{8}T\d{6}Z$"#, options: .regularExpression) != nil, "\(name)")
    #expect(aside == [name, name + "-shm", name + "-wal"], "the WAL and SHM go with it: \(aside)")
    #expect(try Data(contentsOf: runner.folder.appendingPathComponent(name + "-wal")) == Data("not a wal".utf8))
    #expect(try Data(contentsOf: runner.folder.appendingPathComponent(name)) == garbage, "kept as it was")
    #expect(collector.requests.map(\.path) == ["/i"], "the run goes on reporting")
    #expect(try BeaconStore(path: queue).count() == 0)
    // The next launch has nothing to say.
    let again = try runner.run(arguments)
    #expect(warnings(again.stderr).isEmpty, "\(again.stderr)")
  }

  @Test func aQueueWithAForeignSchemaIsMovedAside() throws {
    let runner = try ProgramRunner()
    let path = runner.path("q.sqlite")
    try SQLiteShell.run(path, "CREATE TABLE beacons (x INTEGER); INSERT INTO beacons VALUES (1);")
    var told: [String] = []
    let queue = BeaconQueue(
      path: path, client: HTTPClient(), clock: { 1_800_000_000 }, waitsForAttempts: true, warn: { told.append($0) })
    #expect(
      told.count == 1 && told[0].contains("not a beacon queue")
        && told[0].contains("q.sqlite.corrupt-20270115T080000Z"), "\(told)")
    #expect(FileManager.default.fileExists(atPath: path + ".corrupt-20270115T080000Z"))
    queue.record(Beacon(kind: .click, adID: "a", url: "http://127.0.0.1:9/c", lifetime: 60))
    #expect(try BeaconStore(path: path).count() == 1, "a fresh queue records")
  }

  @Test func aQueueFoundMalformedWhileItRunsIsMovedAsideAndRecordingGoesOn() throws {
    let runner = try ProgramRunner()
    let collector = try CollectorServer(mode: "500")
    let path = runner.path("q.sqlite")
    var told: [String] = []
    let queue = BeaconQueue(
      path: path, client: HTTPClient(), clock: { 1000 }, waitsForAttempts: true, backoff: RetryBackoff(seed: 1),
      warn: { told.append($0) })
    for index in 0..<40 {
      queue.record(Beacon(kind: .impression, adID: "a\(index)", url: collector.url("i"), lifetime: 600))
    }
    var outcomes: [BeaconOutcome] = []
    queue.update(at: 0) { outcomes.append($0) }
    #expect(told.isEmpty)
    // Another connection checkpoints the WAL into the file, the table's pages are overwritten, and a
    // write of its own makes the queue's connection read them again.
    try SQLiteShell.run(path, "PRAGMA wal_checkpoint(TRUNCATE);")
    let handle = try FileHandle(forUpdating: URL(fileURLWithPath: path))
    try handle.seek(toOffset: 4096)
    try handle.write(contentsOf: Data((0..<8192).map { UInt8(truncatingIfNeeded: $0 &* 7 &+ 3) }))
    try handle.close()
    try SQLiteShell.run(path, "CREATE TABLE other (x);")
    queue.record(Beacon(kind: .click, adID: "after", url: collector.url("c"), lifetime: 600))
    #expect(told.count == 1 && told[0].contains("malformed") && told[0].contains("moved aside"), "\(told)")
    let aside = try FileManager.default.contentsOfDirectory(atPath: runner.folder.path).filter {
      $0.hasPrefix("q.sqlite.corrupt-")
    }
    #expect(!aside.isEmpty, "\(aside)")
    #expect(try BeaconStore(path: path).oldest(limit: 100).map(\.adID).contains("after"), "recorded in the fresh queue")
    collector.mode = "up"
    queue.update(at: 10) { outcomes.append($0) }
    #expect(collector.requests.last?.path == "/c", "and delivered")
  }
}

/// The sqlite3 module of Python's standard library, as a second connection to a queue.
enum SQLiteShell {
  static func run(_ path: String, _ sql: String) throws {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = [
      "python3", "-c",
      "import sqlite3,sys; c=sqlite3.connect(sys.argv[1], isolation_level=None); c.executescript(sys.argv[2])",
      path, sql,
    ]
    try process.run()
    process.waitUntilExit()
    guard process.terminationStatus == 0 else { throw ServerError(description: "python3 sqlite3 failed on \(path)") }
  }
}
