import Foundation

/// A Matroska file whose pictures mostly come without a timestamp, made from one that ffmpeg wrote
/// with `-live 1 -write_crc32 0` (a segment of unknown size, no cues, no checksums). Its frames are
/// laced (Xiph lacing) several to a SimpleBlock and its track's DefaultDuration is voided, so that
/// only each block's first frame has a time: FFmpeg's demuxer gives the others none
/// (`AV_NOPTS_VALUE`), as it does for any laced frames without durations.
enum LacedMatroska {
  struct Malformed: Error, CustomStringConvertible {
    let description: String
  }

  private static let clusterID: [UInt8] = [0x1F, 0x43, 0xB6, 0x75]

  /// `file` with its frames laced `framesPerBlock` to a block, one block to a cluster.
  /// - Throws: `Malformed` when `file` is not laid out as ffmpeg writes it with those options.
  static func relace(_ file: Data, framesPerBlock: Int) throws -> Data {
    let bytes = [UInt8](file)
    guard let first = firstIndex(of: clusterID, in: bytes[...]) else { throw Malformed(description: "no cluster") }
    var output = Array(bytes[..<first])
    // The track's DefaultDuration (0x23E383) would give laced frames their times: a Void element
    // (0xEC) of the same length takes its place.
    guard let duration = firstIndex(of: [0x23, 0xE3, 0x83], in: output[...]) else {
      throw Malformed(description: "no DefaultDuration")
    }
    let durationSize = try vint(output, at: duration + 3)
    let length = 3 + durationSize.length + durationSize.value
    guard durationSize.length == 1, length - 2 < 0x7F else { throw Malformed(description: "a long DefaultDuration") }
    output.replaceSubrange(
      duration..<(duration + length), with: [0xEC, 0x80 | UInt8(length - 2)] + [UInt8](repeating: 0, count: length - 2))

    var frames: [(time: Int, isKey: Bool, data: ArraySlice<UInt8>)] = []
    var offset = first
    while offset < bytes.count {
      let cluster = try element(bytes, at: offset)
      guard cluster.id == 0x1F43_B675 else { throw Malformed(description: "element \(cluster.id) after the clusters") }
      var clusterTime = 0
      var inner = cluster.body.lowerBound
      while inner < cluster.body.upperBound {
        let child = try element(bytes, at: inner)
        if child.id == 0xE7 { clusterTime = bytes[child.body].reduce(0) { $0 << 8 | Int($1) } }
        if child.id == 0xA3 {
          // A SimpleBlock: its track (one byte), its time from the cluster's (16 bits), flags, the frame.
          let start = child.body.lowerBound
          guard bytes[start + 3] & 0x06 == 0 else { throw Malformed(description: "a block already laced") }
          let relative = Int(Int16(bitPattern: UInt16(bytes[start + 1]) << 8 | UInt16(bytes[start + 2])))
          frames.append(
            (clusterTime + relative, bytes[start + 3] & 0x80 != 0, bytes[(start + 4)..<child.body.upperBound]))
        }
        inner = child.body.upperBound
      }
      offset = cluster.body.upperBound
    }

    for start in stride(from: 0, to: frames.count, by: framesPerBlock) {
      let group = frames[start..<min(start + framesPerBlock, frames.count)]
      let leader = group[group.startIndex]
      // Xiph lacing: the count of frames less one, then each frame's size but the last's, in 255s.
      var lacing: [UInt8] = [UInt8(group.count - 1)]
      for frame in group.dropLast() {
        lacing += [UInt8](repeating: 255, count: frame.data.count / 255) + [UInt8(frame.data.count % 255)]
      }
      let flags: UInt8 = (leader.isKey ? 0x80 : 0) | 0x02
      let block: [UInt8] = [0x81, 0, 0, flags] + lacing + group.flatMap(\.data)
      output += encode(clusterID, encode([0xE7], bigEndian(leader.time, bytes: 8)) + encode([0xA3], block))
    }
    return Data(output)
  }

  /// The element at `offset`: its ID (with its length marker, as IDs are written) and its body.
  private static func element(_ bytes: [UInt8], at offset: Int) throws -> (id: Int, body: Range<Int>) {
    let idLength = bytes[offset].leadingZeroBitCount + 1
    guard idLength <= 4, offset + idLength < bytes.count else { throw Malformed(description: "a bad ID at \(offset)") }
    let id = bytes[offset..<(offset + idLength)].reduce(0) { $0 << 8 | Int($1) }
    let size = try vint(bytes, at: offset + idLength)
    let body = offset + idLength + size.length
    guard body + size.value <= bytes.count else { throw Malformed(description: "an element past the end at \(offset)") }
    return (id, body..<(body + size.value))
  }

  /// The EBML variable-length integer at `offset`: its value (its length marker removed) and length.
  private static func vint(_ bytes: [UInt8], at offset: Int) throws -> (value: Int, length: Int) {
    let length = bytes[offset].leadingZeroBitCount + 1
    guard length <= 8, offset + length <= bytes.count else { throw Malformed(description: "a bad size at \(offset)") }
    let value = bytes[(offset + 1)..<(offset + length)].reduce(Int(bytes[offset]) & (0xFF >> length)) {
      $0 << 8 | Int($1)
    }
    return (value, length)
  }

  /// An element of `id` around `payload`, its size in eight bytes.
  private static func encode(_ id: [UInt8], _ payload: [UInt8]) -> [UInt8] {
    id + [0x01] + bigEndian(payload.count, bytes: 7) + payload
  }

  private static func bigEndian(_ value: Int, bytes: Int) -> [UInt8] {
    (0..<bytes).reversed().map { UInt8(truncatingIfNeeded: value >> ($0 * 8)) }
  }

  private static func firstIndex(of needle: [UInt8], in haystack: ArraySlice<UInt8>) -> Int? {
    guard haystack.count >= needle.count else { return nil }
    return (haystack.startIndex...(haystack.endIndex - needle.count)).first { start in
      haystack[start..<(start + needle.count)].elementsEqual(needle)
    }
  }
}
