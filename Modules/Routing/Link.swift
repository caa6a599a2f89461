/// A link split into its parts: `waypoint://chat/bob` has the scheme `waypoint` and the path
/// `["chat", "bob"]`. A link names a place in an app ("the screen dictated by the
/// URL"); a `RouteTable` maps its path onto the app's routes.
///
/// Parsing is strict, so what reaches a route table is plain: ASCII letters, digits, `-`, `.`,
/// `_` and `~` in segments separated by single slashes. Percent-encoding, queries, fragments,
/// `.`/`..` segments, spaces, control characters and non-ASCII characters are refused with an
/// error that names them, never decoded or guessed at.
public struct Link: Hashable, Sendable {
    /// The longest link, in bytes, that is parsed at all.
    public static let maximumLength = 2_048

    /// The scheme, lowercased: `waypoint`.
    public let scheme: String
    /// The segments after `scheme://`, in order.
    public let path: [String]

    public init(scheme: String, path: [String]) {
        self.scheme = scheme
        self.path = path
    }

    /// Parses `text` as a link of the scheme `expectedScheme`.
    /// - Throws: `LinkError` naming the first thing wrong with it.
    public init(parsing text: String, scheme expectedScheme: String) throws(LinkError) {
        var bytes = text
        // One pass over the bytes, in place: a link is ASCII, so no character needs Unicode's
        // rules, and only the path's segments are copied out.
        let parsed = bytes.withUTF8 { bytes in
            Result { () throws(LinkError) -> [String] in try Self.path(of: bytes, in: text, scheme: expectedScheme) }
        }
        self.init(scheme: expectedScheme, path: try parsed.get())
    }

    /// The path of the link `bytes` (the UTF-8 of `text`), checked as `init(parsing:scheme:)`
    /// says.
    private static func path(
        of bytes: UnsafeBufferPointer<UInt8>,
        in text: String,
        scheme expectedScheme: String
    ) throws(LinkError) -> [String] {
        let path = try checkedPath(of: bytes, in: text, scheme: expectedScheme)
        var segments: [String] = []
        segments.reserveCapacity(8)
        var start = path.lowerBound
        while start < path.upperBound {
            let end = segmentEnd(in: bytes, from: start, before: path.upperBound)
            segments.append(String(decoding: bytes[start..<end], as: UTF8.self))
            start = end + 1
        }
        return segments
    }

    /// Where the path of the link `bytes` (the UTF-8 of `text`) is, once every check
    /// `init(parsing:scheme:)` names has passed: non-empty, with no trailing slash, its segments
    /// non-empty, of unreserved characters, and not `.` or `..`. A route table matches on these
    /// bytes in place, so no `String` is made for a segment it does not need.
    /// - Returns: the range of the path's bytes.
    /// - Throws: `LinkError` naming the first thing wrong with the link.
    static func checkedPath(
        of bytes: UnsafeBufferPointer<UInt8>,
        in text: String,
        scheme expectedScheme: String
    ) throws(LinkError) -> Range<Int> {
        guard !bytes.isEmpty else { throw .empty(scheme: expectedScheme) }
        guard bytes.count <= maximumLength else { throw .tooLong(bytes: bytes.count, limit: maximumLength) }
        if bytes.contains(where: { $0 <= 0x20 || $0 >= 0x7F }) {
            try diagnoseCharacters(of: text)
        }
        guard let separator = firstSeparator(in: bytes) else { throw .notALink(text, scheme: expectedScheme) }
        if !schemeMatches(bytes, before: separator, expectedScheme) {
            let scheme = String(decoding: bytes[..<separator].map(lowercased), as: UTF8.self)
            throw .unknownScheme(scheme, expected: expectedScheme)
        }
        var rest = bytes[(separator + 3)...]
        if rest.contains(UInt8(ascii: "%")) { throw .percentEncoded }
        if let mark = rest.first(where: { $0 == UInt8(ascii: "?") || $0 == UInt8(ascii: "#") }) {
            throw .queryOrFragment(Character(Unicode.Scalar(mark)))
        }
        if rest.last == UInt8(ascii: "/") { rest = rest.dropLast() }
        guard !rest.isEmpty else { throw .noPath(scheme: expectedScheme) }
        var start = rest.startIndex
        while start <= rest.endIndex {
            let end = segmentEnd(in: bytes, from: start, before: rest.endIndex)
            let segment = rest[start..<end]
            guard !segment.isEmpty else { throw .emptySegment }
            if let bad = segment.first(where: { !isUnreserved($0) }) {
                throw .forbiddenCharacter(Character(Unicode.Scalar(bad)))
            }
            if segment.count <= 2, segment.allSatisfy({ $0 == UInt8(ascii: ".") }) {
                throw .dotSegment(String(decoding: segment, as: UTF8.self))
            }
            start = end + 1
        }
        return rest.startIndex..<rest.endIndex
    }

    /// Where the path of the link `bytes` is, when the link is plainly well formed: `scheme`
    /// (lowercase; the link's may be in any case), `://`, then segments of unreserved characters
    /// separated by single slashes, none `.` or `..`, and at most one trailing slash. One pass
    /// over the bytes, in place: the path `checkedPath(of:in:scheme:)` would return, or `nil`
    /// for anything else, which that then names.
    /// - Parameters:
    ///   - bytes: the link's UTF-8.
    ///   - scheme: a plain scheme's bytes: lowercase ASCII letters, digits, `+`, `-`, `.`.
    /// - Returns: the range of the path's bytes, or `nil`.
    static func plainPath(of bytes: UnsafeBufferPointer<UInt8>, scheme: UnsafeBufferPointer<UInt8>) -> Range<Int>? {
        let start = scheme.count + 3
        var end = bytes.count
        guard end > start, end <= maximumLength else { return nil }
        for index in 0..<scheme.count where lowercased(bytes[index]) != scheme[index] { return nil }
        guard bytes[start - 3] == UInt8(ascii: ":"), bytes[start - 2] == UInt8(ascii: "/"),
            bytes[start - 1] == UInt8(ascii: "/")
        else { return nil }
        if bytes[end - 1] == UInt8(ascii: "/") { end -= 1 }
        var segmentStart = start
        var index = start
        while index < end {
            let byte = bytes[index]
            if byte == UInt8(ascii: "/") {
                guard isPlainSegment(bytes, segmentStart..<index) else { return nil }
                segmentStart = index + 1
            } else if !isUnreserved(byte) {
                return nil
            }
            index += 1
        }
        return isPlainSegment(bytes, segmentStart..<end) ? start..<end : nil
    }

    /// Whether the segment at `range`, of unreserved characters, is neither empty, `.` nor `..`.
    @inline(__always)
    private static func isPlainSegment(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> Bool {
        switch range.count {
        case 0: false
        case 1: bytes[range.lowerBound] != UInt8(ascii: ".")
        case 2: bytes[range.lowerBound] != UInt8(ascii: ".") || bytes[range.lowerBound + 1] != UInt8(ascii: ".")
        default: true
        }
    }

    /// Whether `scheme` is plain, as `plainPath(of:scheme:)` needs it: lowercase ASCII letters,
    /// digits, `+`, `-` and `.`, starting with a letter.
    static func isPlainScheme(_ scheme: String) -> Bool {
        guard let first = scheme.utf8.first, (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(first) else {
            return false
        }
        return scheme.utf8.allSatisfy { byte in
            (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte)
                || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
                || byte == UInt8(ascii: "+") || byte == UInt8(ascii: "-") || byte == UInt8(ascii: ".")
        }
    }

    /// Where the segment that starts at `start` ends: at the next `/`, or at `end`.
    static func segmentEnd(in bytes: UnsafeBufferPointer<UInt8>, from start: Int, before end: Int) -> Int {
        var index = start
        while index < end, bytes[index] != UInt8(ascii: "/") { index += 1 }
        return index
    }

    /// Throws the error for the first character of `text` that is not visible ASCII.
    private static func diagnoseCharacters(of text: String) throws(LinkError) {
        for (offset, scalar) in text.unicodeScalars.enumerated() {
            guard scalar.isASCII else { throw .nonASCII(scalar: scalar, offset: offset + 1) }
            guard scalar.value > 0x20, scalar.value != 0x7F else {
                throw .invisibleCharacter(scalar: scalar, offset: offset + 1)
            }
        }
    }

    /// Where the first `://` starts. A plain loop on purpose: the standard library's generic
    /// `firstRange(of:)` made a whole resolution three times slower (Scripts/bench).
    private static func firstSeparator(in bytes: UnsafeBufferPointer<UInt8>) -> Int? {
        guard bytes.count >= 3 else { return nil }
        for index in 0...(bytes.count - 3)
        where bytes[index] == UInt8(ascii: ":") && bytes[index + 1] == UInt8(ascii: "/")
            && bytes[index + 2] == UInt8(ascii: "/")
        {
            return index
        }
        return nil
    }

    /// Whether `bytes[..<separator]` is `expected` (lowercase), in any case.
    private static func schemeMatches(_ bytes: UnsafeBufferPointer<UInt8>, before separator: Int, _ expected: String)
        -> Bool
    {
        var expected = expected
        return expected.withUTF8 { expected in
            guard expected.count == separator else { return false }
            for index in 0..<separator where lowercased(bytes[index]) != expected[index] { return false }
            return true
        }
    }

    private static func lowercased(_ byte: UInt8) -> UInt8 {
        (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte) ? byte + 32 : byte
    }

    /// RFC 3986's unreserved characters: what a segment may hold. One bit a byte: bytes 0–63
    /// hold `-`, `.` and `0`–`9`; bytes 64–127 hold `A`–`Z`, `_`, `a`–`z` and `~`.
    @inline(__always)
    private static func isUnreserved(_ byte: UInt8) -> Bool {
        switch byte {
        case 0..<64: (0x03FF_6000_0000_0000 as UInt64) >> byte & 1 == 1
        case 64..<128: (0x47FF_FFFE_87FF_FFFE as UInt64) >> (byte - 64) & 1 == 1
        default: false
        }
    }
}

extension Link: CustomStringConvertible {
    /// The link as it is written: `waypoint://chat/bob`.
    public var description: String { scheme + "://" + path.joined(separator: "/") }
}

/// Why a link cannot be opened. Every case reads as one line that names the problem and what to
/// write instead.
public enum LinkError: Error, Hashable, Sendable {
    case empty(scheme: String)
    case tooLong(bytes: Int, limit: Int)
    case nonASCII(scalar: Unicode.Scalar, offset: Int)
    case invisibleCharacter(scalar: Unicode.Scalar, offset: Int)
    case notALink(String, scheme: String)
    case unknownScheme(String, expected: String)
    case percentEncoded
    case queryOrFragment(Character)
    case noPath(scheme: String)
    case emptySegment
    case dotSegment(String)
    case forbiddenCharacter(Character)
    /// No pattern starts with `segment`; `after` is the part of the path matched before it.
    case unknownPath(segment: String, after: String?, known: [String])
    /// The path ends inside `pattern`.
    case missingSegment(pattern: String, path: String)
    /// A parameter's value is not of its type.
    case invalidParameter(name: String, value: String, pattern: String, problem: String)
}

extension LinkError: CustomStringConvertible {
    public var description: String {
        switch self {
        case .empty(let scheme):
            "the link is empty; write one like \(scheme)://friends"
        case .tooLong(let bytes, let limit):
            "the link is \(bytes) bytes long; the limit is \(limit)"
        case .nonASCII(let scalar, let offset):
            "the link has the non-ASCII character \(Self.code(scalar)) at position \(offset); links use plain ASCII"
        case .invisibleCharacter(let scalar, let offset):
            "the link has a space or control character (\(Self.code(scalar))) at position \(offset); remove it"
        case .notALink(let text, let scheme):
            "\"\(text.count > 40 ? text.prefix(40) + "..." : text)\" is not a link; links start with \(scheme)://"
        case .unknownScheme(let scheme, let expected):
            "unknown scheme \"\(scheme)\"; links here start with \(expected)://"
        case .percentEncoded:
            "the link has percent-encoding (%); write the characters themselves, a-z, 0-9, \"-\", \".\" and \"_\""
        case .queryOrFragment(let mark):
            "the link has a \"\(mark)\"; links are a path only, with no query or fragment"
        case .noPath(let scheme):
            "the link names no screen; add a path, as in \(scheme)://friends"
        case .emptySegment:
            "the link has an empty segment (//); separate segments with one slash"
        case .dotSegment(let segment):
            "the link has a \"\(segment)\" segment; links name screens directly, without . or .."
        case .forbiddenCharacter(let character):
            "the link has \"\(character)\"; segments use a-z, A-Z, 0-9, \"-\", \".\", \"_\" and \"~\""
        case .unknownPath(let segment, nil, let known):
            "unknown path \"\(segment)\"; links are " + known.joined(separator: ", ")
        case .unknownPath(let segment, let after?, let known):
            "extra segment \"\(segment)\" after \(after); it starts none of " + known.joined(separator: ", ")
        case .missingSegment(let pattern, let path):
            "\(path) is missing a segment; write \(pattern)"
        case .invalidParameter(let name, let value, let pattern, let problem):
            "\"\(value)\" is not a valid <\(name)> in \(pattern): \(problem)"
        }
    }

    private static func code(_ scalar: Unicode.Scalar) -> String {
        let hex = String(scalar.value, radix: 16, uppercase: true)
        return "U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
    }
}
