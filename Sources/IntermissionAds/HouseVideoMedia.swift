import IntermissionBasics
import IntermissionCore
import IntermissionVAST

/// Where a house VAST file's media files are: paths relative to the VAST file, which must stay
/// inside the manifest's folder (after `..` and symbolic links are resolved), as images do.
struct HouseVideoMedia: Sendable {
  /// The VAST file's resolved path.
  let vastPath: String
  /// The manifest's folder, resolved.
  let folder: String

  /// The local file that `reference` (a `MediaFile` URL of the VAST file) names.
  /// - Throws: `VASTError` 401 for a file that is missing, outside the folder, or on the network (a
  ///   house ad's media is beside it).
  func locate(_ reference: String) throws(VASTError) -> String {
    if reference.containsText("://") || reference.hasPrefix("/") || reference.hasPrefix("~") {
      throw VASTError(
        .fileNotFound,
        "media file '\(PrintableText.escaping(String(reference.prefix(200))))' is not a path beside the VAST file")
    }
    let joined = FilePath.join(FilePath.folder(of: vastPath), reference)
    let prefix = folder.hasSuffix("/") ? folder : folder + "/"
    guard FilePath.normalized(joined).hasPrefix(prefix), let resolved = FilePath.resolved(joined),
      resolved.hasPrefix(prefix)
    else {
      throw VASTError(
        .fileNotFound,
        "media file '\(PrintableText.escaping(String(reference.prefix(200))))' is missing or outside the manifest's folder"
      )
    }
    do {
      try RegularFile.check(resolved)
    } catch {
      throw VASTError(.fileNotFound, "media file '\(PrintableText.escaping(reference))': \(error.description)")
    }
    return resolved
  }
}
