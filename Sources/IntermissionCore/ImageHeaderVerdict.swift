/// What the first bytes of an image say about it, while it is still arriving.
package enum ImageHeaderVerdict: Hashable, Sendable {
  /// Not enough bytes yet to tell.
  case needsMoreBytes
  /// A format and size the decoder accepts.
  case acceptable
  /// An image the decoder would refuse, and why.
  case refused(String)
}
