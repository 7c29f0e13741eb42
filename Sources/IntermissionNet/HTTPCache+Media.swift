import IntermissionAds
import IntermissionBasics
import IntermissionCore

#if canImport(Glibc)
  import Glibc
#endif

/// Media files in the cache: streamed into it (never held in memory whole), checked against their
/// hash before each use, and pinned while the ad that plays them is ready or showing.
extension HTTPCache {
  /// The body paths pinned now, with how many pins each has: shared by every cache of the process
  /// (several sources may keep caches in one folder).
  private static let pins = Locked<[String: Int]>([:])
  /// Numbers the temporary files of this process.
  private static let temporaries = Locked(0)

  /// Whether the body at `path` is pinned.
  static func isPinned(_ path: String) -> Bool { pins.withLock { $0[path] != nil } }

  /// Pins the body at `path` until the returned pin is released.
  static func pin(_ path: String) -> MediaPin {
    pins.withLock { $0[path, default: 0] += 1 }
    return MediaPin(path: path) {
      HTTPCache.pins.withLock { pins in
        if let count = pins[path] { pins[path] = count > 1 ? count - 1 : nil }
      }
    }
  }

  /// The path of `url`'s cached body, pinned, when it is cached whole and its bytes still have the
  /// hash its meta file records (read through a fixed buffer); a body that was changed is removed,
  /// and is a miss.
  func pinnedBodyPath(for url: String) -> (path: String, pin: MediaPin)? {
    let base = FilePath.join(folder, HTTPCache.key(url))
    // Pinned (no trim removes it) and its meta read under the lock; hashed outside it, so that a
    // large file's read holds up no other fetch of the cache.
    let found: (pin: MediaPin, hash: UInt64)? = condition.withLock {
      let pin = HTTPCache.pin(base + ".body")
      return meta(of: base, url: url).map { (pin, $0.hash) }
    }
    guard let found else { return nil }
    let isIntact = HTTPCache.hashOfFile(base + ".body") == found.hash
    return condition.withLock {
      guard isIntact else {
        remove(base)
        return nil
      }
      touch(base + ".body")
      return (base + ".body", found.pin)
    }
  }

  /// A new temporary file in the cache's folder for `url`'s body to stream into; nil when the
  /// folder is not safe or cannot be made, or the file cannot be created.
  func incomingBody(for url: String) -> IncomingBody? {
    condition.withLock {
      guard HTTPCache.makeFolders(folder) else { return nil }
      let number = HTTPCache.temporaries.withLock { count in
        count += 1
        return count
      }
      let path = FilePath.join(folder, HTTPCache.key(url)) + ".body.tmp\(getpid())-\(number)"
      let descriptor = HTTPCache.createExclusively(path)
      return descriptor < 0 ? nil : IncomingBody(descriptor: descriptor, path: path)
    }
  }

  /// Makes `body` (complete) the entry for `url`, with its `etag`, pinned, then trims the cache to
  /// its capacity.
  /// - Returns: the body's path and its pin; nil when it could not be kept (the file is removed).
  func keep(_ body: IncomingBody, etag: String?, for url: String) -> (path: String, pin: MediaPin)? {
    guard body.finish() else {
      unlink(body.path)
      return nil
    }
    return condition.withLock {
      let base = FilePath.join(folder, HTTPCache.key(url))
      // Pinned before it is in place: another cache of the folder that trims now skips it.
      let pin = HTTPCache.pin(base + ".body")
      let sizes = String(body.length) + " " + String(body.hash, radix: 16)
      let meta = Array((url + "\n" + (etag ?? "") + "\n" + sizes + "\n").utf8)
      guard body.length <= capacity, rename(body.path, base + ".body") == 0 else {
        unlink(body.path)
        return nil
      }
      guard HTTPCache.writeAtomically(meta, to: base + ".meta") else {
        remove(base)
        return nil
      }
      body.isKept = true
      trim()
      return (base + ".body", pin)
    }
  }

  /// Drops a body that will not be kept.
  func discard(_ body: IncomingBody) {
    _ = body.finish()
    unlink(body.path)
  }

  /// Creates the file at `path` for writing, mode 0600, never an existing file and never through a
  /// symbolic link; a file left there by a crashed process of the same id is removed first.
  /// - Returns: the descriptor, or -1.
  static func createExclusively(_ path: String) -> Int32 {
    let flags = O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC
    var descriptor = open(path, flags, 0o600)
    if descriptor < 0, errno == EEXIST, unlink(path) == 0 { descriptor = open(path, flags, 0o600) }
    return descriptor
  }

  /// The FNV-1a hash of the file at `path`, read through a fixed 64 KiB buffer; nil when it cannot
  /// be read.
  static func hashOfFile(_ path: String) -> UInt64? {
    let descriptor = open(path, O_RDONLY | O_NOFOLLOW | O_CLOEXEC)
    guard descriptor >= 0 else { return nil }
    defer { close(descriptor) }
    let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: 64 << 10, alignment: 16)
    defer { buffer.deallocate() }
    var hash = hashSeed
    while true {
      let count = read(descriptor, buffer.baseAddress, buffer.count)
      if count < 0, errno == EINTR { continue }
      guard count >= 0 else { return nil }
      if count == 0 { return hash }
      hash = HTTPCache.hash(UnsafeRawBufferPointer(rebasing: buffer[..<count]), continuing: hash)
    }
  }
}

/// A response body on its way into the cache: written to a temporary file of its own as it streams
/// in, and hashed as it goes, so that no more of it is in memory than the chunk at hand.
final class IncomingBody {
  /// The temporary file's path.
  let path: String
  private var descriptor: Int32
  /// The bytes written so far.
  private(set) var length = 0
  /// Their FNV-1a hash.
  private(set) var hash = HTTPCache.hashSeed
  private var failed = false
  /// Whether the cache made it an entry (its temporary file was renamed).
  fileprivate(set) var isKept = false

  init(descriptor: Int32, path: String) {
    self.descriptor = descriptor
    self.path = path
  }

  deinit { _ = finish() }

  /// Appends `chunk`; false when it could not be written (the transfer stops).
  func write(_ chunk: UnsafeRawBufferPointer) -> Bool {
    guard !failed, descriptor >= 0, FileDescriptor.writeAll(descriptor, chunk) == 0 else {
      failed = true
      return false
    }
    hash = HTTPCache.hash(chunk, continuing: hash)
    length += chunk.count
    return true
  }

  /// Closes the file; true when every write, and the close, succeeded.
  func finish() -> Bool {
    guard descriptor >= 0 else { return !failed }
    if close(descriptor) != 0 { failed = true }
    descriptor = -1
    return !failed
  }
}
