/// Why a route table cannot be built. Tables are declared in code, so these are programming
/// errors; each names the patterns at fault.
public enum RouteTableError: Error, Hashable, Sendable, CustomStringConvertible {
    case invalidPattern(String, problem: String)
    case unknownParameterType(pattern: String, type: String)
    case duplicate(String)
    case ambiguous(String, String)

    public var description: String {
        switch self {
        case .invalidPattern(let pattern, let problem): "the pattern \"\(pattern)\" is invalid: \(problem)"
        case .unknownParameterType(let pattern, let type):
            "the pattern \"\(pattern)\" uses <\(type)>, which is no parameter type of the table"
        case .duplicate(let pattern): "the pattern \"\(pattern)\" is in the table twice"
        case .ambiguous(let first, let second):
            "the patterns \"\(first)\" and \"\(second)\" match the same links; change one"
        }
    }
}

/// Maps link paths onto an app's routes: one table, declared once.
///
/// A link's path is one destination or several in a row (`chat/bob/profile/bob`: the chat, then
/// the profile opened from it); `resolve(_:)` splits it into matches, left to right.
///
/// Matching is deterministic. Where several patterns match at the same place, the one whose
/// first differing segment is a constant wins over the one with a parameter there
/// (`profile/me` beats `profile/<user>`), and a longer pattern beats one that is its prefix.
/// Patterns that would match the same links (same constants, parameters in the same places) are
/// refused when the table is built. Matching walks a tree of segments, so its cost grows with
/// the length of the link, not the size of the table.
public struct RouteTable<Target: Sendable>: Sendable {
    /// The patterns' tree, which matches; it knows nothing of `Target`, so it is compiled once,
    /// here, and only the few lines that make the matches are specialised in the caller.
    @usableFromInline let tree: RouteTree
    @usableFromInline let routes: [LinkRoute<Target>]

    public var scheme: String { tree.scheme }
    public var patterns: [LinkPattern] { tree.patterns }

    /// - Throws: `RouteTableError` for an invalid pattern, a parameter of an unknown type, or
    ///   two patterns that match the same links.
    public init(scheme: String, parameterTypes: [LinkParameterType], routes: [LinkRoute<Target>])
        throws(RouteTableError)
    {
        tree = try RouteTree(scheme: scheme, parameterTypes: parameterTypes, patterns: routes.map { $0.pattern })
        self.routes = routes
    }

    /// Parses `text` and resolves its path.
    /// - Returns: the matches, left to right.
    /// - Throws: `LinkError` for a malformed link or a path the table does not match.
    @inlinable
    public func resolve(_ text: String) throws(LinkError) -> LinkMatches<Target> {
        var matches = LinkMatches<Target>()
        try tree.matches(in: text) { route, bytes, parameters in
            // The target first: the parameters then move into the match, not copied.
            let target = routes[route].target(parameters)
            matches.append(LinkMatch(parameters: consume parameters, target: target, link: text, bytes: bytes))
        }
        return matches
    }

    /// Splits the path of `link` into matches, left to right.
    /// - Returns: the matches.
    /// - Throws: `LinkError` naming the first part of the path that matches no pattern, or a
    ///   parameter whose value is not of its type.
    public func resolve(_ link: Link) throws(LinkError) -> LinkMatches<Target> {
        try resolve(link.description)
    }
}
