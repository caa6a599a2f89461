/// The patterns of a route table as a tree of segments, matched on a link's bytes: its cost grows
/// with the length of the link, not the size of the table. Built once, never changed: a class,
/// so every copy of a table holds one reference rather than a dozen arrays to retain.
@usableFromInline
final class RouteTree: Sendable {
    let scheme: String
    /// The scheme's bytes, lowercase, as `Link.scan(_:in:scheme:)` compares them.
    private let schemeBytes: [UInt8]
    @usableFromInline let patterns: [LinkPattern]
    /// Every pattern as written, in order: what an error lists, built once.
    private let patternTexts: [String]
    /// Every pattern as a link writes it (`waypoint://chat/<id:user>`): what a short miss names.
    private let patternLinks: [String]
    /// Every route's parameters, route after route: where each is in its pattern, its name and
    /// its type. Route `r`'s are those from `firstParameter[r]` up to `firstParameter[r + 1]`.
    private let parameters: [Parameter]
    private let firstParameter: [Int]
    /// For each route, its pattern and its parameters' names: shared by every match's
    /// `LinkParameters`.
    private let routeNames: [RouteNames]
    /// The tree, node by node, as matching reads it: three numbers a node.
    private let nodes: [Node]
    /// Every node's constants in one table, looked up by the segment's bytes in place.
    private let constants: ConstantTable

    private struct Parameter: Sendable {
        let index: Int
        let name: String
        let type: LinkParameterType
    }

    /// A node of the tree: where its parameter leads, the route that ends at it, and the first
    /// route (in table order) that ends below it, what a link that stops here is missing the
    /// rest of. Three 32-bit numbers, -1 for none, read as optionals. Its constants are in
    /// `constants`.
    private struct Node: Sendable {
        private let parameterNode: Int32
        private let routeNumber: Int32
        private let longerRoute: Int32

        init(_ node: Building) {
            parameterNode = Int32(node.parameter ?? -1)
            routeNumber = Int32(node.route ?? -1)
            longerRoute = Int32(node.longer ?? -1)
        }

        var parameter: Int? { parameterNode >= 0 ? Int(parameterNode) : nil }
        var route: Int? { routeNumber >= 0 ? Int(routeNumber) : nil }
        var longer: Int? { longerRoute >= 0 ? Int(longerRoute) : nil }
    }

    /// A node while the tree is built.
    private struct Building {
        var constants: [String: Int] = [:]
        var parameter: Int?
        var route: Int?
        var longer: Int?
    }

    /// - Throws: `RouteTableError` for an invalid pattern, a parameter of an unknown type, or
    ///   two patterns that match the same links.
    init(scheme: String, parameterTypes: [LinkParameterType], patterns texts: [String]) throws(RouteTableError) {
        let types = Dictionary(parameterTypes.map { ($0.name, $0) }, uniquingKeysWith: { _, last in last })
        var patterns: [LinkPattern] = []
        var parameters: [[Parameter]] = []
        var nodes = [Building()]
        for (route, text) in texts.enumerated() {
            let pattern = try LinkPattern(text)
            var checks: [Parameter] = []
            for case (let position, .parameter(let name, let typeName)) in pattern.segments.enumerated() {
                guard let type = types[typeName] else {
                    throw .unknownParameterType(pattern: pattern.text, type: typeName)
                }
                checks.append(Parameter(index: position, name: name, type: type))
            }
            try Self.insert(pattern, route: route, into: &nodes, patterns: patterns)
            patterns.append(pattern)
            parameters.append(checks)
        }
        self.scheme = scheme
        schemeBytes = Array(scheme.lowercased().utf8)
        self.patterns = patterns
        patternTexts = patterns.map(\.text)
        patternLinks = patterns.map { "\(scheme)://\($0.text)" }
        self.parameters = parameters.flatMap { $0 }
        firstParameter = parameters.reduce(into: [0]) { starts, route in
            starts.append(starts[starts.count - 1] + route.count)
        }
        routeNames = zip(patterns, parameters).map { RouteNames(pattern: $0, names: $1.map(\.name)) }
        self.nodes = nodes.map(Node.init)
        constants = ConstantTable(
            nodes.enumerated().flatMap { node, content in
                content.constants.map { (node: node, text: $0.key, next: $0.value) }
            })
    }

    private static func insert(
        _ pattern: LinkPattern, route: Int, into nodes: inout [Building], patterns: [LinkPattern]
    )
        throws(RouteTableError)
    {
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
            if next == nodes.count { nodes.append(Building()) }
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
    /// parameter's value, and a miss is diagnosed by walking the same tree. Every part's route is
    /// found before any is handed on, so a path that fails makes no match; its error is the one
    /// matching and checking part after part would meet first (a bad parameter in a part before
    /// the one that fails is named, not the failure).
    /// - Throws: `LinkError` for a malformed link or a path the table does not match.
    @usableFromInline
    func matches(in text: String, _ found: (_ route: Int, _ bytes: Range<Int>, consuming LinkParameters) -> Void)
        throws(LinkError)
    {
        // A native string's bytes are read where they are: no copy of the string to retain.
        let result = text.utf8.withContiguousStorageIfAvailable { bytes in
            Result { () throws(LinkError) in try matches(bytes, text, found) }
        }
        if let result { return try result.get() }
        var copy = text
        try copy.withUTF8 { bytes in Result { () throws(LinkError) in try matches(bytes, text, found) } }.get()
    }

    /// `matches(in:_:)` on the link's bytes.
    private func matches(
        _ bytes: UnsafeBufferPointer<UInt8>, _ text: String,
        _ found: (_ route: Int, _ bytes: Range<Int>, consuming LinkParameters) -> Void
    ) throws(LinkError) {
        let path = try schemeBytes.withUnsafeBufferPointer { scheme throws(LinkError) in
            try Link.scan(bytes, in: text, scheme: scheme)
        }
        guard let first = search(bytes, node: 0, at: path.lowerBound, end: path.upperBound) else {
            throw diagnose(bytes, text, path: path, at: path.lowerBound, after: nil)
        }
        // The usual link: one destination.
        if first.next > path.upperBound {
            let parameters = try parameters(of: first.route, bytes, from: path.lowerBound, to: path.upperBound)
            return found(first.route, path, parameters)
        }
        // Each part's route and where the part after it starts; a part is a segment at
        // least, so a path has at most this many.
        try withUnsafeTemporaryAllocation(of: (route: Int, next: Int).self, capacity: (path.count + 1) / 2) {
            parts throws(LinkError) in
            parts[0] = first
            var count = 1
            var start = first.next
            while start < path.upperBound, let part = search(bytes, node: 0, at: start, end: path.upperBound) {
                parts[count] = part
                count += 1
                start = part.next
            }
            let matched = start >= path.upperBound
            start = path.lowerBound
            var previous: Range<Int>?
            for (route, next) in parts[..<count] {
                if matched {
                    found(route, start..<next - 1, try parameters(of: route, bytes, from: start, to: next - 1))
                } else {
                    try checkParameters(of: route, bytes, from: start, to: next - 1)
                }
                previous = start..<next - 1
                start = next
            }
            if !matched { throw diagnose(bytes, text, path: path, at: start, after: previous) }
        }
    }

    /// The parameters of `route` over `bytes[start..<end]`, each checked.
    private func parameters(of route: Int, _ bytes: UnsafeBufferPointer<UInt8>, from start: Int, to end: Int)
        throws(LinkError) -> LinkParameters
    {
        var (first, second, more) = ("", "", [String]())
        try checkParameters(of: route, bytes, from: start, to: end) { position, value in
            switch position {
            case 0: first = value
            case 1: second = value
            default: more.append(value)
            }
        }
        return LinkParameters(
            route: routeNames[route], first: first, second: second, more: more.isEmpty ? nil : more)
    }

    /// Checks the parameters of `route` over `bytes[start..<end]`, and hands each value that
    /// passes to `take` with its position among them: a part before one that fails is only
    /// checked, as its bad parameter is the error to name first.
    @inline(__always)
    private func checkParameters(
        of route: Int, _ bytes: UnsafeBufferPointer<UInt8>, from start: Int, to end: Int,
        _ take: (_ position: Int, _ value: String) -> Void = { _, _ in }
    ) throws(LinkError) {
        let checks = firstParameter[route]..<firstParameter[route + 1]
        var segment = 0
        var segmentStart = start
        for check in checks {
            while segment < parameters[check].index {
                segmentStart = Link.segmentEnd(in: bytes, from: segmentStart, before: end) + 1
                segment += 1
            }
            let value = String(
                decoding: bytes[segmentStart..<Link.segmentEnd(in: bytes, from: segmentStart, before: end)],
                as: UTF8.self)
            if let problem = parameters[check].type.problem(value) {
                throw .invalidParameter(
                    name: parameters[check].name, value: value, pattern: patterns[route].text, problem: problem)
            }
            take(check - checks.lowerBound, value)
        }
    }

    /// The best route matching from the segment that starts at `index` in the subtree at
    /// `node`, and where the next segment starts after it: constants first, then the parameter,
    /// then a route ending here (longest wins).
    private func search(_ bytes: UnsafeBufferPointer<UInt8>, node: Int, at index: Int, end: Int) -> (
        route: Int, next: Int
    )? {
        if index < end {
            let segmentEnd = Link.segmentEnd(in: bytes, from: index, before: end)
            if let next = constants.next(after: node, for: bytes, index..<segmentEnd),
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
        // The segment and the part before it are named where they are in the link, not copied.
        let segment = start..<Link.segmentEnd(in: bytes, from: start, before: path.upperBound)
        return .unknownPath(
            segment: LinkPart(segment, of: text), after: previous.map { LinkPart($0, of: text) }, known: patternTexts)
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
        if let next = constants.next(after: node, for: bytes, index..<segmentEnd) {
            first = longer(bytes, node: next, at: segmentEnd + 1, end: end)
        }
        if let next = nodes[node].parameter, let found = longer(bytes, node: next, at: segmentEnd + 1, end: end) {
            first = min(first ?? found, found)
        }
        return first
    }
}
