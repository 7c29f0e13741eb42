import IntermissionBasics
import IntermissionCore

#if canImport(Glibc)
  import Glibc
#endif

/// A disk cache of HTTP bodies by URL, with their ETags, for revalidation (`If-None-Match`) and for
/// serving the last good ads offline. Capped in size: the least recently used entries go first.
///
/// Each entry is two files named by a hash of the URL: `HASH.body` and `HASH.meta` (the URL, the
/// ETag, and the body's length and FNV-1a hash). Files are written under a temporary name and
/// renamed, so a crash never leaves half an entry; an entry that is damaged all the same (a body
/// truncated or changed, a meta file that is garbage) is removed when it is read and counts as a
/// miss: it is fetched again, never served. One cache is used by one load at a time.
package final class HTTPCache: @unchecked Sendable {
  /// One cached response.
  package struct Entry: Hashable, Sendable {
    /// The body.
    package var body: [UInt8]
    /// Its ETag, if the server gave one.
    package var etag: String?
  }

  /// The default cap: 64 MiB.
  package static let defaultCapacity = 64 << 20

  /// The folder of the entries.
  package let folder: String
  /// The most bytes the entries may take together.
  package let capacity: Int
  let condition = Condition()

  /// Creates a cache in `folder` (created when first written).
  package init(folder: String, capacity: Int = HTTPCache.defaultCapacity) {
    self.folder = folder
    self.capacity = capacity
  }

  /// The cache folder for Intermission: `$XDG_CACHE_HOME/intermission/http`, else
  /// `$HOME/.cache/intermission/http`; nil without either variable.
  package static func defaultFolder(environment: [String: String]) -> String? {
    if let cache = environment["XDG_CACHE_HOME"], cache.hasPrefix("/") { return cache + "/intermission/http" }
    if let home = environment["HOME"], home.hasPrefix("/") { return home + "/.cache/intermission/http" }
    return nil
  }

  /// The entry for `url`, if cached and no larger than `maximumBytes`.
  package func entry(for url: String, maximumBytes: Int) -> Entry? {
    condition.withLock {
      let base = FilePath.join(folder, HTTPCache.key(url))
      guard let meta = meta(of: base, url: url), meta.length <= maximumBytes else { return nil }
      guard let body = try? RegularFile.read(base + ".body", limit: maximumBytes), body.count == meta.length,
        HTTPCache.hash(body) == meta.hash
      else {
        remove(base)
        return nil
      }
      touch(base + ".body")
      return Entry(body: body, etag: meta.etag)
    }
  }

  /// The path of `url`'s cached body, when it is cached whole and unchanged (the length and hash
  /// its meta file records, the bytes read through a fixed buffer), marked as used: a video's media
  /// file is played from the cache in place, never read into memory. A body that changed is
  /// removed, and is a miss.
  package func bodyPath(for url: String) -> String? { pinnedBodyPath(for: url)?.path }

  /// The entry's meta file at `base`, if it is `url`'s (a hash collision is a miss) and its body has
  /// the length it records. A meta file that is garbage, or whose body is missing or of another
  /// length, removes the entry. Lock held.
  func meta(of base: String, url: String) -> Meta? {
    guard let meta = try? RegularFile.read(base + ".meta", limit: 4096) else { return nil }
    let lines = String(decoding: meta, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
    let sizes = lines.count == 4 ? lines[2].split(separator: " ") : []
    var body = stat()
    guard lines.count == 4, lines[3].isEmpty, sizes.count == 2, let length = Int(sizes[0]),
      let hash = UInt64(sizes[1], radix: 16), stat(base + ".body", &body) == 0, Int(body.st_size) == length
    else {
      remove(base)
      return nil
    }
    guard lines[0] == url else { return nil }
    return Meta(etag: lines[1].isEmpty ? nil : String(lines[1]), length: length, hash: hash)
  }

  /// What an entry's meta file says besides its URL.
  struct Meta {
    let etag: String?
    let length: Int
    let hash: UInt64
  }

  /// The ETag of `url`'s entry, if it is cached with one: what a revalidation sends, read without
  /// the body (which is read only if the server answers 304, and checked then).
  package func etag(for url: String) -> String? {
    condition.withLock { meta(of: FilePath.join(folder, HTTPCache.key(url)), url: url)?.etag }
  }

  /// Removes the entry at `base`. Lock held.
  func remove(_ base: String) {
    unlink(base + ".meta")
    unlink(base + ".body")
  }

  /// Stores `body` with its `etag` as the entry for `url`, then trims the cache to its capacity.
  /// A failure to write only means the entry is not cached.
  package func store(_ body: [UInt8], etag: String?, for url: String) {
    condition.withLock {
      guard body.count <= capacity, HTTPCache.makeFolders(folder) else { return }
      let base = FilePath.join(folder, HTTPCache.key(url))
      let sizes = String(body.count) + " " + String(HTTPCache.hash(body), radix: 16)
      let meta = Array((url + "\n" + (etag ?? "") + "\n" + sizes + "\n").utf8)
      guard HTTPCache.writeAtomically(body, to: base + ".body"), HTTPCache.writeAtomically(meta, to: base + ".meta")
      else { return }
      trim()
    }
  }

  /// The bytes the entries take now.
  package var size: Int { condition.withLock { entries().reduce(0) { $0 + $1.size } } }

  // MARK: - Files

  /// Removes the least recently used entries until the cache fits its capacity, but never a pinned
  /// one (a ready video ad's media file: the cache may stay over its capacity until it is
  /// released). Lock held.
  func trim() {
    var files = entries()
    var total = files.reduce(0) { $0 + $1.size }
    guard total > capacity else { return }
    files.sort { $0.used < $1.used }
    for file in files where total > capacity && !HTTPCache.isPinned(FilePath.join(folder, file.key) + ".body") {
      remove(FilePath.join(folder, file.key))
      total -= file.size
    }
  }

  /// The entries' keys, sizes (body and meta) and last use. Lock held.
  private func entries() -> [(key: String, size: Int, used: Double)] {
    guard let directory = opendir(folder) else { return [] }
    defer { closedir(directory) }
    var found: [(key: String, size: Int, used: Double)] = []
    while let entry = readdir(directory) {
      let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
      guard name.hasSuffix(".body") else { continue }
      let key = String(name.dropLast(5))
      var body = stat()
      var meta = stat()
      guard stat(FilePath.join(folder, name), &body) == 0 else { continue }
      let metaSize = stat(FilePath.join(folder, key + ".meta"), &meta) == 0 ? Int(meta.st_size) : 0
      let used = Double(body.st_mtim.tv_sec) + Double(body.st_mtim.tv_nsec) / 1e9
      found.append((key, Int(body.st_size) + metaSize, used))
    }
    return found
  }

  /// Marks a file as used now (its modification time orders eviction).
  func touch(_ path: String) { utimensat(AT_FDCWD, path, nil, 0) }

  /// The file name of `url`'s entry: its FNV-1a hash in hex.
  static func key(_ url: String) -> String {
    let hex = String(hash(url.utf8), radix: 16)
    return String(repeating: "0", count: 16 - hex.count) + hex
  }

  /// FNV-1a's starting value.
  static let hashSeed: UInt64 = 0xcbf2_9ce4_8422_2325

  /// FNV-1a, 64 bits, of `bytes`, continuing from `hash` (the hash of the bytes before them).
  static func hash<Bytes: Sequence<UInt8>>(_ bytes: Bytes, continuing hash: UInt64 = hashSeed) -> UInt64 {
    var hash = hash
    for byte in bytes { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
    return hash
  }

  /// Creates `path` and its parents, mode 0700; true when it is a safe folder afterwards: a
  /// folder (not a link) of this user's that other users may not write, under folders of this user's or
  /// root's that no one else may write into unless they are sticky (as `/tmp` is). A folder someone
  /// else made (`/tmp/intermission-UID` made first by another user) is refused.
  static func makeFolders(_ path: String) -> Bool {
    var status = stat()
    if lstat(path, &status) != 0 {
      let parent = FilePath.folder(of: path)
      if parent != path, parent != "/", parent != "." { _ = makeFolders(parent) }
      guard mkdir(path, 0o700) == 0 || errno == EEXIST, lstat(path, &status) == 0 else { return false }
    }
    guard (status.st_mode & S_IFMT) == S_IFDIR, status.st_uid == geteuid(), status.st_mode & 0o002 == 0 else {
      return false
    }
    var folder = FilePath.folder(of: path)
    while folder != "." {
      guard stat(folder, &status) == 0, status.st_uid == geteuid() || status.st_uid == 0,
        status.st_mode & 0o002 == 0 || status.st_mode & S_ISVTX != 0
      else { return false }
      let parent = FilePath.folder(of: folder)
      if parent == folder { break }
      folder = parent
    }
    return true
  }

  /// Writes `bytes` to a temporary file beside `path`, then renames it over `path`.
  static func writeAtomically(_ bytes: [UInt8], to path: String) -> Bool {
    let temporary = path + ".tmp\(getpid())"
    let descriptor = createExclusively(temporary)
    guard descriptor >= 0 else { return false }
    let complete = bytes.withUnsafeBytes { FileDescriptor.writeAll(descriptor, $0) } == 0
    close(descriptor)
    guard complete, rename(temporary, path) == 0 else {
      unlink(temporary)
      return false
    }
    return true
  }
}
