/// The screens of a window, with no place: the root stacks (each tab's, or the one root), the
/// tab shown, and the modals over them, bottom first, each screen with its router and animator.
/// It names no app type, so what a front and the transitions read of it (the screen on top, where
/// a screen is) is plain code, with nothing to look up at run time; `WindowState` keeps the
/// places beside it, in the same shape.
public struct WindowScreens {
    /// A screen on display, owned by the window; the router that opened it is held weakly.
    public struct Entry {
        public let screen: any Screen
        /// How the transition that opened it animates it, for a front that takes time.
        public let animator: any Animator
        public internal(set) weak var router: (any Closable)?
    }

    /// One navigation stack: a root stack, or a modal with the screens pushed on it.
    public struct Stack {
        public internal(set) var entries: [Entry]
        /// The screen on top when this modal was presented (`nil` for a root stack), compared
        /// by reference.
        weak var presenter: (any Screen)?
    }

    /// A stack of the root: a tab with its name, or the one root stack (no name).
    public struct Root {
        public let name: String?
        public internal(set) var stack: Stack
    }

    /// Where a screen is: in a stack of the root, or in a modal stack.
    public enum Container: Hashable, Sendable {
        case root(Int)
        case modal(Int)
    }

    /// The root stacks: replaced together (`Window.replaceRoot`), only their stacks changed in place.
    public internal(set) var roots: [Root] = [] { didSet { noteShown() } }
    public internal(set) var selected = 0 { didSet { noteShown() } }
    public internal(set) var modals: [Stack] = [] { didSet { noteShown() } }
    /// The screen the user sees and talks to, kept as the stacks change: a front reads it after
    /// every command, so it is a value to read, not a question to ask.
    public private(set) var topScreen: (any Screen)?
    /// The name of the tab shown; `nil` when the root is one stack.
    public private(set) var selectedTab: String?
    /// The tabs' names, in order (none for one root stack): kept, as a front reads them often.
    public let tabNames: [String]

    init(roots: [Root] = [], selected: Int = 0) {
        self.roots = roots
        self.selected = selected
        tabNames = roots.compactMap(\.name)
        noteShown()
    }

    /// The window as a value of what `item` makes of each entry, in one pass.
    public func map<Item>(_ item: (Entry) -> Item) -> NavigationState<Item> {
        let tabs = roots.map { NavigationState.Tab(name: $0.name ?? "", stack: $0.stack.entries.map(item)) }
        return NavigationState(
            tabs: tabs.isEmpty ? [.init(name: "", stack: [])] : tabs, selected: selected,
            modals: modals.map { $0.entries.map(item) })
    }

    /// The window as a value of its screens' titles.
    @MainActor public var titles: NavigationState<String> { map { $0.screen.title } }
    /// The window as a value of its screens: every stack, each tab's shown or not, and the modals.
    public var stacks: NavigationState<any Screen> { map { $0.screen } }

    /// Calls `body` with every screen, root stacks first, read in place (no state made).
    public func forEachScreen(_ body: (any Screen) throws -> Void) rethrows {
        for root in roots.indices {
            for index in roots[root].stack.entries.indices { try body(roots[root].stack.entries[index].screen) }
        }
        for modal in modals.indices {
            for index in modals[modal].entries.indices { try body(modals[modal].entries[index].screen) }
        }
    }

    /// The entries the user sees, bottom first: the shown root stack's, then each modal's.
    public var shownEntries: [Entry] {
        var entries = roots.indices.contains(selected) ? roots[selected].stack.entries : []
        for modal in modals { entries += modal.entries }
        return entries
    }

    private mutating func noteShown() {
        // Read in place, by index: a copy of a stack or an entry copies their weak references.
        let shown = roots.indices.contains(selected) ? selected : nil
        if let modal = modals.indices.last, let last = modals[modal].entries.indices.last {
            topScreen = modals[modal].entries[last].screen
        } else if let shown, let last = roots[shown].stack.entries.indices.last {
            topScreen = roots[shown].stack.entries[last].screen
        } else {
            topScreen = nil
        }
        selectedTab = shown.flatMap { roots[$0].name }
    }

    /// How many screens the user sees: the shown root stack and the modals.
    public var depth: Int {
        var count = roots.indices.contains(selected) ? roots[selected].stack.entries.count : 0
        for index in modals.indices { count += modals[index].entries.count }
        return count
    }

    /// Where `screen` is, by identity: the modals from the top first, then the shown root stack.
    public func position(of screen: any Screen) -> (container: Container, index: Int)? {
        for number in modals.indices.reversed() {
            if let index = Self.lastIndex(of: screen, in: modals[number].entries) { return (.modal(number), index) }
        }
        if roots.indices.contains(selected), let index = Self.lastIndex(of: screen, in: roots[selected].stack.entries) {
            return (.root(selected), index)
        }
        for number in roots.indices where number != selected {
            if let index = Self.lastIndex(of: screen, in: roots[number].stack.entries) { return (.root(number), index) }
        }
        return nil
    }

    private static func lastIndex(of screen: any Screen, in entries: [Entry]) -> Int? {
        var index = entries.count - 1
        while index >= 0 {
            if entries[index].screen === screen { return index }
            index -= 1
        }
        return nil
    }

    /// The entry of `screen`, while it is in the window.
    public func entry(of screen: any Screen) -> Entry? {
        position(of: screen).map { entries(in: $0.container)[$0.index] }
    }

    /// Whether `screen` is in the window, shown or in a tab that is not.
    public func contains(_ screen: any Screen) -> Bool { position(of: screen) != nil }

    /// The router that opened `screen`: how a front reaches the routes of the screen on top.
    public func router(of screen: any Screen) -> (any Closable)? { entry(of: screen)?.router }

    /// Who answers for `screen` before it leaves: its router, if it asks, else the screen.
    @MainActor
    public func asker(of screen: any Screen) -> (any LeaveConfirming)? {
        router(of: screen)?.leaveConfirming ?? screen.leaveConfirming
    }

    /// Who keeps state for `screen`: its router, if it does, else the screen.
    @MainActor
    public func restorer(of screen: any Screen) -> (any StateRestoring)? {
        router(of: screen)?.stateRestoring ?? screen.stateRestoring
    }

    /// The screens among `screens` that would ask before they leave, in the order given.
    @MainActor
    public func screensAsking(among screens: [any Screen]) -> [any Screen] {
        screens.filter { asker(of: $0)?.asksBeforeLeaving == true }
    }

    /// Asks, top-most first, each of `screens` that would ask before leaving, until one refuses
    /// (returned); nothing changes meanwhile.
    @MainActor public func refusal(among screens: [any Screen]) async -> (any Screen)? {
        for screen in screens.reversed() {
            guard let asking = asker(of: screen), asking.asksBeforeLeaving else { continue }
            guard await asking.confirmLeaving() else { return screen }
        }
        return nil
    }

    /// The screens of the stack `container` names, bottom first.
    func entries(in container: Container) -> [Entry] {
        switch container {
        case .root(let index): roots[index].stack.entries
        case .modal(let index): modals[index].entries
        }
    }

    /// Changes the screens of the stack `container` names, where they are.
    mutating func changeEntries(in container: Container, _ change: (inout [Entry]) -> Void) {
        switch container {
        case .root(let index): change(&roots[index].stack.entries)
        case .modal(let index): change(&modals[index].entries)
        }
    }

    /// What closing `screen` removes, bottom first: it, the screens above it in its stack, and
    /// the modals presented from those. Empty when `screen` is not here.
    public func screensRemoved(byClosing screen: any Screen) -> [any Screen] {
        guard let found = position(of: screen) else { return [] }
        let leaving = entries(in: found.container)[found.index...].map { $0.screen }
        guard let presented = firstModal(presentedFrom: found.container, at: found.index) else { return leaving }
        return leaving + modals[presented...].flatMap { $0.entries.map { $0.screen } }
    }

    /// The first modal presented from a screen of `container` from `index` up, if any.
    func firstModal(presentedFrom container: Container, at index: Int) -> Int? {
        let above = if case .modal(let modal) = container { modal + 1 } else { 0 }
        guard above < modals.count else { return nil }
        let leaving = entries(in: container)[index...]
        return (above..<modals.count).first { modal in
            leaving.contains { $0.screen === modals[modal].presenter }
        }
    }

    /// Where `selected` is among tab `names` (at least one, each non-empty and given once).
    /// - Throws: `RoutingError.invalidTabs` otherwise.
    static func index(ofTab selected: String, among names: [String]) throws(RoutingError) -> Int {
        guard !names.isEmpty, !names.contains(""), Set(names).count == names.count,
            let index = names.firstIndex(of: selected)
        else { throw .invalidTabs(names, selected: selected) }
        return index
    }

    // MARK: - Changes, as pure steps

    /// Removes the screens of `container` from `index` up and their modals; returns who left.
    mutating func remove(from container: Container, at index: Int) -> [Departure] {
        if case .modal(let modal) = container, index == 0 { return removeModals(from: modal) }
        var departures: [Departure] = []
        if let presented = firstModal(presentedFrom: container, at: index) {
            departures = removeModals(from: presented)
        }
        let leaving = entries(in: container)
        for position in stride(from: leaving.count - 1, through: index, by: -1) {
            departures.append(Departure(.pop, of: leaving[position].screen))
        }
        changeEntries(in: container) { $0.removeSubrange(index...) }
        return departures
    }

    /// Removes the modals from `first` up; returns every screen that left, top-most first.
    mutating func removeModals(from first: Int) -> [Departure] {
        var departures: [Departure] = []
        for modal in stride(from: modals.count - 1, through: first, by: -1) {
            for position in stride(from: modals[modal].entries.count - 1, through: 0, by: -1) {
                departures.append(Departure(.dismiss, of: modals[modal].entries[position].screen))
            }
        }
        modals.removeSubrange(first...)
        return departures
    }
}
