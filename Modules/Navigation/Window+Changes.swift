extension Window {
    // MARK: - Changing the root

    /// Makes `screen` the only screen, a root stack with no tabs or modals; `animator` says how it
    /// arrives on a front that takes time.
    public func replaceRoot(
        with screen: any Screen, as place: Places, animator: any Animator = StandardAnimator.root
    ) throws(RoutingError) {
        try requireRoom(for: screen, counting: false)
        replaceRoot(
            names: [nil], entries: [WindowState<Places>.Entry(screen: screen, animator: animator)], places: [place])
    }

    /// Makes `tabs` the root, one stack per tab, `selected` shown, with no modals.
    /// - Throws: `RoutingError.invalidTabs` (no tabs, a name empty or twice, `selected` not among
    ///   them), or `.alreadyInWindow`.
    public func replaceRoot(
        withTabs tabs: [(name: String, screen: any Screen, place: Places)],
        selecting selected: String, animator: any Animator = StandardAnimator.root
    ) throws(RoutingError) {
        try replaceRoot(
            withTabs: tabs.map { $0.name }, screens: tabs.map { $0.screen }, places: tabs.map { $0.place },
            selecting: selected, animator: animator)
    }

    /// Makes the tabs `names` the root, the first screen of each `screens`' and its place `places`'
    /// at the same index: the arrays apart, as the window keeps them.
    func replaceRoot(
        withTabs names: [String], screens: [any Screen], places: [Places], selecting selected: String,
        animator: any Animator = StandardAnimator.root
    ) throws(RoutingError) {
        let index = try WindowState<Places>.index(ofTab: selected, among: names)
        for screen in screens { try requireRoom(for: screen, counting: false) }
        replaceRoot(
            names: names, entries: screens.map { WindowState<Places>.Entry(screen: $0, animator: animator) },
            places: places, selected: index)
    }

    /// Makes the roots `names` (`nil` for one stack that is not a tab), with their entries and
    /// places, the root, `selected` shown, with no modals; every screen there was leaves.
    func replaceRoot(names: [String?], entries: [WindowState<Places>.Entry], places: [Places], selected: Int = 0) {
        loader.cancel()
        let old = state
        state = WindowState(names: names, entries: entries, places: places, selected: selected)
        committing {
            // Top-most first: the modals, then the root stacks; read by index, not copied.
            for modal in old.screens.modals.indices.reversed() {
                for index in old.screens.modals[modal].entries.indices.reversed() {
                    publish(.left(old.screens.modals[modal].entries[index].screen, .replaceRoot))
                }
            }
            for root in old.screens.roots.indices.reversed() {
                for index in old.screens.roots[root].stack.entries.indices.reversed() {
                    publish(.left(old.screens.roots[root].stack.entries[index].screen, .replaceRoot))
                }
            }
            for entry in entries { publish(.arrived(entry.screen, .replaceRoot)) }
        }
    }

    /// Shows the tab `name` as it was left; modals stay over it, as over a tab bar controller.
    /// - Throws: `RoutingError.unknownTab` if there is no such tab.
    public func select(tab name: String) throws(RoutingError) {
        guard let index = state.screens.roots.firstIndex(where: { $0.name == name }) else {
            throw .unknownTab(name, tabs: state.screens.tabNames)
        }
        guard index != state.screens.selected else { return }
        loader.cancel()
        let previous = state.screens.selectedTab
        state.select(index)
        publish(.tabSelected(name, previous: previous))
    }

    // MARK: - Opening and closing

    /// Pushes `screen`, which shows `place`, on the stack that holds `source`.
    /// - Throws: `RoutingError` if `source` is not in the window, `screen` is, or it is full.
    public func push(
        _ screen: any Screen, as place: Places, from source: any Screen,
        animator: any Animator = StandardAnimator.push
    ) throws(RoutingError) {
        try requireRoom(for: screen, counting: false)
        guard let (container, _) = state.screens.position(of: source) else { throw .notInWindow(screen: source.title) }
        // A tab that is not shown has only its own stack on screen once selected.
        let shown =
            if case .root(let index) = container, index != state.screens.selected {
                state.screens.roots[index].stack.entries.count
            } else {
                state.screens.depth
            }
        guard shown < maximumDepth else { throw .tooDeep(limit: maximumDepth) }
        loader.cancel()
        state.append(WindowState<Places>.Entry(screen: screen, animator: animator), showing: place, in: container)
        publish(.arrived(screen, .push))
    }

    /// Presents `screen`, showing `place`, as a new modal stack on top, from `source`.
    /// - Throws: `RoutingError` if `source` is not in the window, `screen` is, or it is full.
    public func present(
        _ screen: any Screen, as place: Places, from source: any Screen,
        animator: any Animator = StandardAnimator.modal
    ) throws(RoutingError) {
        try requireRoom(for: screen, counting: false)
        guard state.screens.contains(source), let top = state.screens.topScreen else {
            throw .notInWindow(screen: source.title)
        }
        try requireRoom(for: screen)
        loader.cancel()
        state.present(WindowState<Places>.Entry(screen: screen, animator: animator), showing: place, over: top)
        publish(.arrived(screen, .present))
    }

    /// Pops `screen` off its stack, with the screens above it and their modals: closing closes
    /// *that* screen, wherever it is. Returns every screen that left, top-most first.
    /// - Throws: `RoutingError` if `screen` is not in the window or first in its stack.
    @discardableResult
    public func pop(_ screen: any Screen) throws(RoutingError) -> [Departure] {
        guard let (container, index) = state.screens.position(of: screen) else {
            throw .notInWindow(screen: screen.title)
        }
        guard index > 0 else { throw .notPushed(screen: screen.title) }
        return remove(from: container, at: index)
    }

    /// Dismisses the modal stack `screen` opened and those above it; returns who left, top first.
    /// - Throws: `RoutingError` if `screen` is not in the window or was not presented modally.
    @discardableResult
    public func dismiss(_ screen: any Screen) throws(RoutingError) -> [Departure] {
        guard let (container, index) = state.screens.position(of: screen), case .modal = container, index == 0 else {
            throw state.screens.contains(screen)
                ? .notPresented(screen: screen.title) : .notInWindow(screen: screen.title)
        }
        return remove(from: container, at: 0)
    }

    /// Takes in a change the front made by itself (UIKit pops on a swipe back, dismisses a sheet
    /// on a swipe down): `screen` leaves with everything above it, observers hear each departure,
    /// and a child flow waiting on one ends with no answer. Call it when the front's change is
    /// done (`didShow`, `presentationControllerDidDismiss`); ask first with `frontMayRemove(_:)`.
    /// - Returns: every screen that left, top-most first.
    /// - Throws: `RoutingError.notInWindow` (reported already), `.notPushed` for a root stack's first.
    @discardableResult
    public func frontRemoved(_ screen: any Screen) throws(RoutingError) -> [Departure] {
        guard let (container, index) = state.screens.position(of: screen) else {
            throw .notInWindow(screen: screen.title)
        }
        if case .root = container, index == 0 { throw .notPushed(screen: screen.title) }
        return remove(from: container, at: index)
    }

    /// Asks every screen with work to lose that removing `screen` would take whether it may go
    /// (UIKit: `presentationControllerDidAttemptToDismiss`). Nothing changes.
    public func frontMayRemove(_ screen: any Screen) async -> Bool {
        await state.screens.refusal(among: state.screens.screensRemoved(byClosing: screen)) == nil
    }

    /// Removes the screens of `container` from `index` up, and their modals, as one change.
    private func remove(from container: WindowState<Places>.Container, at index: Int) -> [Departure] {
        loader.cancel()
        let departures = state.remove(from: container, at: index)
        committing { for departure in departures { publish(.left(departure.screen, departure.motion)) } }
        return departures
    }

    /// Records that `router` opened `screen`, while `screen` is in the window.
    @inline(__always)
    func register(_ router: any Closable, for screen: any Screen) {
        guard let found = state.screens.position(of: screen) else { return }
        state.changeEntries(in: found.container) { $0[found.index].router = router }
    }

    /// Puts `screen`, with `router`, in the place of `old` (its placeholder) in its stack.
    /// - Throws: `RoutingError` if `old` is not in the window or `screen` is.
    public func replace(_ old: any Screen, with screen: any Screen, router: (any Closable)?)
        throws(RoutingError)
    {
        try requireRoom(for: screen, counting: false)
        guard let (container, index) = state.screens.position(of: old) else { throw .notInWindow(screen: old.title) }
        let previous = state.screens.entries(in: container)[index]
        var entry = WindowState<Places>.Entry(screen: screen, animator: previous.animator)
        entry.router = router
        state.changeEntries(in: container) { $0[index] = entry }
        state.presenter(old, becomes: screen)
        committing {
            publish(.left(old, .replace))
            publish(.arrived(screen, .replace))
        }
    }

    /// Hands `query` to `screen` as a link does (`.delivered`); returns whether its content changed.
    @discardableResult
    public func deliver(_ query: QueryItems, to screen: any Screen) -> Bool {
        let changed = screen.queryReceiving?.receive(query) ?? false
        publish(.delivered(screen, query.description, changed: changed))
        return changed
    }

    /// Ends the window: the load stops, every screen leaves, and nothing opens in it again.
    package func close() {
        loader.stop()
        isClosed = true
        replaceRoot(names: [], entries: [], places: [])
    }

    /// Checks that `screen` may enter: the window is open, `screen` is not in it, and (if
    /// `counting`) there is room.
    private func requireRoom(for screen: any Screen, counting: Bool = true) throws(RoutingError) {
        if isClosed { throw .windowReleased }
        if state.screens.contains(screen) { throw .alreadyInWindow(screen: screen.title) }
        if counting, state.screens.depth >= maximumDepth { throw .tooDeep(limit: maximumDepth) }
    }
}
