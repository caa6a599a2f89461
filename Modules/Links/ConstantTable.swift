/// The constant segments of every node of a route table's tree, in one open-addressing hash
/// table keyed by the node and the segment's bytes: a look-up hashes the bytes where they are,
/// with no `String` made for them.
struct ConstantTable: Sendable {
    private struct Slot: Sendable {
        var node = -1
        var hash: UInt64 = 0
        var start = 0
        var count = 0
        var next = 0
    }

    private var slots: [Slot] = []
    private var mask = 0
    /// For each node, one bit for each of its constants' first bytes (the byte's low six bits):
    /// a segment whose first byte has no bit there is no constant of the node, and is not looked up.
    private var firstBytes: [UInt64] = []
    /// Every constant's bytes, one after the other.
    private var pool: [UInt8] = []

    init() {}

    /// - Parameter entries: each constant, with the node it leaves and the node it leads to.
    init(_ entries: [(node: Int, text: String, next: Int)]) {
        var size = 8
        while size < entries.count * 2 { size *= 2 }
        slots = Array(repeating: Slot(), count: size)
        mask = size - 1
        firstBytes = Array(repeating: 0, count: (entries.map(\.node).max() ?? -1) + 1)
        for entry in entries {
            let bytes = Array(entry.text.utf8)
            firstBytes[entry.node] |= 1 << ((bytes.first ?? 0) & 63)
            let hash = bytes.withUnsafeBufferPointer { Self.hash(node: entry.node, $0) }
            var index = Int(truncatingIfNeeded: hash) & mask
            while slots[index].node >= 0 { index = (index + 1) & mask }
            slots[index] = Slot(node: entry.node, hash: hash, start: pool.count, count: bytes.count, next: entry.next)
            pool += bytes
        }
    }

    /// The node the constant `segment` leads to from `node`, if it is one of that node's.
    func next(after node: Int, for segment: UnsafeBufferPointer<UInt8>) -> Int? {
        guard node < firstBytes.count, let first = segment.first, firstBytes[node] >> (first & 63) & 1 == 1 else {
            return nil
        }
        let hash = Self.hash(node: node, segment)
        var index = Int(truncatingIfNeeded: hash) & mask
        return slots.withUnsafeBufferPointer { slots in
            pool.withUnsafeBufferPointer { pool in
                while slots[index].node >= 0 {
                    let slot = slots[index]
                    if slot.node == node, slot.hash == hash, slot.count == segment.count,
                        Self.equal(segment, pool, at: slot.start)
                    {
                        return slot.next
                    }
                    index = (index + 1) & mask
                }
                return nil
            }
        }
    }

    /// Whether `segment` is the bytes of `pool` from `start` on.
    private static func equal(_ segment: UnsafeBufferPointer<UInt8>, _ pool: UnsafeBufferPointer<UInt8>, at start: Int)
        -> Bool
    {
        var index = 0
        while index < segment.count {
            if segment[index] != pool[start + index] { return false }
            index += 1
        }
        return true
    }

    /// FNV-1a over the bytes, mixed with the node.
    private static func hash(node: Int, _ bytes: UnsafeBufferPointer<UInt8>) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325 ^ (UInt64(truncatingIfNeeded: node) &* 0x9E37_79B9_7F4A_7C15)
        for byte in bytes {
            hash ^= UInt64(byte)
            hash &*= 0x0000_0100_0000_01B3
        }
        return hash ^ (hash >> 29)
    }
}
