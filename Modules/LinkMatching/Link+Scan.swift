/// Reading a link's bytes: the one grammar every link is read by, in two passes, one for the
/// plain link almost every link is and one that names the first thing wrong with any other.
extension Link {
    /// Reads the link `bytes` (the UTF-8 of `text`) in one pass: a scheme that is `scheme` in any
    /// case, `://`, then a path of segments of unreserved characters separated by single
    /// slashes, none empty, `.` or `..`, with at most one slash at the end.
    ///
    /// A link with more than one problem is named by the one that comes first in this order, so
    /// the answer does not depend on where in the link the problems are: empty, too long, a
    /// space, control or non-ASCII character, no `://`, another scheme, percent-encoding, a query
    /// or fragment, no path, then the first segment that is empty, has a forbidden character, or
    /// is `.` or `..`. The pass notes where each problem is, as positions; an error is made only
    /// for a link that has one.
    /// - Parameters:
    ///   - bytes: the link's UTF-8.
    ///   - text: the link, for the words of an error.
    ///   - scheme: the expected scheme's bytes, lowercase.
    /// - Returns: where the path's bytes are.
    /// - Throws: what is wrong.
    @inline(__always)
    static func scan(
        _ bytes: UnsafeBufferPointer<UInt8>, in text: borrowing String, scheme: UnsafeBufferPointer<UInt8>
    ) throws(LinkError) -> Range<Int> {
        if let path = plainPath(bytes, scheme: scheme) { return path }
        return try fullScan(bytes, in: copy text, scheme: scheme)
    }

    /// The path of a link with nothing wrong, in the shape almost every link has: the scheme
    /// (in any case) spelled with unreserved characters only, `://`, then segments of unreserved
    /// characters, none empty, `.` or `..`, with at most one slash at the end. `nil` for any other
    /// link, which `fullScan` reads again to name its first problem; both give the same path for
    /// a link this accepts (a test checks). `segment` is told where each segment starts, in order.
    /// `schemeWord` is `schemeWord(_:)` of the scheme, where it has one: the scheme is then read
    /// in one word.
    @inline(__always)
    static func plainPath(
        _ bytes: UnsafeBufferPointer<UInt8>, scheme: UnsafeBufferPointer<UInt8>,
        schemeWord: (word: UInt64, mask: UInt64)? = nil,
        segment: (_ start: Int) -> Void = { _ in }
    ) -> Range<Int>? {
        let start = scheme.count + 3
        var end = bytes.count
        guard end > start, end <= maximumLength else { return nil }
        var index = 0
        if let schemeWord, end >= 8, let base = UnsafeRawPointer(bytes.baseAddress) {
            // The link's first eight bytes, its capitals made small (0x20 more for each byte from A
            // to Z), those after the scheme masked off. A byte above 0x7F differs from the
            // scheme's, whatever its sums carry into the byte after it.
            let word = UInt64(littleEndian: base.loadUnaligned(as: UInt64.self))
            let small = word | tops(of: word, from: 0x41, to: 0x5A) >> 2
            guard small & schemeWord.mask == schemeWord.word else { return nil }
            index = scheme.count
        }
        while index < scheme.count {
            let byte = bytes[index]
            guard isUnreserved(byte), lowercased(byte) == scheme[index] else { return nil }
            index += 1
        }
        guard bytes[index] == UInt8(ascii: ":"), bytes[index + 1] == UInt8(ascii: "/"),
            bytes[index + 2] == UInt8(ascii: "/")
        else { return nil }
        if bytes[end - 1] == UInt8(ascii: "/") { end -= 1 }
        var segmentStart = start
        segment(start)
        index = start
        // Eight bytes at a time while eight are left: a word is checked in a few operations,
        // and only its slashes are visited.
        if let base = UnsafeRawPointer(bytes.baseAddress) {
            while index + 8 <= end {
                let word = UInt64(littleEndian: base.loadUnaligned(fromByteOffset: index, as: UInt64.self))
                guard var slashes = plainSlashes(in: word) else { return nil }
                while slashes != 0 {
                    let slash = index + slashes.trailingZeroBitCount / 8
                    if slash == segmentStart || isDots(bytes, segmentStart, slash) { return nil }
                    segmentStart = slash + 1
                    segment(segmentStart)
                    slashes &= slashes &- 1
                }
                index += 8
            }
        }
        while index < end {
            let byte = bytes[index]
            if byte == UInt8(ascii: "/") {
                if index == segmentStart || isDots(bytes, segmentStart, index) { return nil }
                segmentStart = index + 1
                segment(segmentStart)
            } else if !isUnreserved(byte) {
                return nil
            }
            index += 1
        }
        if end == segmentStart || isDots(bytes, segmentStart, end) { return nil }
        return start..<end
    }

    /// The slashes of eight bytes read as a little-endian word, as the top bit of each slash's
    /// byte; `nil` when a byte is neither a slash nor unreserved. Each byte range is tested on
    /// all eight bytes at once: below 0x80, `byte + (0x80 - low)` has its top bit set when
    /// `byte >= low`, and no sum carries into the next byte.
    static func plainSlashes(in word: UInt64) -> UInt64? {
        let every: UInt64 = 0x8080_8080_8080_8080
        guard word & every == 0 else { return nil }
        func within(_ low: UInt64, _ high: UInt64) -> UInt64 { tops(of: word, from: low, to: high) }
        // `-`, `.`, `/` and digits; letters; `_`; `~`.
        let allowed =
            within(0x2D, 0x39) | within(0x41, 0x5A) | within(0x61, 0x7A) | within(0x5F, 0x5F) | within(0x7E, 0x7E)
        return allowed == every ? within(0x2F, 0x2F) : nil
    }

    /// The top bit of each byte of `word` from `low` to `high`, for bytes below 0x80.
    private static func tops(of word: UInt64, from low: UInt64, to high: UInt64) -> UInt64 {
        let ones: UInt64 = 0x0101_0101_0101_0101
        return (word &+ (0x80 - low) &* ones) & ~(word &+ (0x7F - high) &* ones) & ones << 7
    }

    /// A scheme of at most eight bytes, all unreserved, as one little-endian word, with the mask
    /// of its bytes in a word: what `plainPath` compares a link's first bytes with; `nil` for any
    /// other, which it reads a byte at a time. `scheme` is lowercase.
    static func schemeWord(_ scheme: [UInt8]) -> (word: UInt64, mask: UInt64)? {
        guard scheme.count <= 8, scheme.allSatisfy(isUnreserved) else { return nil }
        let mask: UInt64 = scheme.count == 8 ? ~0 : 1 << UInt64(scheme.count * 8) &- 1
        return (scheme.reversed().reduce(0) { $0 << 8 | UInt64($1) }, mask)
    }

    /// `scan` for any link: one pass that notes where each problem is, then the error for the
    /// first, or the path.
    static func fullScan(
        _ bytes: UnsafeBufferPointer<UInt8>, in text: @autoclosure () -> String, scheme: UnsafeBufferPointer<UInt8>
    ) throws(LinkError) -> Range<Int> {
        let count = bytes.count
        guard count > 0 else { throw .empty(scheme: String(decoding: scheme, as: UTF8.self)) }
        guard count <= maximumLength else { throw .tooLong(bytes: count, limit: maximumLength) }
        var invisible = false
        var separator = -1
        var index = 0
        while index < count {
            let byte = bytes[index]
            if byte <= 0x20 || byte >= 0x7F { invisible = true }
            if byte == UInt8(ascii: ":"), index + 2 < count, bytes[index + 1] == UInt8(ascii: "/"),
                bytes[index + 2] == UInt8(ascii: "/")
            {
                separator = index
                break
            }
            index += 1
        }
        // The path: everything after `://`, less one slash at the end.
        let start = separator + 3
        var end = count
        if separator >= 0, end > start, bytes[end - 1] == UInt8(ascii: "/") { end -= 1 }
        var percent = false
        var mark: UInt8 = 0
        // The first segment with a problem (its bounds), and the first forbidden byte in it or in
        // the segment being read (-1 for none).
        var badSegment = -1..<(-1)
        var forbidden = -1
        var badForbidden = -1
        var segmentStart = start
        index = start
        while separator >= 0, index <= end {
            let byte: UInt8 = index < end ? bytes[index] : UInt8(ascii: "/")
            if byte == UInt8(ascii: "/") {
                if badSegment.lowerBound < 0,
                    forbidden >= 0 || index == segmentStart || isDots(bytes, segmentStart, index)
                {
                    badSegment = segmentStart..<index
                    badForbidden = forbidden
                }
                segmentStart = index + 1
                forbidden = -1
            } else if isUnreserved(byte) {
                // The common case: nothing to note.
            } else if byte <= 0x20 || byte >= 0x7F {
                invisible = true
            } else if byte == UInt8(ascii: "%") {
                percent = true
            } else if byte == UInt8(ascii: "?") || byte == UInt8(ascii: "#") {
                if mark == 0 { mark = byte }
            } else if forbidden < 0 {
                forbidden = index
            }
            index += 1
        }
        if invisible { throw characterProblem(in: text()) }
        guard separator >= 0 else { throw .notALink(text(), scheme: String(decoding: scheme, as: UTF8.self)) }
        var same = separator == scheme.count
        index = 0
        while same, index < separator {
            same = lowercased(bytes[index]) == scheme[index]
            index += 1
        }
        guard same else {
            let found = String(decoding: bytes[..<separator].map(lowercased), as: UTF8.self)
            throw .unknownScheme(found, expected: String(decoding: scheme, as: UTF8.self))
        }
        if percent { throw .percentEncoded }
        if mark != 0 { throw .queryOrFragment(Character(Unicode.Scalar(mark))) }
        guard end > start else { throw .noPath(scheme: String(decoding: scheme, as: UTF8.self)) }
        if badSegment.lowerBound >= 0 {
            if badSegment.isEmpty { throw .emptySegment }
            if badForbidden >= 0 { throw .forbiddenCharacter(Character(Unicode.Scalar(bytes[badForbidden]))) }
            throw .dotSegment(String(decoding: bytes[badSegment], as: UTF8.self))
        }
        return start..<end
    }

    /// Whether the segment `bytes[start..<end]` is `.` or `..`.
    @inline(__always)
    private static func isDots(_ bytes: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int) -> Bool {
        switch end - start {
        case 1: bytes[start] == UInt8(ascii: ".")
        case 2: bytes[start] == UInt8(ascii: ".") && bytes[start + 1] == UInt8(ascii: ".")
        default: false
        }
    }

    /// Where the segment that starts at `start` ends: at the next `/`, or at `end`.
    @inline(__always)
    static func segmentEnd(in bytes: UnsafeBufferPointer<UInt8>, from start: Int, before end: Int) -> Int {
        var index = start
        while index < end, bytes[index] != UInt8(ascii: "/") { index += 1 }
        return index
    }

    /// The error for the first character of `text` that is not visible ASCII.
    private static func characterProblem(in text: String) -> LinkError {
        for (offset, scalar) in text.unicodeScalars.enumerated() {
            guard scalar.isASCII else { return .nonASCII(scalar: scalar, offset: offset + 1) }
            guard scalar.value > 0x20, scalar.value != 0x7F else {
                return .invisibleCharacter(scalar: scalar, offset: offset + 1)
            }
        }
        // Only reached for bytes that are not UTF-8 at all, which a `String` cannot hold.
        return .invisibleCharacter(scalar: "\u{FFFD}", offset: 1)
    }

    @inline(__always)
    private static func lowercased(_ byte: UInt8) -> UInt8 {
        (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte) ? byte + 32 : byte
    }

    /// RFC 3986's unreserved characters: what a segment may hold. One bit a byte: bytes 0–63
    /// hold `-`, `.` and `0`–`9`; bytes 64–127 hold `A`–`Z`, `_`, `a`–`z` and `~`.
    @inline(__always)
    package static func isUnreserved(_ byte: UInt8) -> Bool {
        let bits: UInt64 = byte < 64 ? 0x03FF_6000_0000_0000 : 0x47FF_FFFE_87FF_FFFE
        return byte < 128 && bits >> (byte & 63) & 1 == 1
    }
}
