/// A window as a value of places: the root stack and each modal stack, bottom first.
///
/// Tests compare it, fronts print it, links and plans read it. `Place` is the app's own type,
/// such as an enum with a case per kind of screen (`.chat(bob)`); a front that only draws uses
/// the screens' titles (`Window.titles`). It is `Codable` when its places are, which is how a
/// state is stored and restored.
public struct NavigationState<Place: Hashable & Sendable>: Hashable, Sendable {
    /// The root stack, from its first screen to the screen on top.
    public var root: [Place]
    /// The modal stacks, in the order they were presented.
    public var modals: [[Place]]

    public init(root: [Place], modals: [[Place]] = []) {
        self.root = root
        self.modals = modals
    }

    /// The place on top, if any: the screen the user sees.
    public var top: Place? { modals.last?.last ?? root.last }

    /// Every place, from the bottom of the root stack to the top: what a link names.
    public var path: [Place] { root + modals.joined() }
}

extension NavigationState: Codable where Place: Codable {}

extension NavigationState: CustomStringConvertible {
    /// A breadcrumb with each modal stack in brackets: `Friends > Chat @bob > [Profile @bob]`.
    public var description: String {
        let parts = root.map { "\($0)" } + modals.map { "[" + $0.map { "\($0)" }.joined(separator: " > ") + "]" }
        return parts.isEmpty ? "(no screen)" : parts.joined(separator: " > ")
    }
}
