import IntermissionBasics
import IntermissionCore

/// The system's DejaVu Sans, which Debian's fonts-dejavu-core installs: the default font.
package enum SystemFont {
  /// The places tried, in order.
  package static let candidates = [
    "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf",
    "/usr/share/fonts/TTF/DejaVuSans.ttf",
    "/usr/share/fonts/dejavu/DejaVuSans.ttf",
  ]

  /// The first candidate that is a readable regular file, or nil.
  package static var path: String? {
    candidates.first(where: RegularFile.isReadable)
  }
}
