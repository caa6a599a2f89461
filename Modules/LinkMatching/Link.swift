/// A link split into its parts: `waypoint://chat/bob` has the scheme `waypoint` and the path
/// `["chat", "bob"]`. A link names a place in an app ("the screen dictated by the URL"); a
/// `RouteTable` maps its path onto the app's places.
///
/// The grammar is strict, so what reaches a route table is plain: ASCII letters, digits, `-`,
/// `.`, `_` and `~` in segments separated by single slashes. Percent-encoding, queries,
/// fragments, `.`/`..` segments, spaces, control characters and non-ASCII characters are refused
/// with an error that names them, never decoded or guessed at.
///
/// There is one grammar: `Link(parsing:scheme:)` and a route table's matching both read a link
/// through the passes of `Link.scan(_:in:scheme:)`: one over its bytes in place that finds the
/// path of a plain link, and for any other one more that names the first thing wrong.
public struct Link: Hashable, Sendable {
    /// The longest link, in bytes, that is read at all.
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
        var utf8 = text
        var expected = expectedScheme.lowercased()
        let parsed = utf8.withUTF8 { bytes in
            expected.withUTF8 { scheme in
                Result { () throws(LinkError) in
                    let path = try Self.scan(bytes, in: text, scheme: scheme)
                    var segments: [String] = []
                    var start = path.lowerBound
                    while start < path.upperBound {
                        let end = Self.segmentEnd(in: bytes, from: start, before: path.upperBound)
                        segments.append(String(decoding: bytes[start..<end], as: UTF8.self))
                        start = end + 1
                    }
                    return segments
                }
            }
        }
        self.init(scheme: expected, path: try parsed.get())
    }
}

extension Link: CustomStringConvertible {
    /// The link as it is written: `waypoint://chat/bob`.
    public var description: String { scheme + "://" + path.joined(separator: "/") }
}

/// Why a link cannot be opened, as a value: a front decides the words a user reads.
public enum LinkError: Error, Hashable, Sendable {
    /// The link is empty.
    case empty(scheme: String)
    /// The link is longer than `Link.maximumLength` bytes.
    case tooLong(bytes: Int, limit: Int)
    /// A character that is not ASCII, at `offset` (counting scalars from 1).
    case nonASCII(scalar: Unicode.Scalar, offset: Int)
    /// A space or a control character, at `offset`.
    case invisibleCharacter(scalar: Unicode.Scalar, offset: Int)
    /// There is no `://`.
    case notALink(String, scheme: String)
    /// The scheme is not the app's.
    case unknownScheme(String, expected: String)
    /// The link has a `%`.
    case percentEncoded
    /// The link has a `?` or a `#`.
    case queryOrFragment(Character)
    /// Nothing follows `://`.
    case noPath(scheme: String)
    /// Two slashes in a row.
    case emptySegment
    /// A `.` or `..` segment.
    case dotSegment(String)
    /// A character a segment may not hold.
    case forbiddenCharacter(Character)
    /// No pattern starts with `segment`; `after` is the part of the path matched before it.
    /// Both are parts of the link, cut from it when read (`LinkPart`). The patterns that would
    /// have matched are the table's (`RouteTable.patterns`), for whoever words the error to list:
    /// the error holds no reference, so a miss retains and releases nothing more than a hit.
    case unknownPath(segment: LinkPart, after: LinkPart?)
    /// A place that takes its value from the place before it (`notes`, in `chat/bob/notes`)
    /// follows one that has no such value; `after` is the path before it.
    case noContext(pattern: String, after: String?)
    /// The path ends inside `pattern`.
    case missingSegment(pattern: String, path: String)
    /// The query names an item the place does not take; `accepted` are those it does.
    case unknownQueryItem(name: String, pattern: String, accepted: [String])
    /// The query names an item twice.
    case repeatedQueryItem(name: String)
    /// A query item's value is not of its type: `expected` says what it is.
    case badQueryValue(name: String, value: String, expected: String)
    /// A query item's value is longer than its limit, in characters.
    case queryValueTooLong(name: String, length: Int, limit: Int)
    /// A query item's value, decoded, holds a control character or a direction override.
    case unsafeQueryValue(name: String, scalar: Unicode.Scalar)
    /// The query is not `name=value` items joined by `&`, or a `%` escape is malformed.
    case malformedQuery(String)
    /// An `http://` link: only `https://` links of the app's hosts are opened, and its own scheme.
    case insecureLink(hosts: [String], scheme: String)
    /// An `https://` link of a host the app does not declare.
    case unknownHost(String, hosts: [String], scheme: String)
    /// An `https://` link with user info (`name@`) or a port (`:8080`) before its path.
    case authorityExtras(String, hosts: [String])
    /// A parameter's value is not of its type.
    case invalidParameter(name: String, value: String, pattern: String, problem: String)
}
