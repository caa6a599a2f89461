/// A link parameter's type: how its value reads from a link's segment, and prints back into
/// one. A feature declares the parameters of its places (`user`, a handle read as a `UserID`).
public struct LinkParameter<Value>: Sendable {
    /// The parameter's name in a pattern: `user`.
    public let name: String
    /// The value a segment's text names, or what is wrong with it.
    public let parse: @Sendable (String) -> Result<Value, LinkParameterProblem>
    /// The segment's text of a value.
    public let print: @Sendable (Value) -> String

    public init(
        _ name: String, parse: @escaping @Sendable (String) -> Result<Value, LinkParameterProblem>,
        print: @escaping @Sendable (Value) -> String
    ) {
        self.name = name
        self.parse = parse
        self.print = print
    }

    /// A parameter whose value reads from a segment's text with a throwing initializer (the
    /// error's description says what is wrong): `LinkParameter("user", reading: UserID.init(linkSegment:))`.
    public init(
        _ name: String, reading read: @escaping @Sendable (String) throws -> Value,
        print: @escaping @Sendable (Value) -> String
    ) {
        self.init(
            name,
            parse: { text in
                do { return .success(try read(text)) } catch { return .failure(LinkParameterProblem("\(error)")) }
            }, print: print)
    }
}

/// What is wrong with a link parameter's text, in the words of the feature that declares the
/// parameter.
public struct LinkParameterProblem: Error, Hashable, Sendable, CustomStringConvertible {
    public let description: String

    public init(_ description: String) {
        self.description = description
    }
}

/// A link parameter of any value type, as a kind keeps it: its name, its value's type (two
/// kinds that name one parameter must read the same type), and what is wrong with a text.
public struct AnyLinkParameter: Sendable {
    public let name: String
    /// The type of its values: `UserID`.
    public let valueType: any Any.Type
    /// What is wrong with a segment's text, or `nil` when it reads.
    public let problem: @Sendable (String) -> String?

    public init<Value>(_ parameter: LinkParameter<Value>) {
        name = parameter.name
        valueType = Value.self
        problem = { text in
            if case .failure(let problem) = parameter.parse(text) { problem.description } else { nil }
        }
    }
}
