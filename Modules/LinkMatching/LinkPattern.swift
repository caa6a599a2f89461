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
        // Read as bytes, by offset: the grammar's marks (`/`, `<`, `>`, `:`) are ASCII, and an app
        // reads every pattern at launch (the graph's check, then the table), so a feature costs
        // the launch one copy of its pattern's bytes, not a walk through string indices.
        let bytes = Array(text.utf8)
        var segments: [Segment] = []
        var names: [String] = []
        var start = 0
        while true {
            let end = bytes[start...].firstIndex(of: UInt8(ascii: "/")) ?? bytes.count
            segments.append(try Self.segment(bytes, start..<end, of: text, names: &names))
            guard end != bytes.count else { break }
            start = end + 1
        }
        self.segments = segments
        self.text = text
    }

    /// The segment of `text` at `range` of its `bytes`: a constant, or a parameter whose name is
    /// not in `names` yet.
    private static func segment(_ bytes: [UInt8], _ range: Range<Int>, of text: String, names: inout [String])
        throws(RouteTableError) -> Segment
    {
        func string(_ range: Range<Int>) -> String { String(decoding: bytes[range], as: UTF8.self) }
        func isMark(_ byte: UInt8) -> Bool { byte == UInt8(ascii: "<") || byte == UInt8(ascii: ">") }
        guard let first = bytes[range].first else { throw .invalidPattern(text, problem: "it has an empty segment") }
        guard first == UInt8(ascii: "<") else {
            guard !bytes[range].contains(where: { isMark($0) || $0 == UInt8(ascii: ":") }) else {
                throw .invalidPattern(text, problem: "segment \"\(string(range))\" mixes text and a parameter")
            }
            return .constant(string(range))
        }
        guard bytes[range.upperBound - 1] == UInt8(ascii: ">"), range.count > 2 else {
            throw .invalidPattern(text, problem: "segment \"\(string(range))\" is not a parameter like <user>")
        }
        let inside = range.lowerBound + 1..<range.upperBound - 1
        let colon = bytes[inside].firstIndex(of: UInt8(ascii: ":"))
        let name = inside.lowerBound..<(colon ?? inside.upperBound)
        let type = colon.map { $0 + 1..<inside.upperBound } ?? name
        guard !name.isEmpty, !type.isEmpty, !bytes[inside].contains(where: isMark),
            !bytes[type].contains(UInt8(ascii: ":"))
        else {
            throw .invalidPattern(
                text, problem: "segment \"\(string(range))\" is not a parameter like <user> or <name:type>")
        }
        let named = string(name)
        guard !names.contains(named) else {
            throw .invalidPattern(
                text, problem: "two parameters are named <\(named)>; name them apart, as in <from:\(string(type))>")
        }
        names.append(named)
        return .parameter(name: named, type: string(type))
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
