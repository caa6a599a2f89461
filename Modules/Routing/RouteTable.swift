/// A link pattern: constant segments and typed parameters, such as `profile/<user>` or
/// `area/<from:id>/detail`. A parameter is written `<type>` (named after its type) or
/// `<name:type>`.
public struct LinkPattern: Hashable, Sendable {
    public enum Segment: Hashable, Sendable {
        case constant(String)
        case parameter(name: String, type: String)
    }

    public let segments: [Segment]
    /// The pattern as it was written.
    public let text: String

    /// - Throws: `RouteTableError.invalidPattern` naming what is wrong.
    public init(_ text: String) throws(RouteTableError) {
        guard !text.isEmpty else { throw .invalidPattern(text, problem: "it is empty") }
        var segments: [Segment] = []
        var names: Set<String> = []
        for part in text.split(separator: "/", omittingEmptySubsequences: false) {
            guard !part.isEmpty else { throw .invalidPattern(text, problem: "it has an empty segment") }
            guard part.first == "<" else {
                guard !part.contains(where: { "<>:".contains($0) }) else {
                    throw .invalidPattern(text, problem: "segment \"\(part)\" mixes text and a parameter")
                }
                segments.append(.constant(String(part)))
                continue
            }
            guard part.last == ">", part.count > 2 else {
                throw .invalidPattern(text, problem: "segment \"\(part)\" is not a parameter like <user>")
            }
            let inside = part.dropFirst().dropLast().split(separator: ":", omittingEmptySubsequences: false)
            guard inside.count <= 2, inside.allSatisfy({ !$0.isEmpty && !$0.contains(where: { "<>".contains($0) }) })
            else {
                throw .invalidPattern(
                    text, problem: "segment \"\(part)\" is not a parameter like <user> or <name:type>")
            }
            let name = String(inside[0])
            guard names.insert(name).inserted else {
                throw .invalidPattern(
                    text,
                    problem: "two parameters are named <\(name)>; name them apart, as in <from:\(inside.last ?? "")>")
            }
            segments.append(.parameter(name: name, type: String(inside.last ?? inside[0])))
        }
        self.segments = segments
        self.text = text
    }

    /// The shape that decides which links the pattern matches: parameter names do not count.
    var shape: [String?] {
        segments.map { if case .constant(let text) = $0 { text } else { nil } }
    }
}

extension LinkParameters: ExpressibleByDictionaryLiteral {
    /// Parameters written as a literal, in that order: `["user": "bob"]`.
    public init(dictionaryLiteral elements: (String, String)...) {
        self.init(values: elements.map { (name: $0.0, value: $0.1) })
    }
}

extension LinkPattern: CustomStringConvertible {
    public var description: String { text }
}

/// A kind of value a link parameter holds: its name (`user`) and a check that says what is
/// wrong with a value, or `nil` when it is fine. Checks are pure and fast; anything that needs a
/// service (does this user exist?) belongs to whoever opens the match.
public struct LinkParameterType: Sendable {
    public let name: String
    public let problem: @Sendable (String) -> String?

    public init(_ name: String, problem: @escaping @Sendable (String) -> String?) {
        self.name = name
        self.problem = problem
    }
}

/// The parameters of a matched pattern, by name.
public struct LinkParameters: Hashable, Sendable {
    /// Name and value, in the order the pattern has them.
    public let values: [(name: String, value: String)]

    public init(values: [(name: String, value: String)]) {
        self.values = values
    }

    /// The value of the parameter `name`; empty if the pattern has no such parameter.
    public subscript(name: String) -> String {
        values.first { $0.name == name }?.value ?? ""
    }

    public static func == (lhs: LinkParameters, rhs: LinkParameters) -> Bool {
        lhs.values.elementsEqual(rhs.values) { $0 == $1 }
    }

    public func hash(into hasher: inout Hasher) {
        for (name, value) in values {
            hasher.combine(name)
            hasher.combine(value)
        }
    }
}

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
    public let pattern: LinkPattern
    public let parameters: LinkParameters
    public let target: Target
    /// The segments of the link it matched, sharing the link's storage.
    let segments: ArraySlice<String>

    /// The part of the path it matched: `profile/bob`. Joined when asked for, not on every
    /// match.
    public var path: String { segments.joined(separator: "/") }
}

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
    public let scheme: String
    public private(set) var patterns: [LinkPattern] = []
    /// Every pattern as written, in order: what an error lists, built once.
    private var patternTexts: [String] = []
    private let routes: [LinkRoute<Target>]
    /// For each route, its parameters: where each is in the pattern, its name and its type.
    private var parameters: [[(index: Int, name: String, type: LinkParameterType)]] = []
    private var nodes: [Node] = [Node()]

    private struct Node: Sendable {
        var constants: [String: Int] = [:]
        var parameter: Int?
        var route: Int?
        /// The first route (in table order) that ends below this node: what a link that stops
        /// here is missing the rest of.
        var longer: Int?
    }

    /// - Throws: `RouteTableError` for an invalid pattern, a parameter of an unknown type, or
    ///   two patterns that match the same links.
    public init(scheme: String, parameterTypes: [LinkParameterType], routes: [LinkRoute<Target>])
        throws(RouteTableError)
    {
        self.scheme = scheme
        self.routes = routes
        let types = Dictionary(parameterTypes.map { ($0.name, $0) }, uniquingKeysWith: { _, last in last })
        for (index, route) in routes.enumerated() {
            let pattern = try LinkPattern(route.pattern)
            var checks: [(index: Int, name: String, type: LinkParameterType)] = []
            for case (let position, .parameter(let name, let typeName)) in pattern.segments.enumerated() {
                guard let type = types[typeName] else {
                    throw .unknownParameterType(pattern: pattern.text, type: typeName)
                }
                checks.append((position, name, type))
            }
            try insert(pattern, route: index)
            patterns.append(pattern)
            patternTexts.append(pattern.text)
            parameters.append(checks)
        }
    }

    private mutating func insert(_ pattern: LinkPattern, route: Int) throws(RouteTableError) {
        var node = 0
        for segment in pattern.segments {
            if nodes[node].longer == nil { nodes[node].longer = route }
            let next: Int
            switch segment {
            case .constant(let text):
                next = nodes[node].constants[text] ?? nodes.count
                nodes[node].constants[text] = next
            case .parameter:
                next = nodes[node].parameter ?? nodes.count
                nodes[node].parameter = next
            }
            if next == nodes.count { nodes.append(Node()) }
            node = next
        }
        if let existing = nodes[node].route {
            let other = patterns[existing].text
            throw other == pattern.text ? .duplicate(other) : .ambiguous(other, pattern.text)
        }
        nodes[node].route = route
    }

    // MARK: - Matching

    /// Parses `text` and resolves its path.
    /// - Throws: `LinkError` for a malformed link or a path the table does not match.
    public func resolve(_ text: String) throws(LinkError) -> [LinkMatch<Target>] {
        try resolve(Link(parsing: text, scheme: scheme))
    }

    /// Splits the path of `link` into matches, left to right.
    /// - Throws: `LinkError` naming the first part of the path that matches no pattern, or a
    ///   parameter whose value is not of its type.
    public func resolve(_ link: Link) throws(LinkError) -> [LinkMatch<Target>] {
        var matches: [LinkMatch<Target>] = []
        matches.reserveCapacity(2)
        var start = 0
        while start < link.path.count {
            let match = try self.match(link.path, at: start, after: matches.last?.segments)
            start += match.pattern.segments.count
            matches.append(match)
        }
        return matches
    }

    /// Matches the one pattern that starts at `path[start]`.
    private func match(_ path: [String], at start: Int, after previous: ArraySlice<String>?) throws(LinkError)
        -> LinkMatch<Target>
    {
        guard let (route, end) = search(path, node: 0, at: start) else {
            throw diagnose(path, at: start, after: previous)
        }
        let pattern = patterns[route]
        let consumed = path[start..<end]
        var values: [(name: String, value: String)] = []
        values.reserveCapacity(parameters[route].count)
        for parameter in parameters[route] {
            let value = path[start + parameter.index]
            if let problem = parameter.type.problem(value) {
                throw .invalidParameter(name: parameter.name, value: value, pattern: pattern.text, problem: problem)
            }
            values.append((parameter.name, value))
        }
        let parameters = LinkParameters(values: values)
        return LinkMatch(
            pattern: pattern,
            parameters: parameters,
            target: routes[route].target(parameters),
            segments: consumed
        )
    }

    /// The best route matching from `path[index]` in the subtree at `node`, and where it ends:
    /// constants first, then the parameter, then a route ending here (longest wins).
    private func search(_ path: [String], node: Int, at index: Int) -> (route: Int, end: Int)? {
        if index < path.count {
            if let next = nodes[node].constants[path[index]], let found = search(path, node: next, at: index + 1) {
                return found
            }
            if let next = nodes[node].parameter, let found = search(path, node: next, at: index + 1) {
                return found
            }
        }
        return nodes[node].route.map { ($0, index) }
    }

    /// Why nothing matches at `path[start]`: the path ends inside a pattern (the first such
    /// pattern, in table order, is named), or no pattern starts there. It walks the tree, as a
    /// match does, so a miss costs about what a hit does, and the list of patterns is shared,
    /// not built.
    private func diagnose(_ path: [String], at start: Int, after previous: ArraySlice<String>?) -> LinkError {
        if let route = longer(path, node: 0, at: start) {
            return .missingSegment(
                pattern: "\(scheme)://\(patterns[route].text)", path: "\(scheme)://" + path.joined(separator: "/"))
        }
        return .unknownPath(
            segment: path[start], after: previous.map { $0.joined(separator: "/") }, known: patternTexts)
    }

    /// The first route, in table order, whose pattern fits all of `path[index...]` from `node`
    /// and goes on beyond it.
    private func longer(_ path: [String], node: Int, at index: Int) -> Int? {
        guard index < path.count else { return nodes[node].longer }
        var first: Int?
        if let next = nodes[node].constants[path[index]] { first = longer(path, node: next, at: index + 1) }
        if let next = nodes[node].parameter, let found = longer(path, node: next, at: index + 1) {
            first = min(first ?? found, found)
        }
        return first
    }
}
