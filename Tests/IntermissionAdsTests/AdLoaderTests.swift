import Foundation
import IntermissionAds
import IntermissionCore
import IntermissionTestSupport
import Testing

/// A decoder that blocks until released, standing in for a load that hangs.
final class BlockingDecoder: ImageDecoder, @unchecked Sendable {
  let released = DispatchSemaphore(value: 0)
  let maximumFileSize = 16 << 20
  func decodeImage(atPath path: String) throws -> any DecodedImage {
    released.wait()
    return FakeImage()
  }
  func decodeImage(bytes: [UInt8]) throws -> any DecodedImage {
    released.wait()
    return FakeImage()
  }
}

@Suite("Ad loader")
struct AdLoaderTests {
  @Test func aLoadPastItsDeadlineFailsAndItsLateResultIsDropped() throws {
    let folder = try AdFolder.standard()
    let decoder = BlockingDecoder()
    // A deadline long enough for the next load to finish in time even on a loaded machine under a
    // sanitizer, and short enough that the hung load's wait visibly ends at it.
    let loader = AdLoader(manifestPath: folder.manifestPath, decoder: decoder, timeout: 2)
    loader.start(sequence: 0)
    let started = Date()
    let result = loader.waitForResult()
    let waited = Date().timeIntervalSince(started)
    #expect(waited >= 1.9 && waited < 10, "the wait ended at the deadline: \(waited) s")
    guard case .failure(let error)? = result else {
      Issue.record("expected a time-out, got \(String(describing: result))")
      return
    }
    #expect(error == .timedOut(seconds: 2))
    decoder.released.signal()  // the hung load finishes late
    Thread.sleep(forTimeInterval: 0.1)
    #expect(loader.takeResult() == nil, "the late result is dropped")
    loader.start(sequence: 1)  // and the next load runs
    decoder.released.signal()
    guard case .success(let ad)? = loader.waitForResult() else {
      Issue.record("the next load failed")
      return
    }
    #expect(ad.creative.id == "b")
  }

  @Test func takeResultReportsATimeOutWithoutWaiting() throws {
    let folder = try AdFolder.standard()
    let decoder = BlockingDecoder()
    let loader = AdLoader(manifestPath: folder.manifestPath, decoder: decoder, timeout: 1)
    loader.start(sequence: 0)
    #expect(loader.takeResult() == nil, "still within its deadline")
    Thread.sleep(forTimeInterval: 1.2)
    #expect(loader.takeResult().map { if case .failure(.timedOut) = $0 { true } else { false } } == true)
    decoder.released.signal()
  }

  @Test func anInterruptionEndsAWaitPromptly() throws {
    let folder = try AdFolder.standard()
    let decoder = BlockingDecoder()
    let stop = Date().addingTimeInterval(0.2)
    let loader = AdLoader(
      manifestPath: folder.manifestPath, decoder: decoder, timeout: 60, isInterrupted: { Date() >= stop })
    loader.start(sequence: 0)
    let started = Date()
    #expect(loader.waitForResult() == nil)
    #expect(Date().timeIntervalSince(started) < 2, "interrupted long before the 60 s deadline")
    decoder.released.signal()
  }
}
