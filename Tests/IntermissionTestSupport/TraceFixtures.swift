import Foundation
import Testing

/// Traces the tests of `intermission-trace` read, and how they read its pictures back.
package enum TraceFixtures {
  /// A run with every lane: the player's pause outlives an ad, a minimise, a game's own hold, the
  /// banner in and out, viewability and an impression, two scenes, and marks of every kind.
  package static let timeline = """
    {"frame":0,"time":0.000000,"event":"host.started","width":960,"height":640,"fps":60,"fixedStep":true,"ads":true}
    {"frame":0,"time":0.000000,"event":"scene.entered","name":"Menu"}
    {"frame":30,"time":0.500000,"event":"ad.loaded","id":"starfall"}
    {"frame":30,"time":0.500000,"event":"banner.shown","reason":"loaded"}
    {"frame":38,"time":0.633333,"event":"viewable.start","id":"starfall"}
    {"frame":60,"time":1.000000,"event":"input.injected","input":"key P"}
    {"frame":60,"time":1.000000,"event":"pause.held","reason":"user"}
    {"frame":60,"time":1.000000,"event":"director.paused","reason":"user"}
    {"frame":80,"time":1.333333,"event":"banner.clickRefused","id":"starfall","reason":"justShown"}
    {"frame":90,"time":1.500000,"event":"input.injected","input":"click 480 595"}
    {"frame":90,"time":1.500000,"event":"banner.clicked","id":"starfall"}
    {"frame":90,"time":1.500000,"event":"beacon.sent","kind":"click","id":"starfall","status":204}
    {"frame":90,"time":1.500000,"event":"pause.held","reason":"ad"}
    {"frame":90,"time":1.500000,"event":"action.began","id":"starfall","willLeave":false}
    {"frame":90,"time":1.500000,"event":"viewable.stop","id":"starfall","reason":"covered"}
    {"frame":120,"time":2.000000,"event":"action.finished","id":"starfall"}
    {"frame":120,"time":2.000000,"event":"pause.released","reason":"ad"}
    {"frame":120,"time":2.000000,"event":"viewable.start","id":"starfall"}
    {"frame":150,"time":2.500000,"event":"pause.released","reason":"user"}
    {"frame":150,"time":2.500000,"event":"director.resumed","reason":"user"}
    {"frame":180,"time":3.000000,"event":"impression","id":"starfall"}
    {"frame":180,"time":3.000000,"event":"beacon.failed","kind":"impression","id":"starfall","reason":"HTTP 500","attempts":1}
    {"frame":186,"time":3.100000,"event":"pause.held","reason":"window"}
    {"frame":186,"time":3.100000,"event":"director.paused","reason":"window"}
    {"frame":186,"time":3.100000,"event":"viewable.stop","id":"starfall","reason":"minimized"}
    {"frame":210,"time":3.500000,"event":"pause.released","reason":"window"}
    {"frame":210,"time":3.500000,"event":"director.resumed","reason":"window"}
    {"frame":240,"time":4.000000,"event":"scene.entered","name":"Play"}
    {"frame":240,"time":4.000000,"event":"banner.hidden","reason":"scene"}
    {"frame":250,"time":4.166667,"event":"beacon.dropped","kind":"impression","id":"starfall","reason":"expired"}
    {"frame":270,"time":4.500000,"event":"pause.held","reason":"cutscene"}
    {"frame":270,"time":4.500000,"event":"director.paused","reason":"cutscene"}
    {"frame":300,"time":5.000000,"event":"pause.released","reason":"cutscene"}
    {"frame":300,"time":5.000000,"event":"director.resumed","reason":"cutscene"}
    {"frame":310,"time":5.166667,"event":"ad.failed","error":"no-fill"}
    {"frame":310,"time":5.166667,"event":"banner.hidden","reason":"failed"}
    {"frame":320,"time":5.333333,"event":"cta.clicked","id":"starfall","url":"https://example.com/starfall"}
    {"frame":320,"time":5.333333,"event":"url.opened","url":"https://example.com/starfall","headless":true}
    {"frame":330,"time":5.500000,"event":"url.failed","url":"https://example.com/x","reason":"no xdg-open"}
    {"frame":330,"time":5.500000,"event":"game.paused","reason":"user"}
    {"frame":331,"time":5.516667,"event":"game.resumed","reason":"user"}
    {"frame":340,"time":5.666667,"event":"scene.exited","name":"Play"}
    {"frame":340,"time":5.666667,"event":"scene.entered","name":"Menu"}
    {"frame":345,"time":5.750000,"event":"ad.revenue","format":"banner","id":"starfall","source":"openrtb","seat":"alpha","crid":"c1","cpm":1.250000,"revenue":"0.001250","currency":"USD","precision":"exact"}
    {"frame":348,"time":5.800000,"event":"rewarded.completed","format":"rewarded","placement":"bonus_coins","id":"r"}
    {"frame":353,"time":5.883333,"event":"rewarded.earned","format":"rewarded","placement":"bonus_coins","id":"r","type":"coins","amount":50}
    {"frame":358,"time":5.966667,"event":"rewarded.forfeited","format":"rewarded","placement":"bonus_coins","id":"r2"}
    {"frame":360,"time":6.000000,"event":"host.stopped","reason":"seconds","detail":"6.000000"}

    """

  /// A bar of the picture, read back as times.
  package struct Bar: Equatable {
    package let lane: String
    package let start: Double
    package let end: Double
  }

  /// The bars of `svg`, with their times from the axis's scale on the root element.
  package static func bars(of svg: String) throws -> [Bar] {
    func number(_ name: String, in text: Substring) -> Double? {
      guard let range = text.range(of: " \(name)=\"") else { return nil }
      return Double(text[range.upperBound...].prefix { $0 != "\"" })
    }
    let root = try #require(svg.split(separator: "\n").first)
    let t0 = try #require(number("data-t0", in: root))
    let x0 = try #require(number("data-x0", in: root))
    let scale = try #require(number("data-px-per-second", in: root))
    return svg.split(separator: "\n").filter { $0.hasPrefix("<rect class=\"bar\"") }.compactMap { line in
      guard let laneRange = line.range(of: "data-lane=\""), let x = number("x", in: line),
        let width = number("width", in: line)
      else { return nil }
      let lane = String(line[laneRange.upperBound...].prefix { $0 != "\"" })
      return Bar(lane: lane, start: t0 + (x - x0) / scale, end: t0 + (x + width - x0) / scale)
    }
  }

  /// A small trace with every kind of figure, its JSON checked whole: two currencies, a pending
  /// revenue event of an earlier launch (not counted again), refused bids, a failed load by reason,
  /// a VAST error, a beacon still failing at the end and one that was retried and sent, and a hold
  /// still on at the end.
  package static let everyFigure = """
    {"frame":0,"time":0.000000,"event":"host.started","fps":60}
    {"frame":0,"time":0.000000,"event":"ad.revenue","format":"banner","id":"old","source":"openrtb","cpm":9.000000,"revenue":"0.009000","currency":"USD","precision":"exact","pending":true}
    {"frame":6,"time":0.100000,"event":"bid.refused","id":"b1","reason":"belowFloor"}
    {"frame":6,"time":0.100000,"event":"bid.refused","id":"b2","reason":"belowFloor"}
    {"frame":6,"time":0.100000,"event":"ad.loaded","id":"b3"}
    {"frame":12,"time":0.200000,"event":"ad.failed","error":"no-fill","format":"rewarded","reason":"noFill"}
    {"frame":12,"time":0.200000,"event":"vast.error","format":"interstitial","id":"v","code":301,"reason":"timeout"}
    {"frame":12,"time":0.200000,"event":"ad.failed","error":"video ad 'v': VAST error 301: timeout","format":"interstitial","reason":"vastFailed"}
    {"frame":70,"time":1.166667,"event":"impression","id":"b3"}
    {"frame":70,"time":1.166667,"event":"ad.revenue","format":"banner","id":"b3","source":"openrtb","seat":"s","crid":"c","cpm":1.005000,"revenue":"0.001005","currency":"EUR","precision":"exact"}
    {"frame":70,"time":1.166667,"event":"beacon.failed","kind":"impression","id":"b3","reason":"HTTP 500","attempts":1}
    {"frame":80,"time":1.333333,"event":"banner.clicked","id":"b3"}
    {"frame":80,"time":1.333333,"event":"beacon.failed","kind":"click","id":"b3","reason":"HTTP 500","attempts":1}
    {"frame":90,"time":1.500000,"event":"beacon.sent","kind":"click","id":"b3","status":204}
    {"frame":90,"time":1.500000,"event":"ad.loaded","id":"h"}
    {"frame":150,"time":2.500000,"event":"impression","id":"h"}
    {"frame":150,"time":2.500000,"event":"ad.revenue","format":"banner","id":"h","source":"manifest","cpm":2.000000,"revenue":"0.002000","currency":"USD","precision":"publisherProvided"}
    {"frame":150,"time":2.500000,"event":"pause.held","reason":"user"}
    {"frame":180,"time":3.000000,"event":"beacon.dropped","kind":"impression","id":"h","reason":"expired"}
    {"frame":240,"time":4.000000,"event":"host.stopped","reason":"seconds"}
    """
}
