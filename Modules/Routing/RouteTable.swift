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
    /// The names, in the order the pattern has them: one array a route, shared by its matches.
    @usableFromInline let names: [String]
    /// The values, in the same order: the first two inline (most patterns have at most two), the
    /// rest in `more`, so a match allocates nothing for its parameters.
    @usableFromInline let first: String
    @usableFromInline let second: String
    @usableFromInline let more: [String]

    /// Name and value, in the order the pattern has them.
    public var values: [(name: String, value: String)] {
        names.indices.map { (name: names[$0], value: value(at: $0)) }
    }

    public init(values: [(name: String, value: String)]) {
        self.init(
            names: values.map(\.name), first: values.first?.value ?? "",
            second: values.count > 1 ? values[1].value : "",
            more: values.dropFirst(2).map(\.value))
    }

    init(names: [String], first: String, second: String, more: [String]) {
        self.names = names
        self.first = first
        self.second = second
        self.more = more
    }

    /// The value of the parameter at `index`, in the pattern's order.
    @usableFromInline
    func value(at index: Int) -> String {
        switch index {
        case 0: first
        case 1: second
        default: more[index - 2]
        }
    }

    /// The value of the parameter `name`; empty if the pattern has no such parameter.
    @inlinable
    public subscript(name: String) -> String {
        guard let index = names.firstIndex(of: name) else { return "" }
        return value(at: index)
    }

    public static func == (lhs: LinkParameters, rhs: LinkParameters) -> Bool {
        lhs.names == rhs.names && lhs.names.indices.allSatisfy { lhs.value(at: $0) == rhs.value(at: $0) }
    }

    public func hash(into hasher: inout Hasher) {
        for index in names.indices {
            hasher.combine(names[index])
            hasher.combine(value(at: index))
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
    public let parameters: LinkParameters
    public let target: Target
    /// The table's patterns and the index of the one that matched: a match holds the table's
    /// list rather than a copy of its pattern.
    @usableFromInline let patterns: [LinkPattern]
    @usableFromInline let route: Int
    /// The link it is part of, and where in its UTF-8 the part it matched is.
    @usableFromInline let link: String
    @usableFromInline let bytes: Range<Int>

    @inlinable
    init(
        patterns: [LinkPattern], route: Int, parameters: LinkParameters, target: Target, link: String,
        bytes: Range<Int>
    ) {
        self.patterns = patterns
        self.route = route
        self.parameters = parameters
        self.target = target
        self.link = link
        self.bytes = bytes
    }

    /// The pattern that matched.
    public var pattern: LinkPattern { patterns[route] }

    /// The part of the path it matched: `profile/bob`. Cut from the link when asked for, not on
    /// every match.
    public var path: String { Self.text(of: bytes, in: link) }

    /// The text of the UTF-8 `bytes` of `link`.
    static func text(of bytes: Range<Int>, in link: String) -> String {
        let utf8 = link.utf8
        let start = utf8.index(utf8.startIndex, offsetBy: bytes.lowerBound)
        return String(decoding: utf8[start..<utf8.index(start, offsetBy: bytes.count)], as: UTF8.self)
    }
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
            matches.append(
                LinkMatch(
                    patterns: tree.patterns, route: route, parameters: parameters,
                    target: routes[route].target(parameters), link: text, bytes: bytes))
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

/// The patterns of a route table as a tree of segments, matched on a link's bytes. Matching
/// walks the tree, so its cost grows with the length of the link, not the size of the table.
@usableFromInline
struct RouteTree: Sendable {
    let scheme: String
    /// The scheme's bytes, when it is plain enough for `Link.plainPath(of:scheme:)`: links that
    /// are plainly well formed are then checked in one pass.
    private let plainScheme: [UInt8]?
    @usableFromInline private(set) var patterns: [LinkPattern] = []
    /// Every pattern as written, in order: what an error lists, built once.
    private var patternTexts: [String] = []
    /// For each route, its parameters: where each is in the pattern, its name and its type.
    private var parameters: [[(index: Int, name: String, type: LinkParameterType)]] = []
    /// For each route, its parameters' names: shared by every match's `LinkParameters`.
    private var parameterNames: [[String]] = []
    private var nodes: [Node] = [Node()]
    /// Every node's constants in one table, looked up by the segment's bytes in place.
    private var constants = ConstantTable()

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
    init(scheme: String, parameterTypes: [LinkParameterType], patterns texts: [String]) throws(RouteTableError) {
        self.scheme = scheme
        plainScheme = Link.isPlainScheme(scheme) ? Array(scheme.utf8) : nil
        let types = Dictionary(parameterTypes.map { ($0.name, $0) }, uniquingKeysWith: { _, last in last })
        for (index, text) in texts.enumerated() {
            let pattern = try LinkPattern(text)
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
            parameterNames.append(checks.map(\.name))
        }
        constants = ConstantTable(
            nodes.enumerated().flatMap { node, content in
                content.constants.map { (node: node, text: $0.key, next: $0.value) }
            })
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

    /// Finds the matches of the path of `text`, left to right, and hands each to `found`: its
    /// route, where its part of the path is in the UTF-8 of `text`, and its parameters.
    ///
    /// It matches on the link's bytes in place: a segment becomes a `String` only as a
    /// parameter's value, and a miss is diagnosed by walking the same tree.
    /// - Throws: `LinkError` for a malformed link or a path the table does not match.
    @usableFromInline
    func matches(in text: String, _ found: (_ route: Int, _ bytes: Range<Int>, LinkParameters) -> Void)
        throws(LinkError)
    {
        var utf8 = text
        let result = utf8.withUTF8 { bytes in
            Result { () throws(LinkError) in
                let path: Range<Int>
                if let plain = plainScheme?.withUnsafeBufferPointer({ Link.plainPath(of: bytes, scheme: $0) }) {
                    path = plain
                } else {
                    path = try Link.checkedPath(of: bytes, in: text, scheme: scheme)
                }
                var start = path.lowerBound
                var previous: Range<Int>?
                while start < path.upperBound {
                    guard let (route, next) = search(bytes, node: 0, at: start, end: path.upperBound) else {
                        throw diagnose(bytes, path: path, at: start, after: previous)
                    }
                    found(route, start..<next - 1, try parameters(of: route, bytes, from: start, to: next - 1))
                    previous = start..<next - 1
                    start = next
                }
            }
        }
        try result.get()
    }

    /// The parameters of `route` over `bytes[start..<end]`, each checked.
    private func parameters(of route: Int, _ bytes: UnsafeBufferPointer<UInt8>, from start: Int, to end: Int)
        throws(LinkError) -> LinkParameters
    {
        let checks = parameters[route]
        var (first, second, more) = ("", "", [String]())
        var segment = 0
        var segmentStart = start
        for number in checks.indices {
            while segment < checks[number].index {
                segmentStart = Link.segmentEnd(in: bytes, from: segmentStart, before: end) + 1
                segment += 1
            }
            let value = String(
                decoding: bytes[segmentStart..<Link.segmentEnd(in: bytes, from: segmentStart, before: end)],
                as: UTF8.self)
            if let problem = checks[number].type.problem(value) {
                throw .invalidParameter(
                    name: checks[number].name, value: value, pattern: patterns[route].text, problem: problem)
            }
            switch number {
            case 0: first = value
            case 1: second = value
            default: more.append(value)
            }
        }
        return LinkParameters(names: parameterNames[route], first: first, second: second, more: more)
    }

    /// The best route matching from the segment that starts at `index` in the subtree at
    /// `node`, and where the next segment starts after it: constants first, then the parameter,
    /// then a route ending here (longest wins).
    private func search(_ bytes: UnsafeBufferPointer<UInt8>, node: Int, at index: Int, end: Int) -> (
        route: Int, next: Int
    )? {
        if index < end {
            let segmentEnd = Link.segmentEnd(in: bytes, from: index, before: end)
            if let next = constants.next(after: node, for: UnsafeBufferPointer(rebasing: bytes[index..<segmentEnd])),
                let found = search(bytes, node: next, at: segmentEnd + 1, end: end)
            {
                return found
            }
            if let next = nodes[node].parameter, let found = search(bytes, node: next, at: segmentEnd + 1, end: end) {
                return found
            }
        }
        return nodes[node].route.map { ($0, index) }
    }

    /// Why nothing matches at the segment that starts at `start`: the path ends inside a pattern
    /// (the first such pattern, in table order, is named), or no pattern starts there. It walks
    /// the tree, as a match does, so a miss costs about what a hit does, and the list of patterns
    /// is shared, not built.
    private func diagnose(
        _ bytes: UnsafeBufferPointer<UInt8>, path: Range<Int>, at start: Int, after previous: Range<Int>?
    )
        -> LinkError
    {
        if let route = longer(bytes, node: 0, at: start, end: path.upperBound) {
            return .missingSegment(
                pattern: "\(scheme)://\(patterns[route].text)",
                path: "\(scheme)://" + String(decoding: bytes[path], as: UTF8.self))
        }
        let segment = String(
            decoding: bytes[start..<Link.segmentEnd(in: bytes, from: start, before: path.upperBound)], as: UTF8.self)
        return .unknownPath(
            segment: segment, after: previous.map { String(decoding: bytes[$0], as: UTF8.self) }, known: patternTexts)
    }

    /// The first route, in table order, whose pattern fits every segment from `index` on, from
    /// `node`, and goes on beyond them.
    private func longer(_ bytes: UnsafeBufferPointer<UInt8>, node: Int, at index: Int, end: Int) -> Int? {
        guard index < end else { return nodes[node].longer }
        let segmentEnd = Link.segmentEnd(in: bytes, from: index, before: end)
        var first: Int?
        if let next = constants.next(after: node, for: UnsafeBufferPointer(rebasing: bytes[index..<segmentEnd])) {
            first = longer(bytes, node: next, at: segmentEnd + 1, end: end)
        }
        if let next = nodes[node].parameter, let found = longer(bytes, node: next, at: segmentEnd + 1, end: end) {
            first = min(first ?? found, found)
        }
        return first
    }
}

/// The constant segments of every node of a route table's tree, in one open-addressing hash
/// table keyed by the node and the segment's bytes: a look-up hashes the bytes where they are,
/// with no `String` made for them.
struct ConstantTable: Sendable {
    private struct Slot: Sendable {
        var node = -1
        var hash: UInt64 = 0
        var start = 0
        var count = 0
        var next = 0
    }

    private var slots: [Slot] = []
    private var mask = 0
    /// For each node, one bit for each of its constants' first bytes (the byte's low six bits):
    /// a segment whose first byte has no bit there is no constant of the node, and is not looked up.
    private var firstBytes: [UInt64] = []
    /// Every constant's bytes, one after the other.
    private var pool: [UInt8] = []

    init() {}

    /// - Parameter entries: each constant, with the node it leaves and the node it leads to.
    init(_ entries: [(node: Int, text: String, next: Int)]) {
        var size = 8
        while size < entries.count * 2 { size *= 2 }
        slots = Array(repeating: Slot(), count: size)
        mask = size - 1
        firstBytes = Array(repeating: 0, count: (entries.map(\.node).max() ?? -1) + 1)
        for entry in entries {
            let bytes = Array(entry.text.utf8)
            firstBytes[entry.node] |= 1 << ((bytes.first ?? 0) & 63)
            let hash = bytes.withUnsafeBufferPointer { Self.hash(node: entry.node, $0) }
            var index = Int(truncatingIfNeeded: hash) & mask
            while slots[index].node >= 0 { index = (index + 1) & mask }
            slots[index] = Slot(node: entry.node, hash: hash, start: pool.count, count: bytes.count, next: entry.next)
            pool += bytes
        }
    }

    /// The node the constant `segment` leads to from `node`, if it is one of that node's.
    func next(after node: Int, for segment: UnsafeBufferPointer<UInt8>) -> Int? {
        guard node < firstBytes.count, let first = segment.first, firstBytes[node] >> (first & 63) & 1 == 1 else {
            return nil
        }
        let hash = Self.hash(node: node, segment)
        var index = Int(truncatingIfNeeded: hash) & mask
        return slots.withUnsafeBufferPointer { slots in
            pool.withUnsafeBufferPointer { pool in
                while slots[index].node >= 0 {
                    let slot = slots[index]
                    if slot.node == node, slot.hash == hash, slot.count == segment.count,
                        Self.equal(segment, pool, at: slot.start)
                    {
                        return slot.next
                    }
                    index = (index + 1) & mask
                }
                return nil
            }
        }
    }

    /// Whether `segment` is the bytes of `pool` from `start` on.
    private static func equal(_ segment: UnsafeBufferPointer<UInt8>, _ pool: UnsafeBufferPointer<UInt8>, at start: Int)
        -> Bool
    {
        var index = 0
        while index < segment.count {
            if segment[index] != pool[start + index] { return false }
            index += 1
        }
        return true
    }

    /// FNV-1a over the bytes, mixed with the node.
    private static func hash(node: Int, _ bytes: UnsafeBufferPointer<UInt8>) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325 ^ (UInt64(truncatingIfNeeded: node) &* 0x9E37_79B9_7F4A_7C15)
        for byte in bytes {
            hash ^= UInt64(byte)
            hash &*= 0x0000_0100_0000_01B3
        }
        return hash ^ (hash >> 29)
    }
}
