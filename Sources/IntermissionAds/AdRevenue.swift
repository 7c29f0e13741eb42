import IntermissionBasics
import IntermissionCore

/// What one paid impression earned, as the game hears it at that impression (`AdOverlay.onRevenue`,
/// the trace's `ad.revenue`, the C API's `on_event`): AdMob's `AdValue`, AppLovin's ad revenue.
public struct AdRevenue: Hashable, Sendable {
  /// Where the ad came from.
  public enum Source: String, Hashable, Sendable {
    /// Bought over OpenRTB.
    case openrtb
    /// A manifest's house ad.
    case manifest
    /// A demand file's house ads, served while its endpoint could not be reached.
    case fallback
  }

  /// How well the value is known.
  public enum Precision: String, Hashable, Sendable {
    /// A won first-price bid: its price is what is paid.
    case exact
    /// A house ad whose manifest entry states its `cpm`.
    case publisherProvided
    /// Not known: the value is 0. Written `"none"` in the trace and the C API's JSON; named
    /// `unknown` here (AdMob's UNKNOWN), since a `.none` would read as an empty `Optional`.
    case unknown = "none"
  }

  /// This event's own id (a random UUID): a game that counts revenue keeps it, so that an event
  /// handed over again after a crash (`pending`) is counted once.
  public var eventID: String
  /// The ad's format.
  public var format: AdFormat
  /// The game's placement of a full-screen ad; nil for the banner.
  public var placement: String?
  /// The ad's id (a bought ad's bid id).
  public var id: String
  /// Where it came from.
  public var source: Source
  /// The seat that bought it: a bought ad's.
  public var seat: String?
  /// Its creative's id (`crid`): a bought ad's.
  public var crid: String?
  /// The price per thousand impressions, in `currency`, in millionths.
  public var cpm: Micros
  /// This one impression's value: `cpm` / 1000, in `currency`, rounded to the millionth.
  public var revenue: Micros
  /// The ISO 4217 currency code.
  public var currency: String
  /// How well the value is known.
  public var precision: Precision

  /// What an impression of `ad` earned, shown as `format` at `placement`, as the event `eventID`.
  package init(impressionOf ad: AdCreative, format: AdFormat, placement: String?, eventID: String = RandomUUID.make()) {
    self.eventID = eventID
    self.format = format
    self.placement = placement
    id = ad.id
    let price = ad.price ?? AdPrice()
    source = price.source
    seat = price.seat
    crid = price.crid
    currency = price.currency
    // The price's shortest decimal form is the number the bid or the manifest wrote. A price that
    // is no CPM (past `PriceFloor.maximum`, negative, not finite) is not known: 0, never "exact".
    let written = price.cpm.description
    if price.precision != .unknown, PriceFloor.isValid(price.cpm), let cpm = Micros(decimal: written),
      let revenue = Micros(decimal: written, dividedByPowerOfTen: 3)
    {
      (self.cpm, self.revenue, precision) = (cpm, revenue, price.precision)
    } else {
      (cpm, revenue, precision) = (.zero, .zero, .unknown)
    }
  }

  /// An event as it was recorded: each field given.
  package init(
    eventID: String, format: AdFormat, placement: String?, id: String, source: Source, seat: String?, crid: String?,
    cpm: Micros, revenue: Micros, currency: String, precision: Precision
  ) {
    self.eventID = eventID
    self.format = format
    self.placement = placement
    self.id = id
    self.source = source
    self.seat = seat
    self.crid = crid
    self.cpm = cpm
    self.revenue = revenue
    self.currency = currency
    self.precision = precision
  }

  /// The fields of its `ad.revenue` trace line, in order; `revenue` as a decimal string.
  package var traceFields: [(key: String, value: TraceValue)] {
    var fields: [(key: String, value: TraceValue)] = [("format", .string(format.rawValue))]
    if let placement { fields.append(("placement", .string(placement))) }
    fields += [("id", .string(id)), ("source", .string(source.rawValue))]
    if let seat { fields.append(("seat", .string(seat))) }
    if let crid { fields.append(("crid", .string(crid))) }
    fields += [
      ("cpm", .micros(cpm.value)), ("revenue", .string(revenue.description)), ("currency", .string(currency)),
      ("precision", .string(precision.rawValue)),
    ]
    return fields
  }
}

/// What an ad's impressions are worth, as its source knows it: a bid's price, or a house ad's
/// stated `cpm`.
public struct AdPrice: Hashable, Sendable {
  /// The price per thousand impressions, in `currency`.
  public var cpm: Double
  /// The ISO 4217 currency code.
  public var currency: String
  /// How well it is known.
  public var precision: AdRevenue.Precision
  /// Where the ad came from.
  public var source: AdRevenue.Source
  /// A bought ad's seat.
  public var seat: String?
  /// A bought ad's creative id (`crid`).
  public var crid: String?

  /// A price; by default, a house ad's that states none.
  package init(
    cpm: Double = 0, currency: String = PriceFloor.currency, precision: AdRevenue.Precision = .unknown,
    source: AdRevenue.Source = .manifest, seat: String? = nil, crid: String? = nil
  ) {
    self.cpm = cpm
    self.currency = currency
    self.precision = precision
    self.source = source
    self.seat = seat
    self.crid = crid
  }
}
