import IntermissionAds
import IntermissionBasics

extension AdRevenue {
  /// A revenue event `id` with every field set: a banner's from the manifest, or, with `placement`
  /// and `seat`, a rewarded ad's bought over OpenRTB (123,456.789 EUR CPM, 123.456789 EUR).
  package static func sample(_ id: String, placement: String? = nil, seat: String? = nil) -> AdRevenue {
    AdRevenue(
      eventID: id, format: placement == nil ? .banner : .rewarded, placement: placement, id: "ad-\(id)",
      source: seat == nil ? .manifest : .openrtb, seat: seat, crid: seat.map { "c-" + $0 },
      cpm: Micros(123_456_789_000),
      revenue: Micros(123_456_789), currency: "EUR", precision: seat == nil ? .publisherProvided : .exact)
  }
}
