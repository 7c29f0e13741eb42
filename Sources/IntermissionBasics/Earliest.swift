/// The earlier of two wake times, either of which may be absent; allocates nothing (the steady-state
/// frame asks for it).
package func earliest(_ a: Double?, _ b: Double?) -> Double? {
  guard let a else { return b }
  guard let b else { return a }
  return min(a, b)
}
