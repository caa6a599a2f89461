/// A pattern of a route table that matched part of a link: which one (`route`, its place in the
/// table) and its parameters.
///
/// A match keeps no reference to the link: its pattern and its values are what the link's
/// bytes matched, so they write the part again when it is asked for. A reference to the link
/// would be retained as each match is made and released as it goes, an atomic operation each,
/// on every link resolved: about a sixth of a hit's time (`Scripts/bench --only links`).
public struct LinkMatch: Sendable {
    /// The route's number: where its pattern is in the table's patterns, as the table was given
    /// them. What a match means is the app's to say, by that number.
    public let route: Int
    public let parameters: LinkParameters

    init(route: Int, parameters: LinkParameters) {
        self.route = route
        self.parameters = parameters
    }

    /// The pattern that matched, which its parameters' names come with: a match holds no list of
    /// the table's patterns.
    public var pattern: LinkPattern { parameters.route.pattern }

    /// The part of the path it matched: `profile/bob`. Written from the pattern's constants and
    /// the values, as the link had them byte for byte, when asked for, not on every match.
    public var path: String {
        var path = ""
        var index = 0
        for segment in pattern.segments {
            if !path.isEmpty { path.append("/") }
            switch segment {
            case .constant(let text): path.append(text)
            case .parameter:
                path.append(parameters.value(at: index))
                index += 1
            }
        }
        return path
    }

    /// The part of the path it matched, as an error names it.
    package var part: LinkPart { LinkPart(path) }
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
