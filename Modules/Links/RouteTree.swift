/// The patterns of a route table as a tree of segments, matched on a link's bytes. Matching
/// walks the tree, so its cost grows with the length of the link, not the size of the table.
@usableFromInline
struct RouteTree: Sendable {
    let scheme: String
    /// The scheme's bytes, lowercase, as `Link.scan(_:in:scheme:)` compares them.
    private let schemeBytes: [UInt8]
    @usableFromInline private(set) var patterns: [LinkPattern] = []
    /// Every pattern as written, in order: what an error lists, built once.
    private var patternTexts: [String] = []
    /// Every pattern as a link writes it (`waypoint://chat/<id:user>`): what a miss that falls
    /// short of one names, made once rather than on every such miss.
    private var patternLinks: [String] = []
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
        schemeBytes = Array(scheme.lowercased().utf8)
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
            patternLinks.append("\(scheme)://\(pattern.text)")
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
                let path = try schemeBytes.withUnsafeBufferPointer { scheme throws(LinkError) in
                    try Link.scan(bytes, in: text, scheme: scheme)
                }
                var start = path.lowerBound
                var previous: Range<Int>?
                while start < path.upperBound {
                    guard let (route, next) = search(bytes, node: 0, at: start, end: path.upperBound) else {
                        throw diagnose(bytes, text, path: path, at: start, after: previous)
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
        _ bytes: UnsafeBufferPointer<UInt8>, _ text: String, path: Range<Int>, at start: Int,
        after previous: Range<Int>?
    )
        -> LinkError
    {
        if let route = longer(bytes, node: 0, at: start, end: path.upperBound) {
            return .missingSegment(pattern: patternLinks[route], path: written(bytes, path: path, in: text))
        }
        let segment = String(
            decoding: bytes[start..<Link.segmentEnd(in: bytes, from: start, before: path.upperBound)], as: UTF8.self)
        return .unknownPath(
            segment: segment, after: previous.map { String(decoding: bytes[$0], as: UTF8.self) }, known: patternTexts)
    }

    /// The link as far as its path goes, with the scheme as the table writes it: `text` itself
    /// when it is already that (the usual case), so a miss makes no string for it.
    private func written(_ bytes: UnsafeBufferPointer<UInt8>, path: Range<Int>, in text: String) -> String {
        let scheme = self.scheme.utf8
        if path.lowerBound == scheme.count + 3, path.upperBound == bytes.count,
            bytes.prefix(scheme.count).elementsEqual(scheme)
        {
            return text
        }
        return "\(self.scheme)://" + String(decoding: bytes[path], as: UTF8.self)
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
