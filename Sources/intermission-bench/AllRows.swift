/// Every row, 1 to 17, in order; with `drawsPictures`, row 9's frame times also as a picture.
func addAllRows(_ suite: BenchmarkSuite, drawsPictures: Bool, to report: inout Report) throws {
  addCoreRows(suite, to: &report)
  addForeignLoopRows(suite, to: &report)
  try addLoopRows(suite, to: &report)
  try addAllocationRows(suite, to: &report)
  let memory = try addMemoryRows(suite, to: &report)
  try addProgramRows(suite, to: &report)
  try addRotationRows(suite, drawsPicture: drawsPictures, to: &report)
  try addCAPIRows(suite, to: &report)
  try addTimelineRows(suite, to: &report)
  try addFullscreenRows(suite, to: &report)
  try addBidRows(suite, to: &report)
  try addVideoRows(suite, stillsPeak: memory.withFullscreen, to: &report)
  try addSurfaceRows(suite, to: &report)
  try addConsentRows(to: &report)
  try addConsentFormRows(suite, to: &report)
}
