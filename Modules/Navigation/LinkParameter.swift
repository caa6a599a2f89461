import LinkMatching

/// A link parameter's type: how its value reads from a link's segment, and prints back into
/// one. A feature spells the parameters of its places with it (`user`, a handle read as a
/// `UserID`): a place's link prints with it, and the offer that opens the place reads with it.
public struct LinkParameter<Value>: Sendable {
    /// The parameter's name in a pattern: `user`.
    public let name: String
    /// The value a segment's text names, or what is wrong with it.
    public let parse: @Sendable (String) -> Result<Value, LinkParameterProblem>
    /// The segment's text of a value.
    public let print: @Sendable (Value) -> String
    /// A segment that reads (`bob`): what the navigation graph opens its places with.
    public let example: String

    public init(
        _ name: String, parse: @escaping @Sendable (String) -> Result<Value, LinkParameterProblem>,
        print: @escaping @Sendable (Value) -> String, example: String
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
        let read = spelling.read
        self.init(
            spelling.name,
            parse: { text in
                do { return .success(try read(text)) } catch { return .failure(LinkParameterProblem("\(error)")) }
            }, print: spelling.print, example: spelling.example)
    }

    /// The same parameter under another name, for a place that names two of a kind
    /// (`mutual/<other>`, a user after the profile's).
    public func named(_ name: String) -> LinkParameter<Value> {
        LinkParameter(name, parse: parse, print: print, example: example)
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
    /// A word a link's segment holds as it is: at most `maxLength` letters, digits, `-`, `.`, `_`
    /// and `~`, other than `.` and `..`. A value typed at a front reads by the same rule as one in
    /// a link, so every place it opens prints a link that reads back (and is kept, and restored).
    public static func text(_ name: String, maxLength: Int = 64) -> LinkParameter<String> {
        LinkParameter(
            name,
            parse: { text in
                if let problem = segmentProblem(text, maxLength: maxLength) {
                    return .failure(LinkParameterProblem("\(name) \(problem)"))
                }
                return .success(text)
            }, print: { $0 }, example: name)
    }

    /// What keeps `text` from being a link's segment of at most `maxLength` bytes, or `nil`.
    private static func segmentProblem(_ text: String, maxLength: Int) -> String? {
        let word = "is a word of letters, digits, \"-\", \".\", \"_\" and \"~\""
        if text.isEmpty || text == "." || text == ".." { return "\(word) (not \"\(text)\")" }
        if let bad = text.unicodeScalars.first(where: { !$0.isASCII || !Link.isUnreserved(UInt8($0.value)) }) {
            let hex = String(bad.value, radix: 16, uppercase: true)
            let code = "U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
            return "\(word) (not \((0x21...0x7E).contains(bad.value) ? "\"\(bad)\"" : code))"
        }
        if text.utf8.count > maxLength { return "is at most \(maxLength) characters (not \(text.utf8.count))" }
        return nil
    }
}

/// What is wrong with a link parameter's text, in its feature's words.
public struct LinkParameterProblem: Error, Hashable, Sendable, CustomStringConvertible {
    public let description: String

    public init(_ description: String) {
        self.description = description
    }
}

/// A link parameter as a route table and the graph read it, whatever its values: its name, the
/// identity of its values' type (one name, one type), what is wrong with a segment, an example.
public struct ParameterType: Sendable {
    public let name: String
    let type: ObjectIdentifier
    /// What is wrong with a segment's text, or `nil` when it reads.
    public let problem: @Sendable (String) -> String?
    public let example: String
    private let describe: @Sendable () -> String

    /// The name of its values' type, as the graph prints it: `UserID`. Worked out only when
    /// asked: it walks the program's conformances the first time.
    public var typeName: String { describe() }

    public init<Value>(_ parameter: LinkParameter<Value>) {
        name = parameter.name
        type = ObjectIdentifier(Value.self)
        example = parameter.example
        describe = { String(describing: Value.self) }
        let parse = parameter.parse
        problem = { text in
            if case .failure(let problem) = parse(text) { problem.description } else { nil }
        }
    }
}

/// The typed parameters of a place, as one parser-printer: each reads and prints one segment,
/// and their values are one `Value` (`UserID`; `(Int, Int)` for `<year>/<month>`).
public struct PlaceParameters<Value>: Sendable {
    /// Each parameter, in order: what the route table checks segments with.
    public let types: [ParameterType]
    /// The value the segments' texts name, one per parameter; `nil` when one does not read.
    let read: @Sendable ([Substring]) -> Value?
    /// The segments' texts of a value.
    let print: @Sendable (Value) -> [String]

    /// One parameter.
    public init(_ parameter: LinkParameter<Value>) {
        types = [ParameterType(parameter)]
        read = { texts in texts.count == 1 ? try? parameter.parse(String(texts[0])).get() : nil }
        print = { [parameter.print($0)] }
    }

    private init(
        types: [ParameterType], read: @escaping @Sendable ([Substring]) -> Value?,
        print: @escaping @Sendable (Value) -> [String]
    ) {
        self.types = types
        self.read = read
        self.print = print
    }

    /// Several, whose values are a tuple, in order: `.of(.int("year"), .int("month"))`.
    public static func of<each Part>(_ parts: repeat LinkParameter<each Part>) -> PlaceParameters<
        (repeat each Part)
    > where Value == (repeat each Part) {
        var types: [ParameterType] = []
        for part in repeat each parts { types.append(ParameterType(part)) }
        return PlaceParameters(
            types: types,
            read: { texts in
                var index = 0
                func next<T>(_ part: LinkParameter<T>) throws(LinkParameterProblem) -> T {
                    defer { index += 1 }
                    guard index < texts.count else { throw LinkParameterProblem("a segment is missing") }
                    return try part.parse(String(texts[index])).get()
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

/// A place's part of a link: its constant segments (`chat`, `forgot-password`) and its typed
/// parameters' texts (`chat/bob`), each with its type. The place prints it; the offer that opens
/// the place reads it back with the same parameters, so the two cannot disagree.
public struct PlaceLink: Sendable, CustomStringConvertible {
    /// The constant segments: `chat`.
    public let path: String
    /// The parameters' texts, in order: `["bob"]`.
    public let texts: [String]
    /// The parameters' types, in order.
    public let types: [ParameterType]

    /// A place with no parameter: `chats`.
    public init(_ path: String) {
        self.init(path, texts: [], types: [])
    }

    /// A place with one parameter: `chat/<user>`.
    public init<Value>(_ path: String, _ parameter: LinkParameter<Value>, _ value: Value) {
        self.init(path, texts: [parameter.print(value)], types: [ParameterType(parameter)])
    }

    /// A place with several: `bookmarks/<year>/<month>`.
    public init<Value>(_ path: String, _ parameters: PlaceParameters<Value>, _ value: Value) {
        self.init(path, texts: parameters.print(value), types: parameters.types)
    }

    private init(_ path: String, texts: [String], types: [ParameterType]) {
        self.path = path
        self.texts = texts
        self.types = types
    }

    /// The part of a link: `chat/bob`.
    public var description: String { texts.reduce(path) { $0 + "/" + $1 } }

    /// The pattern a route table reads it by: `chat/<user>`.
    public var pattern: String { types.reduce(path) { $0 + "/<" + $1.name + ">" } }
}
