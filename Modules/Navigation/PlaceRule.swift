/// A rule on data a place needs to hold (a chat needs a friendship), declared by its feature for
/// each place (`Feature.rules(of:in:)`) with what it reads already typed (the chat's user). It is
/// checked when the place opens, and again for every place shown when its data changes
/// (`Window.recheckRules()`): the window goes back to the nearest place it allows.
@MainActor
public struct PlaceRule {
    /// What it is called where a user reads it: `friendship`.
    public let name: String
    /// What it requires, in words: `you and the user it names are friends`.
    public let summary: String
    private let holds: @MainActor () async throws -> Void

    /// A rule that holds unless `holds` throws why.
    public init(_ name: String, summary: String, holds: @escaping @MainActor () async throws -> Void) {
        self.name = name
        self.summary = summary
        self.holds = holds
    }

    /// Checks the rule.
    /// - Throws: `Broken` naming the rule and why it does not hold.
    public func check() async throws(Broken) {
        do { try await holds() } catch { throw .doesNotHold(rule: name, reason: error) }
    }

    /// Why a rule refused a place.
    public enum Broken: Error {
        /// It does not hold: `reason` is its feature's error (not friends).
        case doesNotHold(rule: String, reason: any Error)

        /// The rule's name.
        public var rule: String {
            switch self {
            case .doesNotHold(let rule, _): rule
            }
        }
    }
}
