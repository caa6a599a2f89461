import Navigation

extension NavigationGraph {
    /// The formats the graph prints in.
    public enum Format: String, CaseIterable, Sendable {
        /// For a person: the places, then the edges.
        case text
        /// Graphviz: `dot -Tsvg`.
        case dot
        /// A Mermaid flowchart, which repository browsers draw.
        case mermaid
        /// For tools: stable, versioned (`"version": 1`), keys sorted.
        case json
    }

    /// The version of the JSON format: it changes only when a key changes meaning or goes.
    public static var jsonVersion: Int { 2 }

    /// The graph in `format`, ending with a newline.
    public func printed(as format: Format) -> String {
        switch format {
        case .text: text
        case .dot: dot
        case .mermaid: mermaid
        case .json: json
        }
    }

    private var text: String {
        let counts = [(nodes.count, "place"), (edges.count, "edge")].map { "\($0) \($1)\($0 == 1 ? "" : "s")" }
        var lines = ["\(scheme): " + counts.joined(separator: ", "), "", "places:"]
        let width = nodes.map(\.pattern.count).max() ?? 0
        for node in nodes {
            var line = "  " + node.pattern + String(repeating: " ", count: width - node.pattern.count)
            line += "  \(node.feature), \(node.role), \(node.access)"
            if !node.parameters.isEmpty {
                line += "; " + node.parameters.map { "<\($0.name)>: \($0.type)" }.joined(separator: ", ")
            }
            if !node.query.isEmpty { line += "; query " + node.query.joined(separator: ", ") }
            if node.answers { line += "; answers the screen that opened it" }
            if !node.rules.isEmpty { line += "; rules: " + node.rules.joined(separator: ", ") }
            line += "; " + (node.policy.map(Self.describe) ?? "built at once")
            lines.append(line)
        }
        lines += ["", "edges (screen, action, place it opens, route method):"]
        for edge in edges {
            lines.append("  \(edge.from) --\(edge.label)--> \(edge.to)  \(edge.method)")
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// A policy in words: `loads: timeout 3 s, 2 retries after 0.5 s, placeholder after 0.3 s, first wins`.
    static func describe(_ policy: Policy) -> String {
        var parts: [String] = []
        if let timeout = policy.timeout { parts.append("timeout \(number(timeout)) s") }
        if policy.retries > 0, let backoff = policy.backoff {
            parts.append("\(policy.retries) retries after \(number(backoff)) s")
        }
        if let after = policy.placeholderAfter { parts.append("placeholder after \(number(after)) s") }
        parts.append("\(policy.wins) wins")
        return "loads: " + parts.joined(separator: ", ")
    }

    private static func number(_ value: Double) -> String {
        value == value.rounded() ? String(Int(value)) : String(value)
    }

    private var dot: String {
        var lines = ["digraph \(scheme) {", "  rankdir=LR;", "  node [shape=box, fontname=\"Helvetica\"];"]
        for node in nodes {
            let shape = node.role == "opened" ? "" : ", style=bold"
            lines.append(
                "  \(Self.quoted(node.pattern)) [label=\(Self.quoted("\(node.pattern)\\n\(node.feature), \(node.role)"))\(shape)];"
            )
        }
        for edge in edges {
            lines.append("  \(Self.quoted(edge.from)) -> \(Self.quoted(edge.to)) [label=\(Self.quoted(edge.label))];")
        }
        return (lines + ["}"]).joined(separator: "\n") + "\n"
    }

    private static func quoted(_ text: String) -> String {
        "\"" + text.replacing("\"", with: "\\\"") + "\""
    }

    private var mermaid: String {
        var lines = ["flowchart LR"]
        let number = Dictionary(nodes.enumerated().map { ($1.pattern, $0) }, uniquingKeysWith: { first, _ in first })
        for (index, node) in nodes.enumerated() {
            let text = Self.mermaidText(node.pattern) + "<br/>" + Self.mermaidText("\(node.feature), \(node.role)")
            lines.append(node.role == "opened" ? "  p\(index)[\"\(text)\"]" : "  p\(index)([\"\(text)\"])")
        }
        for edge in edges {
            guard let from = number[edge.from], let to = number[edge.to] else { continue }
            let label = Self.mermaidText(edge.label)
            lines.append("  p\(from) -->|\"\(label)\"| p\(to)")
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// Text Mermaid draws as written, not as HTML: `<user>` as `‹user›`, a quote as `#quot;`.
    private static func mermaidText(_ text: String) -> String {
        text.replacing("\"", with: "#quot;").replacing("<", with: "‹").replacing(">", with: "›")
    }

    private var json: String {
        func policy(_ policy: Policy) -> JSON {
            .object([
                ("backoff", policy.backoff.map(JSON.number)),
                ("placeholderAfter", policy.placeholderAfter.map(JSON.number)),
                ("retries", .number(Double(policy.retries))), ("timeout", policy.timeout.map(JSON.number)),
                ("wins", .string(policy.wins)),
            ])
        }
        let places = nodes.map { node -> JSON in
            .object([
                ("access", .string(node.access)), ("answers", .bool(node.answers)),
                ("feature", .string(node.feature)),
                (
                    "parameters",
                    .array(node.parameters.map { .object([("name", .string($0.name)), ("type", .string($0.type))]) })
                ),
                ("pattern", .string(node.pattern)), ("policy", node.policy.map(policy)),
                ("query", .array(node.query.map(JSON.string))), ("role", .string(node.role)),
                ("rules", .array(node.rules.map(JSON.string))),
            ])
        }
        let edges = edges.map { edge -> JSON in
            .object([
                ("action", .string(edge.action)), ("argument", .array(edge.argument.map(JSON.string))),
                ("from", .string(edge.from)), ("method", .string(edge.method)), ("to", .string(edge.to)),
            ])
        }
        let document = JSON.object([
            ("edges", .array(edges)), ("format", .string("waypoint-routes")), ("places", .array(places)),
            ("scheme", .string(scheme)), ("version", .number(Double(Self.jsonVersion))),
        ])
        return document.written() + "\n"
    }
}

extension NavigationGraph.Edge {
    /// The action and the names of what it takes: `profile <user>`.
    var label: String { argument.reduce(action) { $0 + " <" + $1 + ">" } }
}

/// JSON as the graph writes it, with no dependency: pretty-printed, two spaces an indent, each
/// object's keys in the order given (sorted, above), a key whose value is `nil` left out.
enum JSON {
    case object([(String, JSON?)])
    case array([JSON])
    case string(String)
    case number(Double)
    case bool(Bool)

    func written(indent: String = "") -> String {
        let inner = indent + "  "
        switch self {
        case .object(let fields):
            let present = fields.compactMap { key, value in value.map { (key, $0) } }
            guard !present.isEmpty else { return "{}" }
            let lines = present.map { inner + JSON.string($0.0).written() + " : " + $0.1.written(indent: inner) }
            return "{\n" + lines.joined(separator: ",\n") + "\n" + indent + "}"
        case .array(let items):
            guard !items.isEmpty else { return "[]" }
            return "[\n" + items.map { inner + $0.written(indent: inner) }.joined(separator: ",\n") + "\n" + indent
                + "]"
        case .string(let text):
            return JSONValue.quoted(text)
        case .number(let value):
            return value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : "\(value)"
        case .bool(let value):
            return value ? "true" : "false"
        }
    }
}
