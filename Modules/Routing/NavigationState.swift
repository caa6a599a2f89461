/// A window as a value: the titles on the root stack and on each modal stack, bottom first.
/// Tests compare it; fronts print it.
public struct NavigationState: Hashable, Sendable {
    /// The root stack, from its first screen to the screen on top.
    public var root: [String]
    /// The modal stacks, in the order they were presented.
    public var modals: [[String]]

    public init(root: [String], modals: [[String]] = []) {
        self.root = root
        self.modals = modals
    }

    /// The title of the screen on top, if any.
    public var top: String? { modals.last?.last ?? root.last }
}

extension NavigationState: CustomStringConvertible {
    /// A breadcrumb with each modal stack in brackets: `Friends > Chat @bob > [Profile @bob]`.
    public var description: String {
        let parts = root + modals.map { "[" + $0.joined(separator: " > ") + "]" }
        return parts.isEmpty ? "(no screen)" : parts.joined(separator: " > ")
    }
}
