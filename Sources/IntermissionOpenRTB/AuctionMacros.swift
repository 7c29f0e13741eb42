import IntermissionAds
import IntermissionBasics

/// The OpenRTB 2.6 substitution macros (section 4.4) of one bid, replaced in its notice and tracker
/// URLs: `${AUCTION_ID}`, `${AUCTION_BID_ID}`, `${AUCTION_IMP_ID}`, `${AUCTION_SEAT_ID}`,
/// `${AUCTION_AD_ID}`, `${AUCTION_PRICE}`, `${AUCTION_CURRENCY}` and `${AUCTION_LOSS}`, written
/// plainly or percent-encoded (`%24%7BAUCTION_PRICE%7D`). A macro without a value becomes empty,
/// as the specification says of an undisclosed one.
package struct AuctionMacros: Hashable, Sendable {
  /// The bid request's id.
  package var auctionID: String
  /// The bid response's `bidid`.
  package var bidID: String?
  /// The imp's id.
  package var impID: String
  /// The seat's id.
  package var seatID: String?
  /// The bid's `adid`.
  package var adID: String?
  /// The clearing price: the winning bid's own price (a first-price auction); nil for a loss,
  /// whose price is not disclosed.
  package var price: Double?
  /// The currency.
  package var currency: String
  /// The loss reason code (102: lost to a higher bid; 3: invalid bid response; 2: expired).
  package var loss: Int?

  /// Creates the macros of a bid.
  package init(
    auctionID: String, bidID: String?, impID: String, seatID: String?, adID: String?, price: Double?,
    currency: String, loss: Int? = nil
  ) {
    self.auctionID = auctionID
    self.bidID = bidID
    self.impID = impID
    self.seatID = seatID
    self.adID = adID
    self.price = price
    self.currency = currency
    self.loss = loss
  }

  /// The same macros for a loss notice with `code`: no price disclosed.
  package func losing(_ code: Int) -> AuctionMacros {
    var macros = self
    macros.price = nil
    macros.loss = code
    return macros
  }

  /// `url` with every macro replaced by its percent-encoded value.
  package func substitute(_ url: String) -> String {
    guard url.containsText("AUCTION_") else { return url }
    var result = url
    for (name, value) in values {
      let encoded = Beacon.percentEncoded(value ?? "")
      for form in ["${\(name)}", "%24%7B\(name)%7D", "%24%7b\(name)%7d"] {
        result = result.replacingText(form, with: encoded)
      }
    }
    return result
  }

  private var values: [(String, String?)] {
    [
      ("AUCTION_ID", auctionID), ("AUCTION_BID_ID", bidID), ("AUCTION_IMP_ID", impID), ("AUCTION_SEAT_ID", seatID),
      ("AUCTION_AD_ID", adID), ("AUCTION_PRICE", price.map(AuctionMacros.decimal)), ("AUCTION_CURRENCY", currency),
      ("AUCTION_LOSS", loss.map(String.init)),
    ]
  }

  /// `price` in decimal: `2` for 2.0, `0.35` for 0.35.
  static func decimal(_ price: Double) -> String {
    price == price.rounded() && abs(price) < 1e15 ? String(Int64(price)) : String(price)
  }
}
