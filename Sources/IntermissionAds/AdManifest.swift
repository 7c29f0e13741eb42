import Foundation

/// Reads and validates an ad manifest: untrusted input.
///
/// The format is `{ "ads": [ { "id": "...", "image": "file.png", "title": "...",
/// "action": "in-app" | "open-url", "url": "https://..." } ] }`, image paths relative to the manifest.
/// Paths must stay inside the manifest's folder (after resolving `..` and symbolic links), and
/// `open-url` ads need an http or https URL.
public enum AdManifest {
  /// The most bytes a manifest may have; a larger file is rejected, not read.
  public static let maximumSize = 1 << 20

  /// Loads and validates the manifest at `path`.
  /// - Returns: the ads in manifest order.
  /// - Throws: `AdError` naming the file, the entry and what is wrong.
  public static func load(path: String) throws -> [AdCreative] {
    let manifestURL = URL(fileURLWithPath: path)
    let data: Data
    do {
      let attributes = try FileManager.default.attributesOfItem(atPath: path)
      if let size = attributes[.size] as? Int, size > maximumSize {
        throw AdError.manifestMalformed(path: path, detail: "file is larger than \(maximumSize) bytes")
      }
      data = try Data(contentsOf: manifestURL)
    } catch let error as AdError {
      throw error
    } catch {
      let reason = FileManager.default.fileExists(atPath: path) ? "not readable" : "no such file"
      throw AdError.manifestUnreadable(path: path, reason: reason)
    }
    return try parse(data, manifestPath: path)
  }

  /// Validates manifest `data` as if read from `manifestPath` (used to resolve image paths).
  /// - Throws: `AdError`.
  public static func parse(_ data: Data, manifestPath: String) throws -> [AdCreative] {
    func malformed(_ detail: String) -> AdError { .manifestMalformed(path: manifestPath, detail: detail) }
    let root: Any
    do {
      root = try JSONSerialization.jsonObject(with: data)
    } catch {
      throw malformed("not valid JSON")
    }
    guard let object = root as? [String: Any] else { throw malformed("the top level is not an object") }
    guard let entries = object["ads"] as? [Any] else { throw malformed("missing \"ads\" array") }
    guard !entries.isEmpty else { throw AdError.noAds(path: manifestPath) }
    let folder = try resolvedFolder(of: manifestPath)

    var creatives: [AdCreative] = []
    for (index, entry) in entries.enumerated() {
      let place = "ads[\(index)]"
      guard let fields = entry as? [String: Any] else { throw malformed("\(place) is not an object") }
      func string(_ key: String) throws -> String {
        guard let value = fields[key] as? String, !value.trimmingCharacters(in: .whitespaces).isEmpty else {
          throw malformed("\(place): \"\(key)\" must be a non-empty string")
        }
        return value
      }
      let id = try string("id")
      let image = try string("image")
      let title = try string("title")
      let actionName = try string("action")
      let action: AdCreative.Action
      switch actionName {
      case "in-app":
        action = .inApp
      case "open-url":
        let url = try string("url")
        guard isWebURL(url) else { throw AdError.unsupportedURL(id: id, url: url) }
        action = .openURL(url)
      default:
        throw malformed("\(place) '\(id)': \"action\" must be \"in-app\" or \"open-url\", not \"\(actionName)\"")
      }
      let imagePath = try resolveImage(image, id: id, folder: folder)
      creatives.append(AdCreative(id: id, imagePath: imagePath, title: title, action: action))
    }
    return creatives
  }

  /// Whether `text` is an absolute http or https URL with a host, and nothing that a shell or
  /// browser could read as more than one argument.
  public static func isWebURL(_ text: String) -> Bool {
    guard let components = URLComponents(string: text), let scheme = components.scheme?.lowercased(),
      scheme == "http" || scheme == "https", let host = components.host, !host.isEmpty
    else { return false }
    return !text.unicodeScalars.contains { $0.value < 0x21 || $0.value == 0x7F }
  }

  private static func resolvedFolder(of manifestPath: String) throws -> String {
    let folder = (manifestPath as NSString).deletingLastPathComponent
    return realPath(folder.isEmpty ? "." : folder) ?? folder
  }

  private static func resolveImage(_ image: String, id: String, folder: String) throws -> String {
    guard !image.hasPrefix("/"), !image.hasPrefix("~") else {
      throw AdError.pathOutsideManifestFolder(id: id, path: image)
    }
    let joined = folder + "/" + image
    let standardized = (joined as NSString).standardizingPath
    guard isInside(standardized, folder: folder) else {
      throw AdError.pathOutsideManifestFolder(id: id, path: image)
    }
    guard let resolved = realPath(joined) else { throw AdError.imageMissing(id: id, path: image) }
    guard isInside(resolved, folder: folder) else { throw AdError.pathOutsideManifestFolder(id: id, path: image) }
    var isDirectory: ObjCBool = false
    guard FileManager.default.fileExists(atPath: resolved, isDirectory: &isDirectory), !isDirectory.boolValue else {
      throw AdError.imageMissing(id: id, path: image)
    }
    return resolved
  }

  private static func isInside(_ path: String, folder: String) -> Bool {
    let prefix = folder.hasSuffix("/") ? folder : folder + "/"
    return path.hasPrefix(prefix)
  }

  private static func realPath(_ path: String) -> String? {
    guard let resolved = realpath(path, nil) else { return nil }
    defer { free(resolved) }
    return String(cString: resolved)
  }
}
