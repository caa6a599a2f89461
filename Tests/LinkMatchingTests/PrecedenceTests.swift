import TestSupport
import Testing

@testable import LinkMatching

/// The tree against a matcher that knows no tree: random tables and random links, each resolved
/// both ways.
@Suite("Matching against a plain reference")
struct PrecedenceTests {
    /// The reference reads the rules as `RouteTable` states them. Each part of a path is the
    /// pattern that fits the segments from where the part starts and comes first in this order,
    /// compared segment by segment: a constant before a parameter, and a parameter before the end
    /// of a shorter pattern (`profile/me` before `profile/<user>`, a longer pattern before its
    /// prefix); then the next part starts after it. The types check the values once every part
    /// is found. 300 tables of up to twelve patterns over constants that share their first eight
    /// bytes, with 300 links each, of up to five segments.
    @Test("random tables and links resolve to the routes and values a plain reference finds")
    func agreesWithReference() throws {
        var random = SplitMix(seed: 54)
        let constants = ["a", "b", "ab", "abcdefgh", "abcdefghi", "abcdefghj", "7"]
        let values = constants + ["42", "x", "abcdefghij"]
        let digits = LinkParameterType("digits") { $0.utf8.allSatisfy { (0x30...0x39).contains($0) } ? nil : "digits" }
        let any = LinkParameterType("any") { _ in nil }
        var resolved = 0
        for _ in 0..<300 {
            var shapes: Set<[String?]> = []
            var patterns: [Reference.Pattern] = []
            for _ in 0..<random.next(12) + 1 {
                let segments: [Reference.Segment] = (0..<random.next(3) + 1).map { position in
                    switch random.next(4) {
                    case 0: .parameter(name: "p\(position)", digits: true)
                    case 1: .parameter(name: "p\(position)", digits: false)
                    default: .constant(constants[random.next(constants.count)])
                    }
                }
                let pattern = Reference.Pattern(segments: segments)
                // The table refuses two patterns that match the same links.
                guard shapes.insert(pattern.shape).inserted else { continue }
                patterns.append(pattern)
            }
            let table = try RouteTable(
                scheme: "app", parameterTypes: [digits, any], patterns: patterns.map(\.text))
            let reference = Reference(patterns: patterns)
            for _ in 0..<300 {
                let path = (0..<random.next(5) + 1).map { _ in values[random.next(values.count)] }
                let link = "app://" + path.joined(separator: "/")
                let expected = reference.resolve(path)
                let found = try? table.resolve(link).map { match in
                    Reference.Match(
                        route: match.route, values: match.parameters.values.map(\.value))
                }
                #expect(found == expected, "\(link) in \(patterns.map(\.text))")
                if found != nil { resolved += 1 }
            }
        }
        // Enough of the links hit for the comparison to be about matches, not only misses.
        #expect(resolved > 10_000)
    }
}

/// Matching done the long way: every pattern tried at every part.
private struct Reference {
    enum Segment {
        case constant(String)
        case parameter(name: String, digits: Bool)
    }

    struct Pattern {
        let segments: [Segment]

        var text: String {
            segments.map { segment in
                switch segment {
                case .constant(let text): text
                case .parameter(let name, let digits): "<\(name):\(digits ? "digits" : "any")>"
                }
            }.joined(separator: "/")
        }

        /// What decides the links it matches: its constants, and where its parameters are.
        var shape: [String?] {
            segments.map { if case .constant(let text) = $0 { text } else { nil } }
        }

        /// Whether it fits `path` from `start` on, its types aside.
        func fits(_ path: [String], from start: Int) -> Bool {
            guard start + segments.count <= path.count else { return false }
            return segments.indices.allSatisfy { index in
                if case .constant(let text) = segments[index] { text == path[start + index] } else { true }
            }
        }

        /// Its segments in the order the rules rank them: a constant 0, a parameter 1, then 2 for
        /// the end, so that comparing the keys compares the patterns.
        var rank: [Int] {
            segments.map { if case .constant = $0 { 0 } else { 1 } } + [2]
        }
    }

    struct Match: Equatable {
        let route: Int
        let values: [String]
    }

    let patterns: [Pattern]

    /// The matches of `path`, or `nil` when a part fits no pattern or a value is not of its type.
    func resolve(_ path: [String]) -> [Match]? {
        var matches: [Match] = []
        var start = 0
        while start < path.count {
            let fitting = patterns.indices.filter { patterns[$0].fits(path, from: start) }
            guard let route = fitting.min(by: { patterns[$0].rank.lexicographicallyPrecedes(patterns[$1].rank) })
            else { return nil }
            var values: [String] = []
            for (index, segment) in patterns[route].segments.enumerated() {
                guard case .parameter(_, let digits) = segment else { continue }
                let value = path[start + index]
                if digits, !value.utf8.allSatisfy({ (0x30...0x39).contains($0) }) { return nil }
                values.append(value)
            }
            matches.append(Match(route: route, values: values))
            start += patterns[route].segments.count
        }
        return matches
    }
}
