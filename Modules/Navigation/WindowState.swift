/// A window as one value: its screens (`screens`: the root stacks, the tab shown, the modals,
/// each screen with its router and animator) and, in the same shape, the place each one shows
/// (`places`: what links, plans, restoration and tests compare). `Window` applies changes to it,
/// to both at once; everything else reads it. The screens name no app type, so what a front
/// reads of them runs as plain code.
public struct WindowState<Places: AppPlaces> {
    public typealias Entry = WindowScreens.Entry
    public typealias Stack = WindowScreens.Stack
    public typealias Root = WindowScreens.Root
    public typealias Container = WindowScreens.Container

    /// The screens, bottom first in each stack.
    public internal(set) var screens: WindowScreens
    /// The window as a value of places, every feature's in one state: each screen's, where it is.
    public internal(set) var places: NavigationState<Places>

    /// The roots `names` (`nil` for one stack that is not a tab), their first screens' entries and
    /// places at the same indices, `selected` shown, no modal; arrays apart, not tuples, as a root
    /// is replaced at every sign-in and sign-out (`Optional.isSame(as:)` says why).
    init(names: [String?] = [], entries: [Entry] = [], places: [Places] = [], selected: Int = 0) {
        var stacks: [Root] = []
        var tabs: [NavigationState<Places>.Tab] = []
        stacks.reserveCapacity(names.count)
        tabs.reserveCapacity(max(names.count, 1))
        for index in 0..<min(names.count, entries.count, places.count) {
            stacks.append(Root(name: names[index], stack: Stack(entries: [entries[index]])))
            tabs.append(NavigationState<Places>.Tab(name: names[index] ?? "", stack: [places[index]]))
        }
        if tabs.isEmpty { tabs.append(NavigationState<Places>.Tab(name: "", stack: [])) }
        screens = WindowScreens(roots: stacks, selected: selected)
        self.places = NavigationState(tabs: tabs, selected: selected, modals: [])
    }

    public func place(of screen: any Screen) -> Places? {
        guard let found = screens.position(of: screen) else { return nil }
        return places(in: found.container)[found.index]
    }

    /// The places of the stack `container` names, bottom first.
    @inline(__always)
    func places(in container: Container) -> [Places] {
        switch container {
        case .root(let index): places.tabs[index].stack
        case .modal(let index): places.modals[index]
        }
    }

    /// Each screen with its place, as `item` makes them into one value.
    public func placed<Item>(_ item: (Entry, Places) -> Item) -> NavigationState<Item> {
        let tabs = zip(screens.roots, places.tabs).map { root, tab in
            NavigationState.Tab(name: tab.name, stack: zip(root.stack.entries, tab.stack).map(item))
        }
        return NavigationState(
            tabs: tabs.isEmpty ? [.init(name: "", stack: [])] : tabs, selected: screens.selected,
            modals: zip(screens.modals, places.modals).map { zip($0.entries, $1).map(item) })
    }

    /// The screen that shows `place` in the stack that holds `source`, and the one right above
    /// it (`nil` on top): where `WhenShown.goBack` returns to.
    func shown(_ place: Places, inStackOf source: any Screen) -> (screen: any Screen, above: (any Screen)?)? {
        guard let found = screens.position(of: source) else { return nil }
        let entries = screens.entries(in: found.container)
        guard let index = places(in: found.container).firstPosition(of: place) else { return nil }
        // `index + 1 < count`, not `indices`: the protocols' default looks up its types here.
        return (entries[index].screen, index + 1 < entries.count ? entries[index + 1].screen : nil)
    }

    static func index(ofTab selected: String, among names: [String]) throws(RoutingError) -> Int {
        try WindowScreens.index(ofTab: selected, among: names)
    }

    // MARK: - Changes, to the screens and their places at once

    @inline(__always)
    mutating func select(_ index: Int) {
        screens.selected = index
        places.selected = index
    }

    @inline(__always)
    mutating func append(_ entry: Entry, showing place: Places, in container: Container) {
        screens.changeEntries(in: container) { $0.append(entry) }
        switch container {
        case .root(let index): places.tabs[index].stack.append(place)
        case .modal(let index): places.modals[index].append(place)
        }
    }

    @inline(__always)
    mutating func present(_ entry: Entry, showing place: Places, over presenter: any Screen) {
        screens.modals.append(Stack(entries: [entry], presenter: presenter))
        places.modals.append([place])
    }

    /// Changes the screens of the stack `container` names, where they are, keeping their places.
    @inline(__always)
    mutating func changeEntries(in container: Container, _ change: (inout [Entry]) -> Void) {
        screens.changeEntries(in: container, change)
    }

    /// Makes `screen` present what `old` presented.
    mutating func presenter(_ old: any Screen, becomes screen: any Screen) {
        for modal in screens.modals.indices where screens.modals[modal].presenter === old {
            screens.modals[modal].presenter = screen
        }
    }

    /// Removes the screens of `container` from `index` up and their modals; returns who left.
    @inline(__always)
    mutating func remove(from container: Container, at index: Int) -> [Departure] {
        let departures = screens.remove(from: container, at: index)
        // Taken off the end one by one with `Array.remove(at:)`, Array's own: `removeSubrange`
        // and `removeLast()` are the collection protocols' defaults, which for a collection of
        // the app's places (unknown to this code) look up their types at each call.
        let modals = screens.modals.count
        while places.modals.count > modals { places.modals.remove(at: places.modals.count - 1) }
        switch container {
        case .root(let root):
            while places.tabs[root].stack.count > index {
                places.tabs[root].stack.remove(at: places.tabs[root].stack.count - 1)
            }
        case .modal(let modal) where modal < places.modals.count:
            while places.modals[modal].count > index { places.modals[modal].remove(at: places.modals[modal].count - 1) }
        case .modal:
            break
        }
        return departures
    }

    /// Removes the modals from `first` up; returns every screen that left, top-most first.
    @inline(__always)
    mutating func removeModals(from first: Int) -> [Departure] {
        let departures = screens.removeModals(from: first)
        places.modals.removeSubrange(first...)
        return departures
    }
}

extension WindowState: Equatable {
    /// The same stacks of the same screens, showing the same places, and the same tab shown.
    public static func == (lhs: Self, rhs: Self) -> Bool {
        func same(_ a: Stack, _ b: Stack) -> Bool {
            a.presenter === b.presenter && a.entries.count == b.entries.count
                && zip(a.entries, b.entries).allSatisfy { $0.screen === $1.screen }
        }
        let (left, right) = (lhs.screens, rhs.screens)
        return left.selected == right.selected && left.roots.count == right.roots.count
            && left.modals.count == right.modals.count
            && zip(left.roots, right.roots).allSatisfy { $0.name == $1.name && same($0.stack, $1.stack) }
            && zip(left.modals, right.modals).allSatisfy(same) && lhs.places.path == rhs.places.path
            && lhs.places.all == rhs.places.all
    }
}
