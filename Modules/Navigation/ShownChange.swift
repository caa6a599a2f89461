/// One change a user sees in a window, heard once per committed change, not per step: a link of
/// five steps or a pop of three screens makes one; a cancelled gesture or a link that changes
/// nothing makes none. What analytics and accessibility listen to; `NavigationEvent` is each step.
public struct ShownChange<Places: AppPlaces>: Hashable, Sendable {
    /// How a change came about.
    public typealias Cause = ShownChangeCause

    /// The places the user sees, bottom first: the shown root stack, then each modal's.
    public let path: [Places]
    /// The tab shown; `nil` when the root is one stack (or the window closed).
    public let tab: String?
    public let cause: Cause
    /// Whether the change is query items a screen shown took (`.delivered`), not a new path.
    public let isDelivery: Bool

    public init(path: [Places], tab: String?, cause: Cause, isDelivery: Bool = false) {
        self.path = path
        self.tab = tab
        self.cause = cause
        self.isDelivery = isDelivery
    }
}

/// How a change a user sees came about.
public enum ShownChangeCause: String, Hashable, Sendable, CaseIterable {
    /// A screen's action or a command (`back`, `tab`), or a load it started that ended.
    case command
    /// A link: opened, or delivered to a screen shown already.
    case link
    /// Where the user was, brought back after sign-in.
    case restoration
    /// A going-back gesture the front drove to its end.
    case gesture
    /// A rule stopped allowing a place the window showed, when the data it reads changed.
    case rule
}
