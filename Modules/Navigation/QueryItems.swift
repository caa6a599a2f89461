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

/// The query items a link hands its last place's screen (`message=2`), or that a screen shows as
/// its state (`search=car`), in the order declared.
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

/// A screen that shows part of its state as its link's query items (a mark, a filter): a link
/// to its place with items hands them to it (to the one shown, rather than opening a copy), and
/// `where` writes the items it shows.
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
    public var queryItems: QueryItems { queryReceiving?.query ?? QueryItems() }
}
