/// The constant segments of every node of a route table's tree, in one open-addressing hash
/// table keyed by the node and the segment's bytes: a look-up reads the bytes where they are, a
/// word (eight bytes) at a time, with no `String` made for them.
///
/// A slot is sixteen bytes, so a table of a thousand constants fits a core's first-level cache:
/// the constant's first word, its node, and where it leads. A segment holds no zero byte, so two
/// segments of at most eight bytes are equal when their words are; a longer constant's length
/// and further bytes are kept beside the slots, read only for a segment as long.
struct ConstantTable: Sendable {
    fileprivate struct Slot: Sendable {
        /// The constant's first eight bytes as one word, zero above its end.
        var head: UInt64 = 0
        /// The node it leaves; -1 for an empty slot.
        var node: Int32 = -1
        /// The node it leads to; below zero (`~long`) for a constant longer than a word, whose
        /// node is in `longs[long]`.
        var next: Int32 = 0
    }

    /// A constant longer than a word: its length, where its bytes after the first eight are in
    /// `pool`, and the node it leads to.
    fileprivate struct Long: Sendable {
        let count: Int32
        let rest: Int32
        let next: Int32
    }

    private let slots: [Slot]
    private let longs: [Long]
    private let pool: [UInt8]
    /// How far a hash is shifted right to leave the bits of a slot's index.
    private let shift: UInt64

    /// - Parameter entries: each constant, with the node it leaves and the node it leads to.
    init(_ entries: [(node: Int, text: String, next: Int)]) {
        var size = 8
        while size < entries.count * 2 { size *= 2 }
        let shift = UInt64(64 - size.trailingZeroBitCount)
        var slots = Array(repeating: Slot(), count: size)
        var longs: [Long] = []
        var pool: [UInt8] = []
        for entry in entries {
            let bytes = Array(entry.text.utf8)
            bytes.withUnsafeBufferPointer { bytes in
                let head = Self.word(bytes, 0, min(bytes.count, 8))
                var index = Int(
                    truncatingIfNeeded: Self.hash(node: entry.node, bytes, 0..<bytes.count, head: head) >> shift)
                while slots[index].node >= 0 { index = (index + 1) & (size - 1) }
                var next = Int32(entry.next)
                if bytes.count > 8 {
                    next = ~Int32(longs.count)
                    longs.append(Long(count: Int32(bytes.count), rest: Int32(pool.count), next: Int32(entry.next)))
                }
                slots[index] = Slot(head: head, node: Int32(entry.node), next: next)
            }
            pool += bytes.dropFirst(8)
        }
        self.slots = slots
        self.longs = longs
        self.pool = pool
        self.shift = shift
    }

    /// Hands `body` a look-up that reads the table where it is: taken once a link, so each
    /// segment's look-up retains nothing.
    func withLookup<Result, Failure: Error>(_ body: (Lookup) throws(Failure) -> Result) throws(Failure) -> Result {
        try slots.withUnsafeBufferPointer { slots throws(Failure) in
            try longs.withUnsafeBufferPointer { longs throws(Failure) in
                try pool.withUnsafeBufferPointer { pool throws(Failure) in
                    try body(Lookup(slots: slots, longs: longs, pool: pool, shift: shift))
                }
            }
        }
    }

    /// The table's storage, read in place for as long as `withLookup` runs.
    struct Lookup {
        fileprivate let slots: UnsafeBufferPointer<Slot>
        fileprivate let longs: UnsafeBufferPointer<Long>
        fileprivate let pool: UnsafeBufferPointer<UInt8>
        fileprivate let shift: UInt64

        /// The node the constant `bytes[segment]` leads to from `node`, if it is one of that
        /// node's.
        @inline(__always)
        func next(after node: Int, for bytes: UnsafeBufferPointer<UInt8>, _ segment: Range<Int>) -> Int? {
            let count = segment.count
            guard count > 0 else { return nil }
            let head = ConstantTable.word(bytes, segment.lowerBound, segment.lowerBound + min(count, 8))
            var index = Int(truncatingIfNeeded: ConstantTable.hash(node: node, bytes, segment, head: head) >> shift)
            let node = Int32(truncatingIfNeeded: node)
            while slots[index].node >= 0 {
                let slot = slots[index]
                if slot.head == head, slot.node == node {
                    if slot.next >= 0 {
                        if count <= 8 { return Int(slot.next) }
                    } else if count > 8 {
                        let long = longs[Int(~slot.next)]
                        let rest = Int(long.rest)
                        if long.count == count,
                            pool[rest..<rest + count - 8].elementsEqual(bytes[segment.dropFirst(8)])
                        {
                            return Int(long.next)
                        }
                    }
                }
                index = (index + 1) & (slots.count - 1)
            }
            return nil
        }
    }

    /// The bytes `start..<end` of `bytes` (at most eight) as one little-endian word, zero above
    /// them: one load where the buffer has eight bytes around them, which a link almost always does.
    @inline(__always)
    fileprivate static func word(_ bytes: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int) -> UInt64 {
        let count = end - start
        guard count > 0, let base = bytes.baseAddress else { return 0 }
        let raw = UnsafeRawPointer(base)
        if start + 8 <= bytes.count {
            let word = UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: start, as: UInt64.self))
            return count == 8 ? word : word & (1 << UInt64(count * 8) &- 1)
        }
        if end >= 8 {
            return UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: end - 8, as: UInt64.self))
                >> UInt64(64 - count * 8)
        }
        var word: UInt64 = 0
        for index in (start..<end).reversed() { word = word << 8 | UInt64(bytes[index]) }
        return word
    }

    /// The segment's words, its length and the node, mixed; a slot is the hash's top bits, which
    /// every byte moves.
    @inline(__always)
    fileprivate static func hash(node: Int, _ bytes: UnsafeBufferPointer<UInt8>, _ segment: Range<Int>, head: UInt64)
        -> UInt64
    {
        var hash = head
        var start = segment.lowerBound + 8
        while start < segment.upperBound {
            hash = (hash &* 0xC4CE_B9FE_1A85_EC53) ^ word(bytes, start, min(start + 8, segment.upperBound))
            start += 8
        }
        hash ^= UInt64(truncatingIfNeeded: node &* 0x9E37_79B9 &+ segment.count)
        hash ^= hash >> 31
        return hash &* 0xFF51_AFD7_ED55_8CCD
    }
}
