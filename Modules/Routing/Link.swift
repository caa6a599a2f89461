/// A link split into its parts: `waypoint://chat/bob` has the scheme `waypoint` and the path
/// `["chat", "bob"]`. A link names a place in an app (seed 002's "the screen dictated by the
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
        let bytes = text.utf8.count
        guard bytes > 0 else { throw .empty(scheme: expectedScheme) }
        guard bytes <= Self.maximumLength else { throw .tooLong(bytes: bytes, limit: Self.maximumLength) }
        for (offset, scalar) in text.unicodeScalars.enumerated() {
            guard scalar.isASCII else { throw .nonASCII(scalar: scalar, offset: offset + 1) }
            guard scalar.value > 0x20, scalar.value != 0x7F else {
                throw .invisibleCharacter(scalar: scalar, offset: offset + 1)
            }
        }
        guard let separator = text.firstRange(of: "://") else { throw .notALink(text, scheme: expectedScheme) }
        let scheme = text[..<separator.lowerBound].lowercased()
        guard scheme == expectedScheme else { throw .unknownScheme(scheme, expected: expectedScheme) }
        var rest = text[separator.upperBound...]
        if rest.contains("%") { throw .percentEncoded }
        if let mark = rest.first(where: { $0 == "?" || $0 == "#" }) { throw .queryOrFragment(mark) }
        if rest.hasSuffix("/") { rest = rest.dropLast() }
        guard !rest.isEmpty else { throw .noPath(scheme: expectedScheme) }
        let path = rest.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
        for segment in path {
            guard !segment.isEmpty else { throw .emptySegment }
            guard segment != ".", segment != ".." else { throw .dotSegment(segment) }
            if let bad = segment.first(where: { !Self.isUnreserved($0) }) { throw .forbiddenCharacter(bad) }
        }
        self.init(scheme: scheme, path: path)
    }

    /// RFC 3986's unreserved characters: what a segment may hold.
    private static func isUnreserved(_ character: Character) -> Bool {
        guard let ascii = character.asciiValue else { return false }
        switch ascii {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"):
            return true
        default:
            return character == "-" || character == "." || character == "_" || character == "~"
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
            "unknown scheme \"\(scheme)\"; Waypoint opens \(expected):// links"
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
            "the link has \"\(character)\"; segments use a-z, A-Z, 0-9, \"-\", \".\", \"_\" and \"~\" (write handles without @)"
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
