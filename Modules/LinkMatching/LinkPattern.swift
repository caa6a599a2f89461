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
        // Read as bytes: the grammar's marks (`/`, `<`, `>`, `:`) are ASCII, and an app reads every
        // pattern at launch (the graph's check, then the table), so a feature costs the launch a
        // scan of its pattern's bytes, not a walk through its characters.
        var segments: [Segment] = []
        var names: [String] = []
        let bytes = text.utf8
        var start = bytes.startIndex
        while true {
            let end = bytes[start...].firstIndex(of: UInt8(ascii: "/")) ?? bytes.endIndex
            let segment = try Self.segment(text[start..<end], of: text, names: &names)
            segments.append(segment)
            guard end != bytes.endIndex else { break }
            start = bytes.index(after: end)
        }
        self.segments = segments
        self.text = text
    }

    /// One segment of `text`: a constant, or a parameter whose name is not in `names` yet.
    private static func segment(_ part: Substring, of text: String, names: inout [String]) throws(RouteTableError)
        -> Segment
    {
        let bytes = part.utf8
        guard let first = bytes.first else { throw .invalidPattern(text, problem: "it has an empty segment") }
        func isMark(_ byte: UInt8) -> Bool { byte == UInt8(ascii: "<") || byte == UInt8(ascii: ">") }
        guard first == UInt8(ascii: "<") else {
            guard !bytes.contains(where: { isMark($0) || $0 == UInt8(ascii: ":") }) else {
                throw .invalidPattern(text, problem: "segment \"\(part)\" mixes text and a parameter")
            }
            return .constant(String(part))
        }
        guard bytes.last == UInt8(ascii: ">"), bytes.count > 2 else {
            throw .invalidPattern(text, problem: "segment \"\(part)\" is not a parameter like <user>")
        }
        let inside = part.dropFirst().dropLast()
        let colon = inside.utf8.firstIndex(of: UInt8(ascii: ":"))
        let name = inside[..<(colon ?? inside.endIndex)]
        let type = colon.map { inside[inside.utf8.index(after: $0)...] } ?? name
        guard !name.isEmpty, !type.isEmpty, !inside.utf8.contains(where: isMark),
            !type.utf8.contains(UInt8(ascii: ":"))
        else {
            throw .invalidPattern(text, problem: "segment \"\(part)\" is not a parameter like <user> or <name:type>")
        }
        let named = String(name)
        guard !names.contains(named) else {
            throw .invalidPattern(
                text, problem: "two parameters are named <\(named)>; name them apart, as in <from:\(type)>")
        }
        names.append(named)
        return .parameter(name: named, type: String(type))
    }

    /// The pattern of parameters only, one a segment, each named after its type: what
    /// parameters made from values alone (`LinkParameters(values:)`) say they matched.
    init(parameters names: [String]) {
        segments = names.map { .parameter(name: $0, type: $0) }
        text = names.map { "<\($0)>" }.joined(separator: "/")
    }

    /// The shape that decides which links the pattern matches: parameter names do not count.
    var shape: [String?] {
        segments.map { if case .constant(let text) = $0 { text } else { nil } }
    }
}

extension LinkPattern: CustomStringConvertible {
    public var description: String { text }
}
