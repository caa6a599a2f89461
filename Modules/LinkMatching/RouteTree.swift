/// The patterns of a route table as a tree of segments, matched on a link's bytes: its cost grows
/// with the length of the link, not the size of the table. Built once, never changed: a class,
/// so every copy of a table holds one reference rather than a dozen arrays to retain.
final class RouteTree: Sendable {
    let scheme: String
    /// The scheme's bytes, lowercase, as `Link.scan(_:in:scheme:)` compares them.
    let schemeBytes: [UInt8]
    /// The scheme as one word, where it fits one (`Link.schemeWord(_:)`).
    let schemeWord: (word: UInt64, mask: UInt64)?
    let patterns: [LinkPattern]
    /// Every pattern as a link writes it (`waypoint://chat/<id:user>`): what a short miss names.
    let patternLinks: [String]
    /// Every route's parameters, route after route: where each is in its pattern, its name and
    /// its type. Route `r`'s are those from `firstParameter[r]` up to `firstParameter[r + 1]`.
    let parameters: [Parameter]
    let firstParameter: [Int]
    /// For each route, its pattern and its parameters' names: shared by every match's
    /// `LinkParameters`.
    let routeNames: [RouteNames]
    /// The tree, node by node, as matching reads it: three numbers and a filter a node.
    let nodes: [Node]
    /// Every node's constants in one table, looked up by the segment's bytes in place.
    let constants: ConstantTable

    struct Parameter: Sendable {
        let index: Int
        let name: String
        let type: LinkParameterType
    }

    /// A node of the tree: the node above it, where its parameter leads, the route that ends at
    /// it, the first route (in table order) that ends below it, what a link that stops here is
    /// missing the rest of, and a filter of its constants. Four 32-bit numbers, -1 for none, read
    /// as optionals, and a word. Its constants are in `constants`.
    struct Node: Sendable {
        /// The node above it: a walk that fails below goes back up by it, with no stack.
        let parent: Int32
        private let parameterNode: Int32
        private let routeNumber: Int32
        private let longerRoute: Int32
        /// One bit for each of its constants, chosen by the constant's length and first byte: a
        /// segment whose bit is clear is none of them, and is not looked up. Most segments a
        /// parameter takes (`42` where a node has `list` and a parameter) end there.
        private let constantBits: UInt64

        fileprivate init(_ node: Building) {
            parent = Int32(node.parent)
            parameterNode = Int32(node.parameter ?? -1)
            routeNumber = Int32(node.route ?? -1)
            longerRoute = Int32(node.longer ?? -1)
            constantBits = node.constants.keys.reduce(0) { bits, text in
                var text = text
                return text.withUTF8 { bits | Self.bit(of: $0, 0..<$0.count) }
            }
        }

        var parameter: Int? { parameterNode >= 0 ? Int(parameterNode) : nil }
        var route: Int? { routeNumber >= 0 ? Int(routeNumber) : nil }
        var longer: Int? { longerRoute >= 0 ? Int(longerRoute) : nil }

        /// Whether `bytes[segment]` may be one of its constants.
        func mayHave(_ bytes: UnsafeBufferPointer<UInt8>, _ segment: Range<Int>) -> Bool {
            constantBits & Self.bit(of: bytes, segment) != 0
        }

        private static func bit(of bytes: UnsafeBufferPointer<UInt8>, _ segment: Range<Int>) -> UInt64 {
            guard !segment.isEmpty else { return 0 }
            return 1 << UInt64(truncatingIfNeeded: (segment.count &* 7 &+ Int(bytes[segment.lowerBound])) & 63)
        }
    }

    /// A node while the tree is built.
    fileprivate struct Building {
        var parent = -1
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
        // Most patterns begin with a constant of their own: the root holds about one a pattern.
        nodes[0].constants.reserveCapacity(texts.count)
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
        schemeWord = Link.schemeWord(schemeBytes)
        self.patterns = patterns
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
            if next == nodes.count { nodes.append(Building(parent: node)) }
            node = next
        }
        if let existing = nodes[node].route {
            let other = patterns[existing].text
            throw other == pattern.text ? .duplicate(other) : .ambiguous(other, pattern.text)
        }
        nodes[node].route = route
    }
}
