import IntermissionAds

/// A count of the overlay's visible changes, shared by its parts: the overlay redraws when it moved
/// since the last draw.
final class ChangeCounter {
  private(set) var value = 0
  func changed() { value &+= 1 }
}
