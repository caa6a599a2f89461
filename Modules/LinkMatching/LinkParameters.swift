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
    /// The names, in the order the pattern has them, with the pattern: one object a route,
    /// shared by its matches, which read their pattern from it.
    @usableFromInline let route: RouteNames
    /// The values, in the same order: the first two inline (most patterns have at most two), the
    /// rest in `more` (`nil` for none), so a match allocates nothing for its parameters and has
    /// no empty array to retain and release.
    @usableFromInline let first: String
    @usableFromInline let second: String
    @usableFromInline let more: [String]?

    /// The names, in the order the pattern has them.
    @inlinable
    var names: [String] { route.names }

    /// Name and value, in the order the pattern has them.
    public var values: [(name: String, value: String)] {
        names.indices.map { (name: names[$0], value: value(at: $0)) }
    }

    public init(values: [(name: String, value: String)]) {
        let names = values.map(\.name)
        self.init(
            route: RouteNames(pattern: LinkPattern(parameters: names), names: names),
            first: values.first?.value ?? "", second: values.count > 1 ? values[1].value : "",
            more: values.count > 2 ? values.dropFirst(2).map(\.value) : nil)
    }

    init(route: RouteNames, first: String, second: String, more: [String]?) {
        self.route = route
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
        default: more?[index - 2] ?? ""
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

extension LinkParameters: ExpressibleByDictionaryLiteral {
    /// Parameters written as a literal, in that order: `["user": "bob"]`.
    public init(dictionaryLiteral elements: (String, String)...) {
        self.init(values: elements.map { (name: $0.0, value: $0.1) })
    }
}

/// A route's pattern and its parameters' names, in order: made once a route when its table is
/// built, and shared by every match of it and by their parameters. A match holds this one
/// reference for both, not two arrays: each reference a match holds is retained as it is copied
/// and released as it goes.
@usableFromInline
final class RouteNames: Sendable {
    let pattern: LinkPattern
    @usableFromInline let names: [String]

    init(pattern: LinkPattern, names: [String]) {
        self.pattern = pattern
        self.names = names
    }
}
