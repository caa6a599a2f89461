/// A pattern of a route table that matched part of a link: which one (`route`, its place in the
/// table), its parameters, and where in the link the part it matched is.
public struct LinkMatch: Sendable {
    /// The route's number: where its pattern is in the table's patterns, as the table was given
    /// them. What a match means is the app's to say, by that number.
    public let route: Int
    public let parameters: LinkParameters
    /// The link it is part of, and where in its UTF-8 the part it matched is.
    let link: String
    let bytes: Range<Int>

    init(route: Int, parameters: LinkParameters, link: String, bytes: Range<Int>) {
        self.route = route
        self.parameters = parameters
        self.link = link
        self.bytes = bytes
    }

    /// The pattern that matched, which its parameters' names come with: a match holds no list of
    /// the table's patterns.
    public var pattern: LinkPattern { parameters.route.pattern }

    /// The part of the path it matched: `profile/bob`. Cut from the link when asked for, not on
    /// every match.
    public var path: String { part.description }

    /// The part of the path it matched, where it is in the link.
    package var part: LinkPart { LinkPart(bytes, of: link) }
}

/// The matches of a link's path, left to right: never empty, as a path that matches nothing is an
/// error. A path is most often one destination, so the first match is kept inline and only those
/// after it in an array: resolving such a link allocates no list.
public struct LinkMatches: RandomAccessCollection, Sendable {
    @usableFromInline let head: LinkMatch
    @usableFromInline let tail: [LinkMatch]

    /// The first match, and those after it (none for a link of one destination).
    init(head: LinkMatch, tail: [LinkMatch] = []) {
        self.head = head
        self.tail = tail
    }

    @inlinable public var startIndex: Int { 0 }
    @inlinable public var endIndex: Int { tail.count + 1 }

    @inlinable
    public subscript(position: Int) -> LinkMatch {
        position == 0 ? head : tail[position - 1]
    }
}
