import Routing

/// The value of a link's query item, typed as its place declares it: `message=2` is an `Int`.
public enum QueryValue: Hashable, Sendable, CustomStringConvertible {
    case int(Int)
    case text(String)

    /// The value as a link writes it, before percent-encoding: `2`, `car`.
    public var description: String {
        switch self {
        case .int(let number): "\(number)"
        case .text(let text): text
        }
    }
}

/// The query items a link hands the screen of the place it names last (`message=2`), or that a
/// screen shows as part of its state (a list filtered by `search=car`), in the order declared.
public struct QueryItems: Hashable, Sendable, CustomStringConvertible {
    public private(set) var names: [String] = []
    private var values: [String: QueryValue] = [:]

    public init() {}

    /// Items from name-value pairs, in order; a later value of a name replaces an earlier one.
    public init(_ pairs: [(String, QueryValue)]) {
        for (name, value) in pairs { self[name] = value }
    }

    public subscript(name: String) -> QueryValue? {
        get { values[name] }
        set {
            if newValue == nil {
                names.removeAll { $0 == name }
            } else if values[name] == nil {
                names.append(name)
            }
            values[name] = newValue
        }
    }

    public var isEmpty: Bool { names.isEmpty }

    /// The whole number of `name`, if it is one.
    public func int(_ name: String) -> Int? {
        if case .int(let number)? = values[name] { number } else { nil }
    }

    /// The text of `name`, if it is text.
    public func text(_ name: String) -> String? {
        if case .text(let text)? = values[name] { text } else { nil }
    }

    /// `message=2&search=car`, unencoded: as `explain` and a trace show it.
    public var description: String {
        names.map { "\($0)=\(values[$0]?.description ?? "")" }.joined(separator: "&")
    }
}

/// A query item a place's kind declares, with its type: a link may name it after the place's
/// path (`chat/<user>?message=<int>`), and its value arrives typed at the place's screen.
public struct QueryParameter: Hashable, Sendable {
    /// What its value is.
    public enum Kind: Hashable, Sendable {
        /// A whole number within `range`.
        case int(ClosedRange<Int>)
        /// Text of at most `maxLength` characters, percent-encoded in the link where it needs it.
        case text(maxLength: Int)
    }

    /// Its name in a link: lowercase letters, digits and `-`, starting with a letter.
    public let name: String
    public let kind: Kind

    /// A whole number within `range`: `.int("message", 1...9_999)`.
    public static func int(_ name: String, _ range: ClosedRange<Int>) -> QueryParameter {
        QueryParameter(name: name, kind: .int(range))
    }

    /// Text of at most `maxLength` characters: `.text("search", maxLength: 40)`.
    public static func text(_ name: String, maxLength: Int) -> QueryParameter {
        QueryParameter(name: name, kind: .text(maxLength: maxLength))
    }

    /// How a pattern shows it: `message=<int>`, `search=<text>`.
    public var pattern: String {
        switch kind {
        case .int: "\(name)=<int>"
        case .text: "\(name)=<text>"
        }
    }
}

extension Unicode.Scalar {
    /// Control characters (other than tab) and the bidirectional overrides that make text show
    /// differently from what it is: what no front prints as it is.
    public var isUnsafeForDisplay: Bool {
        if self == "\t" { return false }
        if isASCII { return value < 0x20 || value == 0x7F }
        if properties.generalCategory == .control { return true }
        return (0x202A...0x202E).contains(value) || (0x2066...0x2069).contains(value)
    }
}

/// A screen that shows part of its state as query items of its place's link (a mark, a filter):
/// a link that names its place with items (`message=2`), typed as the place declares them, hands
/// them to it, and `where` writes the items it shows. A link to a screen already shown delivers
/// them instead of opening a copy. A screen that is not one takes no items.
@MainActor
public protocol QueryReceiving: Screen {
    /// Applies `query` (marks a message, filters a list).
    /// - Returns: whether what the screen shows changed.
    func receive(_ query: QueryItems) -> Bool
    /// The query items that are part of what the screen shows now, for the link of the state.
    var query: QueryItems { get }
}

extension Screen {
    /// The query items the screen shows now; none for a screen that takes none.
    var queryItems: QueryItems { (self as? any QueryReceiving)?.query ?? QueryItems() }
}

extension Window {
    /// Hands `query` to `screen`, shown, when it takes query items, as a link to its place does;
    /// observers hear it.
    /// - Returns: whether what the screen shows changed.
    @discardableResult
    public func deliver(_ query: QueryItems, to screen: any Screen) -> Bool {
        deliver(query.description, to: screen) { ($0 as? any QueryReceiving)?.receive(query) ?? false }
    }
}
