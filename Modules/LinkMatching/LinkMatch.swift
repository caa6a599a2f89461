/// One row of a route table: a pattern and what a match of it means to the app.
public struct LinkRoute<Target: Sendable>: Sendable {
    public let pattern: String
    public let target: @Sendable (LinkParameters) -> Target

    public init(_ pattern: String, target: @escaping @Sendable (LinkParameters) -> Target) {
        self.pattern = pattern
        self.target = target
    }
}

/// A pattern that matched part of a link, with its parameters and what it means.
public struct LinkMatch<Target: Sendable>: Sendable {
    public let parameters: LinkParameters
    public let target: Target
    /// The link it is part of, and where in its UTF-8 the part it matched is.
    @usableFromInline let link: String
    @usableFromInline let bytes: Range<Int>

    @inlinable
    init(
        parameters: LinkParameters, target: Target, link: String, bytes: Range<Int>
    ) {
        self.parameters = parameters
        self.target = target
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

/// The matches of a link's path, left to right. A path is most often one destination, so the
/// first match is kept inline and only those after it in an array: resolving such a link
/// allocates no list, and dropping its matches destroys no array.
public struct LinkMatches<Target: Sendable>: RandomAccessCollection, Sendable {
    @usableFromInline var head: LinkMatch<Target>?
    @usableFromInline var tail: [LinkMatch<Target>] = []

    @inlinable
    init() {}

    @inlinable
    mutating func append(_ match: consuming LinkMatch<Target>) {
        if head == nil { head = match } else { tail.append(match) }
    }

    @inlinable public var startIndex: Int { 0 }
    @inlinable public var endIndex: Int { head == nil ? 0 : tail.count + 1 }

    @inlinable
    public subscript(position: Int) -> LinkMatch<Target> {
        if position == 0, let head { return head }
        return tail[position - 1]
    }
}
