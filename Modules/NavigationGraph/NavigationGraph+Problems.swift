import LinkMatching
import Navigation

/// Something wrong with a composition, found from its declarations: the feature at fault and
/// what to do, one line (`Chat: the place chat/<user>/notes is reached by no screen; …`).
public struct Problem: Hashable, Sendable, CustomStringConvertible {
    /// The module that declares the place at fault: `Chat`; `App` for the composition itself.
    public let feature: String
    /// What is wrong, and the fix.
    public let text: String

    public var description: String { "\(feature): \(text)" }
}

extension NavigationGraph {
    /// What the declarations get wrong on their own, before any walk: the gate (one), each
    /// pattern, two patterns that match the same links, one parameter name with two types, a
    /// query item named twice, a parameter with no example that reads.
    static func declarationProblems(_ kinds: [PlaceKind], requiresGate: Bool) -> [Problem] {
        var problems: [Problem] = []
        let gates = kinds.filter { $0.gate != nil }
        if gates.count > 1 || (requiresGate && gates.isEmpty) {
            let named = gates.map { "\($0.pattern) (\($0.feature))" }.joined(separator: ", ")
            problems.append(
                Problem(
                    feature: "App",
                    text: gates.isEmpty
                        ? "no place is the gate; compose the feature whose place is the gate (Login)"
                        : "\(gates.count) places are the gate: \(named); compose one"))
        }
        var shapes: [String: PlaceKind] = [:]
        var parameterTypes: [String: (type: ObjectIdentifier, kind: PlaceKind)] = [:]
        for kind in kinds {
            let pattern: LinkPattern
            do throws(RouteTableError) {
                pattern = try LinkPattern(kind.pattern)
            } catch {
                problems.append(Problem(feature: kind.feature, text: "\(error); write it as in chat/<user>"))
                continue
            }
            // Parameter names do not count: `chat/<user>` and `chat/<id>` match the same links
            // (`chat/<>`; a constant segment holds no `<`).
            var shape = ""
            for segment in pattern.segments {
                if !shape.isEmpty { shape += "/" }
                if case .constant(let text) = segment { shape += text } else { shape += "<>" }
            }
            if let first = shapes[shape] {
                problems.append(
                    Problem(
                        feature: kind.feature,
                        text: "\(kind.pattern) matches the same links as \(first.pattern) (\(first.feature)); "
                            + "give one a path of its own"))
            } else {
                shapes[shape] = kind
            }
            for parameter in kind.parameters {
                let type = ObjectIdentifier(parameter.valueType)
                if let first = parameterTypes[parameter.name], first.type != type {
                    problems.append(
                        Problem(
                            feature: kind.feature,
                            text: "the parameter <\(parameter.name)> of \(kind.pattern) is a "
                                + "\(typeName(parameter.valueType)), but of \(first.kind.pattern) "
                                + "(\(first.kind.feature)) another type; one name, one type: rename one"))
                } else if parameterTypes[parameter.name] == nil {
                    parameterTypes[parameter.name] = (type, kind)
                }
                if parameter.exampleValue == nil {
                    problems.append(
                        Problem(
                            feature: kind.feature,
                            text: "the parameter <\(parameter.name)> of \(kind.pattern) has no example that reads "
                                + "(\(parameter.example.map { "\"\($0)\"" } ?? "none")); give LinkParameter an "
                                + "example, as UserID.link gives bob"))
                }
            }
            var names: Set<String> = []
            for item in kind.query where !names.insert(item.name).inserted {
                problems.append(
                    Problem(
                        feature: kind.feature,
                        text: "the query item \(item.name) is declared twice for \(kind.pattern); declare it once"))
            }
        }
        return problems
    }

    /// The kinds the walk did not reach: no screen opens them, from the gate or a tab.
    static func unreached(_ kinds: [PlaceKind], reached: Set<String>) -> [Problem] {
        kinds.filter { !reached.contains($0.pattern) }.map { kind in
            Problem(
                feature: kind.feature,
                text: "the place \(kind.pattern) is reached by no screen from the gate or a tab; offer it from "
                    + "a screen (an Offer in that screen's table), or remove its declaration")
        }
    }
}
