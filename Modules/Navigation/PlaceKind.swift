/// A kind of place, as the app's declarations found it (`Declarations.kinds`): what it declares,
/// its feature, where it stands, and its rules' names. It names none of the app's places (each
/// kind's first is `Declarations.samples`), so it is one type whatever the places are, and the
/// core reads it with no look-up of its type.
public struct PlaceKind: Sendable {
    /// Its pattern, link, access, policy, query items, whether it answers.
    public let facts: PlaceKindFacts
    /// The feature that declares it: `Chat`.
    public let feature: String
    /// Where it stands: the gate, a tab's first place, or opened from another.
    public let role: Role
    /// The names of its rules on data (`friendship`).
    public let rules: [String]

    /// Where a kind of place stands.
    public enum Role: String, Hashable, Sendable {
        case gate, tab, opened
    }

    /// What one action of a kind's screen opens.
    public struct Edge: Hashable, Sendable {
        /// The kinds' indices: the screen's, and the place's it opens.
        public let from: Int
        public let to: Int
        /// The action's word, and the names of what it takes (`profile`, `user`).
        public let action: String
        public let argument: [String]
        /// The route method it follows: `openChat(with:)`.
        public let method: String
    }
}
