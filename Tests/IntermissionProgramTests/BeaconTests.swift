import Foundation
import IntermissionAds
import IntermissionBasics
import IntermissionNet
import IntermissionTestSupport
import Testing

/// Beacons: recorded durably before their trace line, delivered with a nonce and a timestamp,
/// deleted only after a 2xx, never lost (kill -9, a collector that is down) and never counted twice
/// after de-duplication by nonce. Against the fault-injecting collector on 127.0.0.1.
@Suite("Beacons", .serialized)
struct BeaconTests {
  static let headless = ["--headless", "--fixed-step", "--no-audio"]

  /// A folder with the shipped images and a manifest whose ads report to `collector`.
  func beaconAds(_ runner: ProgramRunner, collector: CollectorServer, expires: Int? = nil) throws -> String {
    let folder = runner.folder.appendingPathComponent("ads")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    let shipped = ProgramRunner.root.appendingPathComponent("Assets/ads")
    let ads = ["starfall", "tidewater"].map { id in
      #"{"id":"\#(id)","image":"\#(id).png","title":"\#(id)","action":"in-app","#
        + #""impressionURL":"\#(collector.url("i"))?ad=\#(id)","clickURL":"\#(collector.url("c"))?ad=\#(id)""#
        + (expires.map { #","expires":\#($0)"# } ?? "") + "}"
    }
    for id in ["starfall", "tidewater"] {
      let image = folder.appendingPathComponent("\(id).png")
      if !FileManager.default.fileExists(atPath: image.path) {
        try FileManager.default.copyItem(at: shipped.appendingPathComponent("\(id).png"), to: image)
      }
    }
    let manifest = folder.appendingPathComponent("manifest.json")
    try Data(#"{"ads":[\#(ads.joined(separator: ","))]}"#.utf8).write(to: manifest)
    return manifest.path
  }

  /// Runs the program on `queue` with an ad that reports nothing, so that it only delivers what
  /// the queue holds.
  func drain(_ runner: ProgramRunner, queue: String, seconds: Int, trace: String) throws -> ProgramRunner.Result {
    let plain = runner.folder.appendingPathComponent("ads/plain.json")
    try Data(#"{"ads":[{"id":"plain","image":"starfall.png","title":"P","action":"in-app"}]}"#.utf8).write(to: plain)
    return try runner.run(
      Self.headless + [
        "--ads", plain.path, "--seconds", String(seconds), "--trace", runner.path(trace), "--beacons", queue,
      ])
  }

  func events(_ runner: ProgramRunner, _ trace: String, _ name: String) throws -> [String] {
    try runner.traceLines(trace).filter { $0.contains(#""event":"\#(name)""#) }
  }

  @Test func impressionsAndClicksReachTheCollectorWithANonceAndATimestamp() throws {
    let runner = try ProgramRunner()
    let collector = try CollectorServer()
    let manifest = try beaconAds(runner, collector: collector)
    let script = try runner.write("s.txt", "2 click 480 595\n2.5 key Escape\n")
    let before = Int(Date().timeIntervalSince1970)
    let result = try runner.run(
      Self.headless + [
        "--ads", manifest, "--seconds", "3", "--script", script, "--trace", runner.path("t.jsonl"), "--beacons",
        runner.path("b.sqlite"),
      ])
    #expect(result.status == 0, "\(result.stderr)")
    let requests = collector.requests
    #expect(requests.map(\.path) == ["/i", "/c"], "the impression at 1.63 s, the click at 2 s")
    #expect(requests.map { $0.query["ad"] } == ["starfall", "starfall"])
    for request in requests {
      let nonce = request.query["nonce"] ?? ""
      #expect(nonce.count == 36 && nonce.split(separator: "-").map(\.count) == [8, 4, 4, 4, 12], "\(nonce)")
      let ts = Int(request.query["ts"] ?? "") ?? 0
      #expect(ts >= before && ts <= Int(Date().timeIntervalSince1970) + 1, "ts \(ts)")
    }
    #expect(Set(requests.compactMap { $0.query["nonce"] }).count == 2, "a fresh nonce per event")
    let sent = try events(runner, "t.jsonl", "beacon.sent")
    #expect(sent.count == 2 && sent[0].contains(#""kind":"impression","id":"starfall","status":204"#), "\(sent)")
    #expect(sent.count == 2 && sent[1].contains(#""kind":"click""#))
    // The click's beacon is stored before its trace line: both lines follow the stored rows.
    let lines = try runner.traceLines("t.jsonl")
    #expect(lines.firstIndex { $0.contains("banner.clicked") }! < lines.firstIndex { $0.contains(#""kind":"click""#) }!)
    #expect(try BeaconStore(path: runner.path("b.sqlite")).count() == 0, "acknowledged rows leave the queue")
  }

  @Test func aCollectorDownForSixtySecondsOfFixedStepTimeGetsEverythingAfterwards() throws {
    let runner = try ProgramRunner()
    let collector = try CollectorServer(mode: "down")
    let manifest = try beaconAds(runner, collector: collector)
    let trace = runner.path("t.jsonl")
    let program = try runner.start(
      Self.headless + [
        "--ads", manifest, "--refresh", "2", "--fps", "30", "--seconds", "200", "--trace", trace, "--beacons",
        runner.path("b.sqlite"),
      ])
    // Up again once the program's host time has passed 60 s: its trace (an impression every few
    // seconds) says when.
    let deadline = Date().addingTimeInterval(240)
    while collector.mode == "down" && Date() < deadline {
      if let last = (try? runner.traceLines("t.jsonl"))?.last, let time = ProgramRunner.time(of: last), time >= 60 {
        collector.mode = "up"
      }
      usleep(2000)
    }
    let downUntil = collector.requests.count
    let result = runner.finish(program)
    #expect(result.status == 0 && collector.mode == "up", "\(result.stderr)")
    let impressions = try events(runner, "t.jsonl", "impression")
    let failures = try events(runner, "t.jsonl", "beacon.failed")
    #expect(impressions.count >= 20, "impressions recorded while the collector was down: \(impressions.count)")
    #expect(failures.count >= 6, "retried with backoff while down: \(failures.count)")
    let gaps = zip(failures.dropFirst(), failures).compactMap { pair -> Double? in
      guard let a = ProgramRunner.time(of: pair.0), let b = ProgramRunner.time(of: pair.1) else { return nil }
      return a - b
    }
    #expect(gaps.prefix(5).elementsEqual(gaps.prefix(5).sorted()), "the waits grow: \(gaps)")
    let acknowledged = collector.acknowledgedNonces
    #expect(acknowledged.count == impressions.count, "every impression delivered once: \(acknowledged.count)")
    #expect(Set(acknowledged).count == acknowledged.count)
    #expect(try events(runner, "t.jsonl", "beacon.sent").count == impressions.count)
    #expect(try BeaconStore(path: runner.path("b.sqlite")).count() == 0)
    #expect(collector.requests.prefix(downUntil).allSatisfy { $0.mode == "down" }, "nothing got through while down")
  }

  @Test func killedWhileDeliveringThenRestartedEveryNonceArrivesOnce() throws {
    let runner = try ProgramRunner()
    let collector = try CollectorServer(mode: "slow:0.15")
    let manifest = try beaconAds(runner, collector: collector)
    let queue = runner.path("b.sqlite")
    let program = try runner.start(
      Self.headless + [
        "--ads", manifest, "--refresh", "1.1", "--seconds", "1000", "--trace", runner.path("killed.jsonl"),
        "--beacons", queue,
      ])
    // Killed at a moment of the collector's choosing: in the middle of a transfer, after a few.
    let deadline = Date().addingTimeInterval(120)
    while collector.requests.count < 4 && Date() < deadline { usleep(1000) }
    usleep(UInt32.random(in: 0..<150_000))
    kill(program.process.processIdentifier, SIGKILL)
    _ = runner.finish(program)
    let recorded = try events(runner, "killed.jsonl", "impression").count
    let left = try BeaconStore(path: queue).oldest(limit: 100_000).map(\.nonce)
    let reached = Set(collector.requests.compactMap { $0.query["nonce"] })
    #expect(recorded >= 4 && !left.isEmpty, "recorded \(recorded), left \(left.count)")
    #expect(reached.union(left).count >= recorded, "every recorded event is at the collector or in the queue")

    // The next launch delivers what is left; its own ads report nothing.
    collector.mode = "up"
    #expect(try drain(runner, queue: queue, seconds: 2, trace: "restarted.jsonl").status == 0)
    #expect(try BeaconStore(path: queue).count() == 0, "the queue is empty")
    let arrived = collector.requests.compactMap { $0.query["nonce"] }
    #expect(Set(arrived) == reached.union(left), "none missing, none made up")
    #expect(try events(runner, "restarted.jsonl", "beacon.sent").count == left.count)
  }

  @Test func twelveKillsAgainstAFlakyCollectorLoseNothingAndCountNothingTwice() throws {
    let runner = try ProgramRunner()
    let seed = UInt64.random(in: 1...1_000_000)
    var generator = SeededGenerator(seed: seed)
    // 500s, resets and slow answers, drawn at random for each request.
    let collector = try CollectorServer(mode: "chaos:\(seed % 1000)")
    let manifest = try beaconAds(runner, collector: collector)
    let queue = runner.path("b.sqlite")
    let clicks = (1...40).map { "\(Double($0) * 3) click 480 595\n\(Double($0) * 3 + 0.5) key Escape\n" }.joined()
    let script = try runner.write("clicks.txt", clicks)
    var traced = (impressions: 0, clicks: 0)
    for run in 0..<12 {
      let trace = "run\(run).jsonl"
      let program = try runner.start(
        Self.headless + [
          "--ads", manifest, "--refresh", "1.1", "--seconds", "1000", "--script", script, "--trace",
          runner.path(trace), "--beacons", queue,
        ])
      // Killed at a random moment after its first impression: batches, retries and records under way.
      let deadline = Date().addingTimeInterval(60)
      while (try? events(runner, trace, "impression"))?.isEmpty != false && Date() < deadline { usleep(2000) }
      usleep(UInt32.random(in: 0..<700_000, using: &generator))
      kill(program.process.processIdentifier, SIGKILL)
      _ = runner.finish(program)
      traced.impressions += try events(runner, trace, "impression").count
      traced.clicks += try events(runner, trace, "banner.clicked").count
    }
    // One clean run drains the queue; its own ad reports nothing.
    collector.mode = "up"
    #expect(try drain(runner, queue: queue, seconds: 5, trace: "drain.jsonl").status == 0)
    #expect(try BeaconStore(path: queue).count() == 0, "the queue ends empty (seed \(seed))")
    let acknowledged = collector.requests.filter { $0.mode == "up" || $0.mode.hasPrefix("slow:") }
    let impressions = Set(acknowledged.filter { $0.path == "/i" }.compactMap { $0.query["nonce"] })
    let clicked = Set(acknowledged.filter { $0.path == "/c" }.compactMap { $0.query["nonce"] })
    #expect(traced.impressions >= 12 && traced.clicks >= 1, "the runs did something: \(traced) (seed \(seed))")
    // Every traced event reached the collector (a beacon is stored before its trace line); at most
    // one per kill was stored and not yet traced. Counted by nonce, none twice.
    #expect(impressions.count >= traced.impressions && clicked.count >= traced.clicks, "\(traced) (seed \(seed))")
    #expect(impressions.count + clicked.count <= traced.impressions + traced.clicks + 12, "(seed \(seed))")
    #expect(collector.requests.contains { $0.mode != "up" }, "the collector did fail")
  }

  @Test func anExpiredBeaconIsDroppedAndTraced() throws {
    let runner = try ProgramRunner()
    let collector = try CollectorServer(mode: "500")
    let manifest = try beaconAds(runner, collector: collector, expires: 5)
    let result = try runner.run(
      Self.headless + [
        "--ads", manifest, "--seconds", "12", "--trace", runner.path("t.jsonl"), "--beacons", runner.path("b.sqlite"),
      ])
    #expect(result.status == 0)
    let failed = try events(runner, "t.jsonl", "beacon.failed")
    let dropped = try events(runner, "t.jsonl", "beacon.dropped")
    #expect(failed.first?.contains(#""reason":"HTTP 500","attempts":1"#) == true, "\(failed)")
    #expect(dropped.count == 1 && dropped[0].contains(#""kind":"impression","id":"starfall","reason":"expired""#))
    if let time = dropped.first.flatMap(ProgramRunner.time(of:)) {
      #expect(time >= 1.63 + 5 && time < 1.63 + 5 + 5, "dropped after its 5 s: \(time)")
    }
    #expect(try BeaconStore(path: runner.path("b.sqlite")).count() == 0)
    #expect(collector.requests.allSatisfy { $0.mode == "500" })
  }

  @Test func tenMinutesMinimisedMakeNoRequestAtAll() throws {
    let runner = try ProgramRunner()
    let collector = try CollectorServer()
    let www = runner.folder.appendingPathComponent("www")
    try FileManager.default.createDirectory(at: www, withIntermediateDirectories: true)
    let manifest = try beaconAds(runner, collector: collector)
    for file in ["manifest.json", "starfall.png", "tidewater.png"] {
      try FileManager.default.copyItem(
        at: runner.folder.appendingPathComponent("ads/\(file)"), to: www.appendingPathComponent(file))
    }
    _ = manifest
    let nginx = try NginxServer(root: www)
    let minimised = try runner.write("s.txt", "3 minimize\n")
    let arguments = ["--ads", nginx.url("manifest.json"), "--fps", "10", "--seconds", "603"]
    let result = try runner.run(
      Self.headless + arguments + [
        "--script", minimised, "--trace", runner.path("t.jsonl"), "--beacons", runner.path("b.sqlite"),
      ])
    #expect(result.status == 0)
    #expect(nginx.requests == ["GET /manifest.json 200", "GET /starfall.png 200"], "only the first load")
    #expect(collector.requests.map(\.path) == ["/i"], "only the impression before the minimise")
    // Without the minimise, the same ten minutes rotate every 30 viewable seconds.
    let shown = try runner.run(Self.headless + arguments + ["--beacons", runner.path("b2.sqlite")])
    #expect(shown.status == 0)
    #expect(nginx.requests.filter { $0.hasPrefix("GET /manifest.json") }.count >= 15, "\(nginx.requests.count)")
  }

  // MARK: - The queue itself

  @Test func theQueueKeepsTenThousandRowsDroppingTheOldest() throws {
    let runner = try ProgramRunner()
    let store = try BeaconStore(path: runner.path("cap.sqlite"))
    let beacon = Beacon(kind: .impression, adID: "a", url: "http://127.0.0.1:9/i", lifetime: 60)
    var dropped: [BeaconStore.Row] = []
    for index in 0..<(BeaconStore.capacity + 3) {
      dropped += try store.add(beacon, nonce: "n\(index)", at: 1000)
    }
    #expect(try store.count() == BeaconStore.capacity)
    #expect(dropped.map(\.nonce) == ["n0", "n1", "n2"], "the oldest go first")
    #expect(try store.oldest(limit: 1).first?.nonce == "n3")
    // Expiry, and a store opened again sees the same rows.
    #expect(try store.removeExpired(at: 1059).isEmpty)
    #expect(try BeaconStore(path: runner.path("cap.sqlite")).removeExpired(at: 1060).count == BeaconStore.capacity)
    #expect(try store.count() == 0)
  }

  @Test func aFullQueueDropsItsOldestAndTracesIt() throws {
    let runner = try ProgramRunner()
    let collector = try CollectorServer(mode: "500")
    let queue = BeaconQueue(
      path: runner.path("q.sqlite"), client: HTTPClient(), clock: { 1000 }, waitsForAttempts: true,
      backoff: RetryBackoff(seed: 1), capacity: 2)
    for id in ["a", "b", "c"] {
      queue.record(Beacon(kind: .impression, adID: id, url: collector.url("i"), lifetime: 60))
    }
    var outcomes: [BeaconOutcome] = []
    queue.update(at: 0) { outcomes.append($0) }
    #expect(outcomes.first?.withoutNonce == .dropped(.impression, adID: "a", reason: "overflow"), "\(outcomes)")
    #expect(
      outcomes.dropFirst().first?.withoutNonce == .failed(.impression, adID: "b", reason: "HTTP 500", attempts: 1))
    #expect(queue.queuedCount() == 2)
    #expect(queue.nextWakeTime.map { $0 >= 0.8 && $0 <= 1 } == true, "the first retry after about 1 s")
    collector.mode = "up"
    queue.update(at: 0.5) { outcomes.append($0) }
    #expect(outcomes.count == 2, "not before its time")
    queue.update(at: 1) { outcomes.append($0) }
    #expect(
      outcomes.suffix(2).map(\.withoutNonce) == [
        .sent(.impression, adID: "b", status: 204), .sent(.impression, adID: "c", status: 204),
      ])
    #expect(outcomes.suffix(2).map(\.nonce) == collector.acknowledgedNonces, "each outcome names its beacon's nonce")
    #expect(outcomes[1].nonce == outcomes[2].nonce, "b's failure and its delivery: one beacon")
    #expect(queue.queuedCount() == 0 && queue.nextWakeTime == 1)
    queue.update(at: 1) { outcomes.append($0) }
    #expect(queue.nextWakeTime == nil, "nothing left: nothing to wake for")
  }

  /// An impression's beacons and revenue are committed on the loop without waiting for the disk;
  /// the worker syncs the queue's file before the batch leaves, so the collector, slow to answer,
  /// has the beacon only once the sync was done: nothing is billed that a power cut could undo.
  @Test func aBatchLeavesOnlyAfterTheQueuesFileIsSynced() throws {
    let runner = try ProgramRunner()
    let collector = try CollectorServer(mode: "slow:2")
    let queue = BeaconQueue(
      path: runner.path("q.sqlite"), client: HTTPClient(), clock: { 1000 }, waitsForAttempts: false)
    try queue.record(
      [Beacon(kind: .impression, adID: "a", url: collector.url("i"), lifetime: 60)],
      with: AdRevenue.sample("e"))
    queue.update(at: 0) { _ in }
    let deadline = Date().addingTimeInterval(20)
    while collector.requests.isEmpty && Date() < deadline { usleep(2000) }
    #expect(collector.requests.count == 1, "the beacon arrived, its answer still 2 s away")
    #expect(queue.syncedBatches.withLock { $0 } == 1, "synced before it was sent")
    queue.waitForWorker()
  }

  /// A queue at `path` that waits for each batch in its update, with a seeded backoff.
  func fixedStepQueue(at path: String) -> BeaconQueue {
    BeaconQueue(
      path: path, client: HTTPClient(), clock: { 1000 }, waitsForAttempts: true, backoff: RetryBackoff(seed: 1))
  }

  /// Puts a FIFO in the place of the queue's WAL (SQLite keeps writing the renamed file it has
  /// open), so that a sync fails without blocking: "not a regular file".
  func takeWALsName(at path: String) throws {
    try #require(rename(path + "-wal", path + "-wal.kept") == 0)
    try #require(mkfifo(path + "-wal", 0o600) == 0)
  }

  /// Undoes `takeWALsName(at:)`: the WAL back under its name, so syncs succeed again.
  func giveWALsNameBack(at path: String) throws {
    try #require(unlink(path + "-wal") == 0 && rename(path + "-wal.kept", path + "-wal") == 0)
  }

  /// A file that cannot be synced holds its batch back: the batch fails with the reason (here the
  /// WAL's name taken by a FIFO, which the sync does not block on) and nothing reaches the
  /// collector; once the file syncs again, the batch goes at its retry.
  @Test func aBatchWhoseFileCannotBeSyncedIsHeldBack() throws {
    let runner = try ProgramRunner()
    let collector = try CollectorServer()
    let path = runner.path("q.sqlite")
    let queue = fixedStepQueue(at: path)
    queue.record(Beacon(kind: .impression, adID: "a", url: collector.url("i"), lifetime: 60))
    try takeWALsName(at: path)
    var outcomes: [BeaconOutcome] = []
    queue.update(at: 0) { outcomes.append($0) }
    #expect(
      outcomes.map(\.withoutNonce) == [
        .failed(
          .impression, adID: "a", reason: "the queue could not be synced to the disk: \(path)-wal: not a regular file",
          attempts: 1)
      ])
    #expect(collector.requests.isEmpty, "nothing billed")
    try giveWALsNameBack(at: path)
    #expect(queue.recoveryCheckpoints == 0)
    queue.update(at: 1) { outcomes.append($0) }
    #expect(outcomes.last?.withoutNonce == .sent(.impression, adID: "a", status: 204), "\(outcomes)")
    #expect(collector.requests.count == 1)
    // A failed sync is not trusted to be followed by a good one (Linux reports a failed write-back
    // once): the retry first copied the WAL into the database file with a checkpoint, and synced it.
    #expect(queue.recoveryCheckpoints == 1)
  }

  /// What is committed is synced on the worker a second after its commit, with no update and no
  /// batch needed (delivery may wait minutes to retry, as here with the collector failing): one
  /// sync for the commits of that second, none when nothing new was committed.
  @Test func commitsAreSyncedASecondLaterWithoutABatch() throws {
    let runner = try ProgramRunner()
    let collector = try CollectorServer(mode: "500")
    let queue = BeaconQueue(
      path: runner.path("q.sqlite"), client: HTTPClient(), clock: { 1000 }, waitsForAttempts: true,
      backoff: RetryBackoff(seed: 1))
    let beacon = Beacon(kind: .impression, adID: "a", url: collector.url("i"), lifetime: 600)
    func loneSyncs(atLeast count: Int) -> Int {
      let deadline = Date().addingTimeInterval(10)
      while queue.loneSyncs.withLock({ $0 }) < count && Date() < deadline { usleep(10_000) }
      return queue.loneSyncs.withLock { $0 }
    }
    let recorded = Date()
    queue.record(beacon)
    queue.record(beacon)
    #expect(queue.loneSyncs.withLock { $0 } == 0, "not at once")
    var failures = 0
    queue.update(at: 0) { if case .failed = $0 { failures += 1 } }
    #expect(failures == 1 && queue.syncedBatches.withLock { $0 } == 1, "synced, then stopped at its first failure")
    #expect(loneSyncs(atLeast: 1) == 1, "one sync for both commits")
    #expect(Date().timeIntervalSince(recorded) >= 0.9, "a second after them")
    usleep(1_500_000)
    #expect(queue.loneSyncs.withLock { $0 } == 1, "nothing new committed: no sync")
    queue.record(beacon)
    #expect(loneSyncs(atLeast: 2) == 2, "the next commit's own")
    #expect(collector.requests.count == 1 && failures == 1)
  }

  /// A sync of its own that fails (here the WAL's name taken by a FIFO) is not followed by a batch
  /// trusted to a later sync of the same file: the next batch checkpoints first.
  @Test func aFailedLoneSyncMakesTheNextBatchCheckpointFirst() throws {
    let runner = try ProgramRunner()
    let collector = try CollectorServer()
    let path = runner.path("q.sqlite")
    let queue = fixedStepQueue(at: path)
    queue.record(Beacon(kind: .impression, adID: "a", url: collector.url("i"), lifetime: 60))
    queue.update(at: 0) { _ in }
    #expect(collector.requests.count == 1 && queue.recoveryCheckpoints == 0)
    try takeWALsName(at: path)
    queue.record(Beacon(kind: .impression, adID: "b", url: collector.url("i"), lifetime: 60))
    usleep(1_600_000)  // its sync of its own, a second after the commit, fails on the FIFO
    try giveWALsNameBack(at: path)
    #expect(queue.loneSyncs.withLock { $0 } == 0)
    var outcomes: [BeaconOutcome] = []
    queue.update(at: 1) { outcomes.append($0) }
    #expect(outcomes.map(\.withoutNonce) == [.sent(.impression, adID: "b", status: 204)], "\(outcomes)")
    #expect(queue.recoveryCheckpoints == 1, "checkpointed before the batch")
  }

  /// A queue reached through a link is synced where SQLite keeps its WAL, beside the link's target
  /// (`BeaconStore.walPath`): a FIFO under the link's own name for a WAL, where a sync by the given
  /// path would look and fail, does not hold the batch back, and the real WAL is what was synced.
  @Test func aQueueThroughALinkIsSyncedWhereSQLiteKeepsItsWAL() throws {
    let runner = try ProgramRunner()
    let collector = try CollectorServer()
    try FileManager.default.createDirectory(atPath: runner.path("real"), withIntermediateDirectories: true)
    _ = try BeaconStore(path: runner.path("real/q.sqlite"))
    let link = runner.path("q.sqlite")
    try #require(symlink(runner.path("real/q.sqlite"), link) == 0)
    try #require(mkfifo(link + "-wal", 0o600) == 0)
    let queue = BeaconQueue(
      path: link, client: HTTPClient(), clock: { 1000 }, waitsForAttempts: true, backoff: RetryBackoff(seed: 1))
    queue.record(Beacon(kind: .impression, adID: "a", url: collector.url("i"), lifetime: 60))
    #expect(FileManager.default.fileExists(atPath: runner.path("real/q.sqlite-wal")), "SQLite's WAL, by the target")
    var outcomes: [BeaconOutcome] = []
    queue.update(at: 0) { outcomes.append($0) }
    #expect(outcomes.map(\.withoutNonce) == [.sent(.impression, adID: "a", status: 204)], "\(outcomes)")
    #expect(queue.syncedBatches.withLock { $0 } == 1)
    #expect(collector.requests.count == 1)
  }

  /// The overlay tells the queue at its first update that beacons are coming: the queue's file is
  /// made then on a worker, not on the loop in the frame of the first beacon (several milliseconds:
  /// the file, its WAL, its tables and their check). A fixed-step queue makes it at its first
  /// beacon.
  @Test func theQueuesFileIsMadeOffTheLoopAheadOfTheFirstBeacon() throws {
    let runner = try ProgramRunner()
    let path = runner.path("data/q.sqlite")
    let queue = BeaconQueue(
      path: path, client: HTTPClient(), clock: { 1000 }, waitsForAttempts: false, createsFolders: true)
    #expect(!FileManager.default.fileExists(atPath: path))
    queue.prepareToRecord()
    // The test's thread (the loop's) does nothing but look.
    let deadline = Date().addingTimeInterval(20)
    while !FileManager.default.fileExists(atPath: path) && Date() < deadline { usleep(1000) }
    #expect(FileManager.default.fileExists(atPath: path), "made by the worker, before any update or beacon")
    queue.update(at: 0) { _ in }
    queue.record(Beacon(kind: .impression, adID: "a", url: "http://127.0.0.1:9/i", lifetime: 60))
    #expect(queue.storesOpenedAhead == 1, "the loop took the store the worker opened")
    #expect(try BeaconStore(path: path).count() == 1, "the first beacon in the file made ahead")
    let fixedPath = runner.path("fixed.sqlite")
    let fixed = BeaconQueue(path: fixedPath, client: HTTPClient(), clock: { 1000 }, waitsForAttempts: true)
    fixed.prepareToRecord()
    usleep(200_000)
    #expect(!FileManager.default.fileExists(atPath: fixedPath), "a fixed-step run makes it at its first beacon")
    fixed.record(Beacon(kind: .impression, adID: "a", url: "http://127.0.0.1:9/i", lifetime: 60))
    #expect(FileManager.default.fileExists(atPath: fixedPath))
  }

  @Test func aStopSignalEndsTheWaitForASlowBatch() throws {
    let runner = try ProgramRunner()
    let collector = try CollectorServer(mode: "slow:30")
    let manifest = try beaconAds(runner, collector: collector)
    let program = try runner.start(
      Self.headless + [
        "--ads", manifest, "--seconds", "100", "--trace", runner.path("t.jsonl"), "--beacons", runner.path("b.sqlite"),
      ])
    let deadline = Date().addingTimeInterval(60)
    while collector.requests.isEmpty && Date() < deadline { usleep(2000) }
    usleep(200_000)
    kill(program.process.processIdentifier, SIGTERM)
    let started = Date()
    let result = runner.finish(program)
    #expect(result.status == 0)
    #expect(Date().timeIntervalSince(started) < 20, "not the 30 s of the transfer")
    #expect(try runner.traceLines("t.jsonl").last?.contains(#""reason":"signal""#) == true)
    #expect(try BeaconStore(path: runner.path("b.sqlite")).count() == 1, "the beacon stays queued")
  }

  @Test func deliveryURLsKeepTheirQueryAndFragment() {
    for kind in [Beacon.Kind.impression, .click, .reward] {
      #expect(
        BeaconQueue.deliveryURL("https://t.example/i", kind: kind, nonce: "N", timestamp: 7)
          == "https://t.example/i?nonce=N&ts=7")
      #expect(
        BeaconQueue.deliveryURL("https://t.example/i?a=1#f", kind: kind, nonce: "N", timestamp: 7)
          == "https://t.example/i?a=1&nonce=N&ts=7#f")
      #expect(BeaconQueue.deliveryURL("http://t/i?", kind: kind, nonce: "N", timestamp: 7) == "http://t/i?nonce=N&ts=7")
    }
  }

  @Test func aBuyersURLsAreRequestedExactlyAsTheyRead() {
    // Signed, with a fragment, or VAST's own cache buster: nothing is appended to any of them.
    let urls = [
      "https://w.example/win?p=1.25&sig=ab%2Fc", "https://t.example/vast/error?code=302#x", "http://t/l?",
      "https://t.example/i?cb=12345678",
    ]
    for kind in [Beacon.Kind.win, .billing, .tracker, .loss, .vast] {
      for url in urls { #expect(BeaconQueue.deliveryURL(url, kind: kind, nonce: "N", timestamp: 7) == url, "\(kind)") }
    }
  }

  @Test func noncesAreFreshRandomUUIDs() {
    let nonces = (0..<1000).map { _ in BeaconQueue.makeNonce() }
    #expect(Set(nonces).count == 1000)
    #expect(nonces.allSatisfy { $0.count == 36 && Array($0)[14] == "4" })
  }
}

extension ProgramRunner {
  /// The host time of a trace line.
  static func time(of line: String) -> Double? {
    guard let range = line.range(of: #""time":"#) else { return nil }
    return Double(line[range.upperBound...].prefix { $0 != "," })
  }
}
