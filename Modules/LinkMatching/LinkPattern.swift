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
