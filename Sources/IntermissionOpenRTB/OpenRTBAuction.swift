import IntermissionAds
import IntermissionBasics
import IntermissionCore

/// What an OpenRTB 2.6 bid response comes to for one request: no fill, or the valid bids (at least
/// their imp's floor, their markup valid), highest `price` first, and a loss notice for every bid
/// refused, each bid judged on its own: 3 (invalid bid response, a price above
/// `PriceFloor.maximum` among them), or 100 (below the auction floor) for those under the floor.
/// The first valid bid wins unless its ad cannot be loaded (its markup, VAST, image or media): then
/// the next is tried. The valid bids' loss notices wait for that outcome
/// (`Winner.loss(_:reason:)`): 102 (lost to a higher bid) only under the bid that was loaded. A
/// response that is not a bid response for the request, or has more than `maximumBids` bids, is
/// refused as a whole.
package struct OpenRTBAuction: Sendable {
  /// A valid bid, the winner should it load, with its ad and its notices, macros substituted.
  package struct Winner: Hashable, Sendable {
    /// The bid's `id`.
    package var bidID: String
    /// The seat that made it.
    package var seat: String?
    /// The bid's creative id (`crid`), if it gave one.
    package var creativeID: String? = nil
    /// The bid's `price` (in `currency`), the clearing price of a first-price auction.
    package var price: Double
    /// The response's currency.
    package var currency: String
    /// What the bid's markup is (`mtype`): 2 video (VAST), 4 native.
    package var markupType: MarkupType
    /// The native ad to render; nil for a video, or for markup still to fetch from the win notice.
    package var ad: NativeAd?
    /// A video bid's VAST document, its auction macros replaced; nil for native, or for markup
    /// still to fetch.
    package var vast: String?
    /// Whether the markup is the body of the win notice (`nurl`), fetched when the ad loads: the
    /// bid gave no `adm` (OpenRTB 2.6 §4.4). That fetch is the win notice; it is not fired again.
    package var markupFromWinNotice: Bool
    /// The win notice (`nurl`), fired when the ad is first shown.
    package var winNotice: String?
    /// The billing notice (`burl`), fired at the viewable impression.
    package var billingNotice: String?
    /// Seconds from the response until the bid may no longer be shown (`exp`, else the format's
    /// default).
    package var lifetime: Double
    /// The bid's macros, for a loss notice should it expire unshown (code 2).
    package var macros: AuctionMacros
    /// The loss notice URL (`lurl`) with its macros unsubstituted, for an expiry.
    package var lossNotice: String?
    /// The language of the ad's text: the bid's `langb` (BCP 47), else its `language` (ISO 639-1);
    /// nil when it gives neither, or one that is not a language tag.
    package var language: String? = nil

    /// Its loss notice with `code` (the loss reason), no price disclosed.
    /// - Parameters:
    ///   - code: 3 when its ad could not be loaded, 102 when a higher bid's was, 2 when the load's
    ///     deadline passed before it was tried.
    ///   - reason: why it was refused, for the trace (code 3).
    package func loss(_ code: Int, reason: String? = nil) -> Loss {
      Loss(bidID: bidID, code: code, url: lossNotice.map { macros.losing(code).substitute($0) }, reason: reason)
    }
  }

  /// A bid's kind of markup (OpenRTB 2.6 `mtype`).
  package enum MarkupType: Int, Hashable, Sendable {
    /// VAST.
    case video = 2
    /// Native 1.2 markup.
    case native = 4
  }

  /// A loss notice to fire: the loser's `lurl` with its macros substituted.
  package struct Loss: Hashable, Sendable {
    /// The bid's `id`.
    package var bidID: String
    /// The loss reason code.
    package var code: Int
    /// The URL to fire, if the bid named a valid one.
    package var url: String?
    /// Why a refused bid was refused (code 3), for the trace.
    package var reason: String?
  }

  /// The valid bids, highest price first (equal prices in the response's order): the winner, then
  /// those tried in turn should the ad before them fail to load.
  package var candidates: [Winner]
  /// The highest valid bid, the winner unless its ad fails to load; nil for no fill.
  package var winner: Winner? { candidates.first }
  /// The loss notice of every bid refused (3 and 100), in the order they were ranked.
  package var losses: [Loss]
  /// The response's no-bid reason (`nbr`), if it gave one.
  package var noBidReason: Int?

  /// The default lifetime of a banner bid, in seconds.
  package static let bannerLifetime = 300.0
  /// The default lifetime of a full-screen bid, in seconds.
  package static let fullscreenLifetime = 3600.0
  /// The most bids considered in one response.
  package static let maximumBids = 64

  /// Why a response as a whole was refused.
  package struct Malformed: Error, Hashable, Sendable, CustomStringConvertible {
    /// What is wrong with it.
    package let description: String
  }

  /// Decides the auction of `request` from its response.
  /// - Parameters:
  ///   - status: the HTTP status (204 is no fill).
  ///   - body: the body, at most `AdManifest.maximumSize` bytes (the transfer enforces it).
  ///   - request: the request answered.
  /// - Throws: `Malformed` for a body that is not a bid response for this request.
  package static func decide(status: Int, body: [UInt8], request: OpenRTBRequest) throws(Malformed) -> OpenRTBAuction {
    let none = OpenRTBAuction(candidates: [], losses: [], noBidReason: nil)
    if status == 204 || (status == 200 && body.allSatisfy { $0 == 0x20 || $0 == 0x0A || $0 == 0x0D || $0 == 0x09 }) {
      return none
    }
    guard status == 200 else { throw Malformed(description: "HTTP \(status)") }
    let root: StrictJSON.Value
    do {
      // A bid's string that is not UTF-8 refuses that bid alone (its reader meets `.invalidString`).
      root = try StrictJSON.parse(body, keepingInvalidStrings: true)
    } catch {
      throw Malformed(description: "not a JSON bid response (\(error))")
    }
    guard case .object = root else { throw Malformed(description: "the bid response is not an object") }
    guard case .string(let id)? = root["id"], id == request.id else {
      throw Malformed(description: "the bid response's \"id\" is not the request's")
    }
    var currency = "USD"
    if let value = root["cur"] {
      guard case .string(let code) = value, isCurrencyCode(code) else {
        throw Malformed(description: "the bid response's \"cur\" is not an ISO 4217 currency code")
      }
      currency = code
    }
    var auction = none
    if case .number(let nbr)? = root["nbr"], nbr == nbr.rounded(), (0...10_000).contains(nbr) {
      auction.noBidReason = Int(nbr)
    }
    var bidID: String?
    if case .string(let text)? = root["bidid"] { bidID = text }
    let bids = try bids(of: root)
    // Highest price first; equal prices keep the response's order; bids without a valid price last.
    let order = bids.indices.sorted { (bids[$0].price ?? -1, -$0) > (bids[$1].price ?? -1, -$1) }
    let rule = NativeAd.URLRule(endpoint: request.demand.endpoint)
    for index in order {
      let (seat, bid, price) = bids[index]
      let id: String
      if case .string(let text)? = bid["id"] { id = text } else { id = "" }
      var adID: String?
      if case .string(let text)? = bid["adid"] { adID = text }
      let macros = AuctionMacros(
        auctionID: request.id, bidID: bidID, impID: request.impID, seatID: seat, adID: adID, price: price,
        currency: currency)
      var lossURL: String?
      if case .string(let text)? = bid["lurl"] { lossURL = try? rule.checked(text, "lurl") }
      func loss(_ code: Int, _ reason: String? = nil) -> Loss {
        Loss(bidID: id, code: code, url: lossURL.map { macros.losing(code).substitute($0) }, reason: reason)
      }
      // Each bid is judged on its own: one seat's bad bid voids no other seat's.
      guard let price else {
        auction.losses.append(loss(3, "the bid has no valid \"price\""))
        continue
      }
      guard price <= PriceFloor.maximum else {
        auction.losses.append(loss(3, OpenRTBAuction.aboveMaximum))
        continue
      }
      if let floor = request.floor, floor > 0 {
        guard currency == PriceFloor.currency else {
          auction.losses.append(
            loss(3, "the bid is in \(currency), which the floor (in \(PriceFloor.currency)) cannot be compared with"))
          continue
        }
        guard price >= floor else {
          auction.losses.append(loss(100, belowFloor))
          continue
        }
      }
      do throws(NativeAd.Refusal) {
        auction.candidates.append(
          try winner(
            bid, id: id, seat: seat, price: price, currency: currency, macros: macros, lossURL: lossURL,
            request: request, rule: rule))
      } catch {
        auction.losses.append(loss(3, error.description))
      }
    }
    return auction
  }

  /// The reason a bid under its imp's floor is refused (`bid.refused`), with loss code 100.
  package static let belowFloor = "belowFloor"

  /// The reason a bid whose `price` is above the largest floor a manifest accepts
  /// (`PriceFloor.maximum`) is refused, with loss code 3: no CPM that high is a real price.
  package static let aboveMaximum = "the bid's \"price\" is above \(PriceFloor.maximum), the largest CPM accepted"

  /// Every bid of the response, with its seat and its `price` (nil when it is not a finite number
  /// of at least 0).
  /// - Throws: `Malformed` for a `seatbid` that is not an array of seats with `bid` arrays, or
  ///   more than `maximumBids` bids.
  private static func bids(of root: StrictJSON.Value) throws(Malformed) -> [(
    seat: String?, bid: StrictJSON.Value, price: Double?
  )] {
    guard let seatbids = root["seatbid"] else { return [] }
    guard case .array(let seats) = seatbids else { throw Malformed(description: "\"seatbid\" is not an array") }
    var bids: [(seat: String?, bid: StrictJSON.Value, price: Double?)] = []
    for seat in seats {
      guard case .array(let seatBids)? = seat["bid"] else {
        throw Malformed(description: "a seatbid has no \"bid\" array")
      }
      var seatName: String?
      if case .string(let name)? = seat["seat"] { seatName = name }
      for bid in seatBids {
        var price: Double?
        if case .number(let number)? = bid["price"], number.isFinite, number >= 0 { price = number }
        bids.append((seatName, bid, price))
      }
      guard bids.count <= maximumBids else { throw Malformed(description: "more than \(maximumBids) bids") }
    }
    return bids
  }

  /// Whether `code` has the form of an ISO 4217 currency code: three capital letters.
  static func isCurrencyCode(_ code: String) -> Bool {
    code.utf8.count == 3 && code.utf8.allSatisfy { (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains($0) }
  }

  private static func winner(
    _ bid: StrictJSON.Value, id: String, seat: String?, price: Double, currency: String, macros: AuctionMacros,
    lossURL: String?, request: OpenRTBRequest, rule: NativeAd.URLRule
  ) throws(NativeAd.Refusal) -> Winner {
    guard !id.isEmpty, id.count <= 256 else { throw NativeAd.Refusal("the bid has no \"id\"") }
    guard case .string(let impID)? = bid["impid"], impID == request.impID else {
      throw NativeAd.Refusal("the bid's \"impid\" is not the imp's (\(request.impID))")
    }
    var adm: String?
    if case .invalidString(let place)? = bid["adm"] { throw NativeAd.Refusal("\"adm\" is not UTF-8 (\(place))") }
    if let value = bid["adm"] {
      guard case .string(let text) = value, !text.isEmpty else { throw NativeAd.Refusal("\"adm\" is not markup") }
      adm = text
    }
    let type = try markupType(of: bid, adm: adm, request: request)
    // The markup's macros are replaced before it is read (values are percent-encoded: no quote or
    // backslash reaches the JSON), so its image, link and trackers all have theirs.
    var ad: NativeAd?
    var vast: String?
    if let adm {
      switch type {
      case .native: ad = try NativeAd.parse(macros.substitute(adm), urls: rule)
      case .video: vast = macros.substitute(adm)
      }
    }
    func notice(_ key: String) throws(NativeAd.Refusal) -> String? {
      guard let value = bid[key] else { return nil }
      guard case .string(let text) = value else { throw NativeAd.Refusal("\"\(key)\" is not a URL") }
      return macros.substitute(try rule.checked(text, key))
    }
    let winNotice = try notice("nurl")
    let billingNotice = try notice("burl")
    if adm == nil, winNotice == nil {
      throw NativeAd.Refusal("the bid has no \"adm\", and no \"nurl\" to fetch its markup from")
    }
    var lifetime = request.format == .banner ? bannerLifetime : fullscreenLifetime
    if case .number(let seconds)? = bid["exp"] {
      guard seconds >= 1, seconds <= 86_400 else { throw NativeAd.Refusal("\"exp\" must be 1 to 86400 seconds") }
      lifetime = seconds
    }
    var winner = Winner(
      bidID: id, seat: seat, price: price, currency: currency, markupType: type, ad: ad, vast: vast,
      markupFromWinNotice: adm == nil, winNotice: winNotice, billingNotice: billingNotice, lifetime: lifetime,
      macros: macros, lossNotice: lossURL, language: language(of: bid))
    if case .string(let crid)? = bid["crid"], !crid.isEmpty, crid.count <= 256, !PrintableText.containsControl(crid) {
      winner.creativeID = crid
    }
    return winner
  }

  /// The bid's `langb`, else its `language`, when it is a well-formed language tag.
  static func language(of bid: StrictJSON.Value) -> String? {
    for key in ["langb", "language"] {
      if case .string(let tag)? = bid[key], LanguageTag.isWellFormed(tag) { return tag }
    }
    return nil
  }

  /// The bid's `mtype` (2 or 4), or, when it gives none, what its markup looks like: XML is VAST.
  /// A video bid needs a full-screen imp that asked for video.
  private static func markupType(of bid: StrictJSON.Value, adm: String?, request: OpenRTBRequest) throws(NativeAd
    .Refusal) -> MarkupType
  {
    let type: MarkupType
    if let value = bid["mtype"] {
      guard case .number(let number) = value, let declared = MarkupType(rawValue: Int(exactly: number) ?? 0) else {
        throw NativeAd.Refusal("\"mtype\" must be 2 (video) or 4 (native): those are what the imp asked for")
      }
      type = declared
    } else if let adm {
      type = adm.first(where: { !$0.isWhitespace }) == "<" ? .video : .native
    } else {
      throw NativeAd.Refusal("the bid has neither \"adm\" nor \"mtype\": its markup's kind is unknown")
    }
    if type == .video, request.format == .banner || request.videoTypes.isEmpty {
      throw NativeAd.Refusal("a video bid for an imp that asked for no video")
    }
    return type
  }
}
