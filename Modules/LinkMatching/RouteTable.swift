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

/// Maps link paths onto an app's routes: one table, declared once, of patterns such as
/// `chat/<user>`. A route is a pattern's number, its place in the table; what it means (a screen,
/// a place) is the app's to say, in its own array of the same order.
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
public struct RouteTable: Sendable {
    /// The patterns' tree, which matches.
    let tree: RouteTree

    public var scheme: String { tree.scheme }
    public var patterns: [LinkPattern] { tree.patterns }

    /// - Parameters:
    ///   - scheme: the links' scheme: `waypoint`.
    ///   - parameterTypes: the types the patterns' parameters name (`<id:user>`).
    ///   - patterns: the routes' patterns, route 0 first.
    /// - Throws: `RouteTableError` for an invalid pattern, a parameter of an unknown type, or
    ///   two patterns that match the same links.
    public init(scheme: String, parameterTypes: [LinkParameterType], patterns: [String]) throws(RouteTableError) {
        tree = try RouteTree(scheme: scheme, parameterTypes: parameterTypes, patterns: patterns)
    }

    /// Parses `text` and resolves its path.
    /// - Returns: the matches, left to right.
    /// - Throws: `LinkError` for a malformed link or a path the table does not match.
    public func resolve(_ text: String) throws(LinkError) -> LinkMatches {
        try tree.matches(in: text)
    }

    /// Splits the path of `link` into matches, left to right.
    /// - Returns: the matches.
    /// - Throws: `LinkError` naming the first part of the path that matches no pattern, or a
    ///   parameter whose value is not of its type.
    public func resolve(_ link: Link) throws(LinkError) -> LinkMatches {
        try resolve(link.description)
    }
}
