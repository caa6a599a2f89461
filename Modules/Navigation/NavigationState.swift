/// A window as a value of places: the root container (one stack, or tabs with one selected),
/// and the modal stacks over it, bottom first. Tests compare it, fronts print it, links and
/// plans read it. `Item` names each screen: a place (`WindowState.places`), a title
/// (`WindowState.titles`) or the screen (`WindowState.stacks`). `Codable` when its places are;
/// App keeps a state by its link paths instead (`KeptState`), which no type rename breaks.
public struct NavigationState<Item> {
    /// A stack of the root container: a tab and its name, or the one root stack (named "").
    public struct Tab {
        public var name: String
        /// From the tab's first screen to the one on top.
        public var stack: [Item]

        @inlinable
        public init(name: String, stack: [Item]) {
            self.name = name
            self.stack = stack
        }
    }

    /// The stacks of the root, each kept while another is shown: one unnamed, or the tabs.
    public var tabs: [Tab]
    /// Which of `tabs` is shown.
    public var selected: Int
    /// The modal stacks, in the order they were presented, over the whole container.
    public var modals: [[Item]]

    /// A root that is one stack.
    @inlinable
    public init(root: [Item], modals: [[Item]] = []) {
        self.init(tabs: [Tab(name: "", stack: root)], selected: 0, modals: modals)
    }

    /// A root of tabs, with `selected` shown.
    @inlinable
    public init(tabs: [Tab], selected: Int, modals: [[Item]] = []) {
        self.tabs = tabs
        self.selected = selected
        self.modals = modals
    }

    // The reads below are loops and bounds compared by hand: the window's code reads them with
    // its place type unknown at compile time, where each generic helper (`indices`, `reduce`,
    // `contains(where:)`) looks up its types at run time, a few hundred instructions a read.

    /// Whether the root is tabs.
    @inlinable
    public var isTabbed: Bool {
        for tab in tabs where !tab.name.isEmpty { return true }
        return false
    }

    /// The name of the tab shown; `nil` when the root is one stack.
    @inlinable
    public var selectedTab: String? { isTabbed && selected >= 0 && selected < tabs.count ? tabs[selected].name : nil }

    /// The shown root stack: the selected tab's, or the one root stack.
    @inlinable
    public var root: [Item] { selected >= 0 && selected < tabs.count ? tabs[selected].stack : [] }

    /// The stack of the tab `name`, shown or not.
    @inlinable
    public func stack(ofTab name: String) -> [Item]? {
        tabs.first { $0.name == name }?.stack
    }

    /// The place on top, if any: the screen the user sees.
    @inlinable
    public var top: Item? { modals.last?.last ?? root.last }

    /// Every place the user sees, from the bottom of the shown root stack up: what a link names.
    @inlinable
    public var path: [Item] {
        var items = root
        for modal in modals { items += modal }  // not `+ joined()`, which grows item by item
        return items
    }

    /// Every item: each tab's stack (shown or not), then each modal's.
    @inlinable
    public var all: [Item] { tabs.flatMap { $0.stack } + modals.joined() }

    /// The names of the tabs, in order; empty when the root is one stack.
    @inlinable
    public var tabNames: [String] { isTabbed ? tabs.map { $0.name } : [] }

    /// The same state, each item made into another: a state of screens into one of titles.
    @inlinable
    public func map<T>(_ transform: (Item) throws -> T) rethrows -> NavigationState<T> {
        NavigationState<T>(
            tabs: try tabs.map { .init(name: $0.name, stack: try $0.stack.map(transform)) }, selected: selected,
            modals: try modals.map { try $0.map(transform) })
    }
}

extension NavigationState: Equatable where Item: Equatable {}
extension NavigationState: Hashable where Item: Hashable {}
extension NavigationState: Sendable where Item: Sendable {}
extension NavigationState.Tab: Equatable where Item: Equatable {}
extension NavigationState.Tab: Hashable where Item: Hashable {}
extension NavigationState.Tab: Sendable where Item: Sendable {}

extension NavigationState: CustomStringConvertible {
    /// A breadcrumb of what the user sees, each modal stack in brackets:
    /// `Friends > Chat @bob > [Profile @bob]`.
    public var description: String {
        let parts = root.map { "\($0)" } + modals.map { "[" + $0.map { "\($0)" }.joined(separator: " > ") + "]" }
        return parts.isEmpty ? "(no screen)" : parts.joined(separator: " > ")
    }
}
