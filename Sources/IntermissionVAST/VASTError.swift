/// A VAST error: its code, as the IAB's VAST 4 table numbers it and `[ERRORCODE]` reports it to
/// the ad's Error URLs, and what was wrong.
package struct VASTError: Error, Hashable, Sendable, CustomStringConvertible {
  /// The VAST error code.
  package let code: Code
  /// What was wrong, and where.
  package let reason: String

  /// Creates an error.
  package init(_ code: Code, _ reason: String) {
    self.code = code
    self.reason = reason
  }

  package var description: String { "VAST error \(code.rawValue): \(reason)" }

  /// The codes Intermission reports.
  package enum Code: Int, Hashable, Sendable {
    /// The document is not XML that can be read (malformed, too large, too deep, a DTD).
    case xmlParsing = 100
    /// The document is XML but not VAST (no `VAST` root, an ad without `InLine` or `Wrapper`).
    case schemaValidation = 101
    /// A VAST version this player does not read.
    case versionNotSupported = 102
    /// The ad is of a type this player does not play (an audio ad).
    case trafficking = 200
    /// The ad is not linear (a NonLinear ad only), where a linear one is expected.
    case unexpectedLinearity = 201
    /// The ad's duration is outside what the placement takes.
    case unexpectedDuration = 202
    /// A wrapper could not be resolved (`followAdditionalWrappers` forbade another one).
    case wrapperGeneral = 300
    /// A wrapper's ad tag could not be fetched in time, or failed.
    case wrapperTimeout = 301
    /// More wrappers than the limit, or a wrapper that leads back to one before it.
    case wrapperLimit = 302
    /// The chain of wrappers ends in no ad.
    case noAdsAfterWrapper = 303
    /// A linear ad could not be played for another reason.
    case linearGeneral = 400
    /// The media file was not found.
    case fileNotFound = 401
    /// The media file did not arrive in time.
    case mediaTimeout = 402
    /// No media file that this player can play (VPAID only, unknown types, too large).
    case noSupportedMedia = 403
    /// The media file could not be played after it began.
    case problemDisplaying = 405
    /// Anything else.
    case undefined = 900
  }
}
