import Foundation
import IntermissionBasics
import IntermissionNet
import IntermissionTestSupport
import Testing

/// The tests' nginx: nginx logs a request after it has sent the answer, so a test reading the log
/// as soon as its client has the answer could miss the line (a CI run did). `requests` waits for
/// until nginx reads or answers no request.
@Suite("The tests' nginx")
struct NginxServerTests {
  @Test func theLogIsReadOnceEveryRequestReadIsInIt() throws {
    let www = try ScratchFolder.make("nginx-log")
    try Data(repeating: 0x2A, count: 3_000).write(to: www.appendingPathComponent("slow.bin"))
    // About two seconds to answer: 1,000 bytes a second after the first 1,000.
    let nginx = try NginxServer(
      root: www, locations: "location = /slow.bin { limit_rate_after 1000; limit_rate 1000; }")
    #expect(nginx.requests.isEmpty)
    #expect(nginx.requestsUnderWay == 0)

    let answered = Locked<Int?>(nil)
    let url = nginx.url("slow.bin")
    let fetching = Thread {
      let status = try? HTTPClient().get(url, maximumBytes: 10_000, redirects: .sameOrigin).get().status
      answered.withLock { $0 = status }
    }
    fetching.start()
    let deadline = Date().addingTimeInterval(10)
    while nginx.requestsUnderWay != 1, Date() < deadline { usleep(5_000) }
    try #require(nginx.requestsUnderWay == 1, "nginx should be answering the request")
    // The answer is still trickling: the log is read once it is done, and has its line.
    #expect(nginx.requests == ["GET /slow.bin 200"])
    while answered.withLock({ $0 }) == nil, Date() < deadline { usleep(5_000) }
    #expect(answered.withLock { $0 } == 200)
    #expect(nginx.requests == ["GET /slow.bin 200"], "the status's own reads are not logged")
    #expect(nginx.requestsUnderWay == 0)
  }
}
