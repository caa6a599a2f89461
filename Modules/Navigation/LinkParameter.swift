/// A link parameter's type: how its value reads from a link's segment, and prints back into
/// one. A feature declares the parameters of its places (`user`, a handle read as a `UserID`).
public struct LinkParameter<Value>: Sendable {
    /// The parameter's name in a pattern: `user`.
    public let name: String
    /// The value a segment's text names, or what is wrong with it.
    public let parse: @Sendable (String) -> Result<Value, LinkParameterProblem>
    /// The segment's text of a value.
    public let print: @Sendable (Value) -> String
    /// A segment that reads (`bob`): what the navigation graph opens its places with
    /// (`App --routes`); `nil` for none, which the graph's check names.
    public let example: String?

    public init(
        _ name: String, parse: @escaping @Sendable (String) -> Result<Value, LinkParameterProblem>,
        print: @escaping @Sendable (Value) -> String, example: String? = nil
    ) {
        self.name = name
        self.parse = parse
        self.print = print
        self.example = example
    }

    /// A parameter spelled as a domain type spells itself in links, in one value: its name, a
    /// segment that reads, how a segment reads, how a value prints (`LinkParameter(UserID.link)`).
    public init(
        _ spelling: (
            name: String, example: String, read: @Sendable (String) throws -> Value, print: @Sendable (Value) -> String
        )
    ) {
        self.init(spelling.name, reading: spelling.read, print: spelling.print, example: spelling.example)
    }

    /// A parameter whose value reads from a segment's text with a throwing initializer (the
    /// error's description says what is wrong): `LinkParameter("user", reading: UserID.init(linkSegment:))`.
    public init(
        _ name: String, reading read: @escaping @Sendable (String) throws -> Value,
        print: @escaping @Sendable (Value) -> String, example: String? = nil
    ) {
        self.init(
            name,
            parse: { text in
                do { return .success(try read(text)) } catch { return .failure(LinkParameterProblem("\(error)")) }
            }, print: print, example: example)
    }
}

extension LinkParameter where Value == Int {
    /// A whole number from 0 to 999,999,999 in digits, with no leading zero, so it prints back
    /// as it was written (`2024`).
    public static func int(_ name: String) -> LinkParameter<Int> {
        LinkParameter(
            name,
            parse: { text in
                guard let value = Int(text), value >= 0, value < 1_000_000_000, String(value) == text else {
                    return .failure(LinkParameterProblem("\(name) is a whole number, such as 2 (not \"\(text)\")"))
                }
                return .success(value)
            }, print: { String($0) }, example: "1")
    }
}

extension LinkParameter where Value == String {
    /// A word, any segment a link may hold (letters, digits, `-`, `.`, `_`, `~`), as it is.
    public static func text(_ name: String) -> LinkParameter<String> {
        LinkParameter(name, parse: { .success($0) }, print: { $0 }, example: name)
    }
}

/// What is wrong with a link parameter's text, in its feature's words.
public struct LinkParameterProblem: Error, Hashable, Sendable, CustomStringConvertible {
    public let description: String

    public init(_ description: String) {
        self.description = description
    }
}

/// A link parameter of any value type, as a kind keeps it (two kinds that name one parameter
/// must read the same type).
public struct AnyLinkParameter: Sendable {
    public let name: String
    /// The type of its values: `UserID`.
    public let valueType: any Any.Type
    /// What is wrong with a segment's text, or `nil` when it reads.
    public let problem: @Sendable (String) -> String?
    /// A segment that reads, if the parameter gives one (`LinkParameter.example`).
    public let example: String?
    /// The value `example` reads as; `nil` when there is none, or it does not read.
    public let exampleValue: (any Sendable)?

    public init<Value: Sendable>(_ parameter: LinkParameter<Value>) {
        name = parameter.name
        valueType = Value.self
        example = parameter.example
        exampleValue = parameter.example.flatMap { try? parameter.parse($0).get() }
        problem = { text in
            if case .failure(let problem) = parameter.parse(text) { problem.description } else { nil }
        }
    }
}

/// The typed parameters of a kind of place, as one parser-printer: each reads and prints one
/// segment, and their values are one `Value` (`UserID`; `(Int, Int)` for `<year>/<month>`).
public struct PlaceParameters<Value: Sendable>: Sendable {
    /// Each parameter, erased, in order: what the route table checks segments with.
    let parameters: [AnyLinkParameter]
    /// The value the segments' texts name, one per parameter; `nil` when one does not read.
    let read: @Sendable ([String]) -> Value?
    /// The segments' texts of a value.
    let print: @Sendable (Value) -> [String]

    /// The segments' texts of a value known only as some value: none for a value of another type.
    func texts(of value: (any Sendable)?) -> [String] { if let value = value as? Value { print(value) } else { [] } }

    init(
        parameters: [AnyLinkParameter], read: @escaping @Sendable ([String]) -> Value?,
        print: @escaping @Sendable (Value) -> [String]
    ) {
        self.parameters = parameters
        self.read = read
        self.print = print
    }

    /// One parameter.
    public init(_ parameter: LinkParameter<Value>) {
        self = .of(parameter)
    }

    /// Several, whose values are a tuple, in order: `.of(.int("year"), .int("month"))`.
    public static func of<each Part: Sendable>(_ parts: repeat LinkParameter<each Part>) -> PlaceParameters<
        (repeat each Part)
    > where Value == (repeat each Part) {
        var erased: [AnyLinkParameter] = []
        for part in repeat each parts { erased.append(AnyLinkParameter(part)) }
        return PlaceParameters(
            parameters: erased,
            read: { texts in
                var index = 0
                func next<T>(_ part: LinkParameter<T>) throws(LinkParameterProblem) -> T {
                    defer { index += 1 }
                    guard index < texts.count else { throw LinkParameterProblem("a segment is missing") }
                    return try part.parse(texts[index]).get()
                }
                do {
                    let value = (repeat try next(each parts))
                    return index == texts.count ? value : nil
                } catch {
                    return nil
                }
            },
            print: { value in
                var texts: [String] = []
                for (part, element) in repeat (each parts, each value) { texts.append(part.print(element)) }
                return texts
            })
    }
}
