extension Window {
    // MARK: - Changing the root

    /// Makes `screen`, which shows `place`, the only screen: the root of a new root stack, with
    /// no tabs and no modals; `animator` says how it arrives on a front that takes time.
    /// - Throws: `RoutingError.alreadyInWindow` if `screen` is shown already.
    public func replaceRoot(
        with screen: any Screen, as place: AnyPlace, animator: any Animator = StandardAnimator.root
    ) throws(RoutingError) {
        try requireAbsent(screen)
        let entry = Entry(screen: screen, place: place, animator: animator)
        replaceRoot(by: [RootStack(name: nil, stack: Stack(entries: [entry]))], selected: 0)
    }

    /// Makes `tabs` (each a name, a first screen and its place) the root: one stack per tab, and
    /// `selected` shown; no modals.
    /// - Throws: `RoutingError.invalidTabs` for no tabs, a name that is empty or given twice, or
    ///   `selected` not among them; `.alreadyInWindow` if a screen is shown already.
    public func replaceRoot(
        withTabs tabs: [(name: String, screen: any Screen, place: AnyPlace)],
        selecting selected: String, animator: any Animator = StandardAnimator.root
    ) throws(RoutingError) {
        let index = try Self.index(ofTab: selected, among: tabs.map { $0.name })
        for tab in tabs { try requireAbsent(tab.screen) }
        replaceRoot(
            by: tabs.map {
                let entry = Entry(screen: $0.screen, place: $0.place, animator: animator)
                return RootStack(name: $0.name, stack: Stack(entries: [entry]))
            },
            selected: index)
    }

    /// Where `selected` is among tab `names` that can make a root: at least one, each non-empty
    /// and given once.
    /// - Throws: `RoutingError.invalidTabs` otherwise.
    static func index(ofTab selected: String, among names: [String]) throws(RoutingError) -> Int {
        guard !names.isEmpty, !names.contains(""), Set(names).count == names.count,
            let index = names.firstIndex(of: selected)
        else { throw .invalidTabs(names, selected: selected) }
        return index
    }

    /// Makes `newRoots` the root, `newSelected` shown, with no modals: every screen there was
    /// leaves, top-most first (a closed window's too, for no new roots).
    func replaceRoot(by newRoots: [RootStack], selected newSelected: Int) {
        committing { replacingRoot(by: newRoots, selected: newSelected) }
    }

    private func replacingRoot(by newRoots: [RootStack], selected newSelected: Int) {
        loader.cancel()
        let (oldRoots, oldModals) = (roots, modals)
        roots = newRoots
        selected = newSelected
        modals = []
        // The index is emptied in place, its storage kept, and given the new roots' screens.
        positions.removeAll(keepingCapacity: true)
        forEachEntry { entry, position in positions[ObjectIdentifier(entry.screen)] = position }
        // Every screen that was there leaves, top-most first: the modals, then the root stacks.
        for modal in stride(from: oldModals.count - 1, through: 0, by: -1) {
            announceLeaving(oldModals[modal].entries)
        }
        for root in stride(from: oldRoots.count - 1, through: 0, by: -1) {
            announceLeaving(oldRoots[root].stack.entries)
        }
        for root in newRoots { publish(.arrived(root.stack.entries[0].screen, .replaceRoot)) }
    }

    /// Says that every screen of `entries` left in a root replacement, top-most first.
    @inline(__always)
    private func announceLeaving(_ entries: [Entry]) {
        for position in stride(from: entries.count - 1, through: 0, by: -1) {
            publish(.left(entries[position].screen, .replaceRoot))
        }
    }

    /// Shows the tab `name`. Its stack is as it was left; the tab shown before keeps its own.
    /// Modals stay over the container, as they do over a tab bar controller; an app that wants
    /// them gone closes them first.
    /// - Throws: `RoutingError.unknownTab` if there is no such tab.
    public func select(tab name: String) throws(RoutingError) {
        guard let index = roots.firstIndex(where: { $0.name == name }) else {
            throw .unknownTab(name, tabs: roots.compactMap(\.name))
        }
        guard index != selected else { return }
        loader.cancel()
        let previous = selectedTab
        selected = index
        publish(.tabSelected(name, previous: previous))
    }

    // MARK: - Opening and closing

    /// Pushes `screen`, which shows `place`, on top of the stack that holds `source`.
    /// - Throws: `RoutingError` if `source` is not in the window, `screen` is shown already, or
    ///   the stack is as deep as the window shows.
    public func push(
        _ screen: any Screen, as place: AnyPlace, from source: any Screen,
        animator: any Animator = StandardAnimator.push
    ) throws(RoutingError) {
        try requireAbsent(screen)
        guard let (container, _) = position(of: source) else { throw .notInWindow(screen: source.title) }
        switch container {
        case .root(let index):
            // A tab that is not shown has only its own stack on screen once selected.
            let shown = index == selected ? depth : roots[index].stack.entries.count
            guard shown < maximumDepth else { throw .tooDeep(limit: maximumDepth) }
            loader.cancel()
            roots[index].stack.entries.append(Entry(screen: screen, place: place, animator: animator))
            positions[ObjectIdentifier(screen)] = (container, roots[index].stack.entries.count - 1)
        case .modal(let index):
            try requireRoom()
            loader.cancel()
            modals[index].entries.append(Entry(screen: screen, place: place, animator: animator))
            positions[ObjectIdentifier(screen)] = (container, modals[index].entries.count - 1)
        }
        publish(.arrived(screen, .push))
    }

    /// Presents `screen`, which shows `place`, modally, on top of the top-most screen, as the
    /// first screen of a new stack; `source`, the screen it is presented from, must be in the
    /// window.
    /// - Throws: `RoutingError` if `source` is not in the window, `screen` is shown already, or
    ///   the window is full.
    public func present(
        _ screen: any Screen, as place: AnyPlace, from source: any Screen,
        animator: any Animator = StandardAnimator.modal
    ) throws(RoutingError) {
        try requireAbsent(screen)
        guard contains(source), let top = topScreen else { throw .notInWindow(screen: source.title) }
        try requireRoom()
        loader.cancel()
        modals.append(Stack(entries: [Entry(screen: screen, place: place, animator: animator)], presenter: top))
        positions[ObjectIdentifier(screen)] = (.modal(modals.count - 1), 0)
        publish(.arrived(screen, .present))
    }

    /// Pops `screen` off its stack, with every screen pushed above it and every modal they
    /// present. Screens above `screen` go with it: closing closes *that* screen, wherever it is.
    /// - Returns: every screen that left, top-most first, each with how it left: the modals
    ///   above are dismissed, the screens of the stack popped, `screen` last.
    /// - Throws: `RoutingError` if `screen` is not in the window or is the first screen of its
    ///   stack.
    @discardableResult
    public func pop(_ screen: any Screen) throws(RoutingError) -> [Departure] {
        guard let (container, index) = position(of: screen) else { throw .notInWindow(screen: screen.title) }
        guard index > 0 else { throw .notPushed(screen: screen.title) }
        loader.cancel()
        var departures: [Departure] = []
        if let presented = firstModal(presentedFrom: container, at: index) {
            departures = removeModals(from: presented)
        }
        // The screens leaving are read in place: no copy of them is made, and the stack's
        // storage is let go before they are removed from it (kept, it would be shared, and
        // removing them would copy the whole stack).
        depart(entries(in: container), from: index, by: .pop, into: &departures)
        switch container {
        case .root(let root): roots[root].stack.entries.removeSubrange(index...)
        case .modal(let modal): modals[modal].entries.removeSubrange(index...)
        }
        committing { for departure in departures { publish(.left(departure.screen, departure.motion)) } }
        return departures
    }

    /// Dismisses the modal stack that `screen` opened, with every modal presented above it.
    /// - Returns: every screen that left, top-most first, `screen` last.
    /// - Throws: `RoutingError` if `screen` is not in the window or was not presented modally.
    @discardableResult
    public func dismiss(_ screen: any Screen) throws(RoutingError) -> [Departure] {
        guard let (container, index) = position(of: screen), case .modal(let modal) = container, index == 0 else {
            throw contains(screen) ? .notPresented(screen: screen.title) : .notInWindow(screen: screen.title)
        }
        loader.cancel()
        let departures = removeModals(from: modal)
        committing { for departure in departures { publish(.left(departure.screen, departure.motion)) } }
        return departures
    }

    /// The first modal stack above `container` presented from one of its screens from `index`
    /// up: closing those screens takes it, and every modal above it (a modal is presented from
    /// the top-most screen). `nil` when none is.
    func firstModal(presentedFrom container: Container, at index: Int) -> Int? {
        let above: Int
        if case .modal(let modal) = container { above = modal + 1 } else { above = 0 }
        // Most changes have no modal above them: nothing is read then.
        guard above < modals.count else { return nil }
        let leaving = entries(in: container)
        for modal in above..<modals.count {
            guard let presenter = modals[modal].presenter else { continue }
            for position in index..<leaving.count where leaving[position].screen === presenter { return modal }
        }
        return nil
    }

    /// Removes the modals from `first` up, and says which screens left, top-most first.
    private func removeModals(from first: Int) -> [Departure] {
        var departures: [Departure] = []
        for modal in stride(from: modals.count - 1, through: first, by: -1) {
            depart(modals[modal].entries, by: .dismiss, into: &departures)
        }
        modals.removeSubrange(first...)
        return departures
    }

    /// Adds the screens of `entries` from `index` up to `departures`, top-most first, leaving by
    /// `motion`, and takes them out of the index of positions. A loop by index over the stack
    /// as it is: a reversed view of it would be made generically on every change.
    @inline(__always)
    private func depart(
        _ entries: [Entry], from index: Int = 0, by motion: Motion, into departures: inout [Departure]
    ) {
        for position in stride(from: entries.count - 1, through: index, by: -1) {
            departures.append(Departure(motion, of: entries[position].screen))
            positions[ObjectIdentifier(entries[position].screen)] = nil
        }
    }

    /// Records that `router` opened `screen`, while `screen` is in the window.
    ///
    /// Inlined into the generic `open` that calls it: a copy of it made for routers would take
    /// `Router<V>`'s metadata as an argument, looked up at run time on every opening.
    @inline(__always)
    func register(_ router: any RouterProtocol & Closable, for screen: any Screen) {
        guard let found = position(of: screen) else { return }
        switch found.container {
        case .root(let root): roots[root].stack.entries[found.index].router = router
        case .modal(let modal): modals[modal].entries[found.index].router = router
        }
    }

    /// Puts `screen` in the place of `old`, in its stack: a screen that loaded, for the
    /// placeholder that stood in for it. The place stays; `router` is the new screen's.
    /// - Throws: `RoutingError` if `old` is not in the window or `screen` is.
    public func replace(_ old: any Screen, with screen: any Screen, router: (any RouterProtocol & Closable)?)
        throws(RoutingError)
    {
        try requireAbsent(screen)
        guard let (container, index) = position(of: old) else { throw .notInWindow(screen: old.title) }
        let previous = entries(in: container)[index]
        var entry = Entry(screen: screen, place: previous.place, animator: previous.animator)
        entry.router = router
        switch container {
        case .root(let root): roots[root].stack.entries[index] = entry
        case .modal(let modal): modals[modal].entries[index] = entry
        }
        positions[ObjectIdentifier(old)] = nil
        positions[ObjectIdentifier(screen)] = (container, index)
        for modal in modals.indices where modals[modal].presenter === old { modals[modal].presenter = screen }
        committing {
            publish(.left(old, .replace))
            publish(.arrived(screen, .replace))
        }
    }

    private func requireAbsent(_ screen: any Screen) throws(RoutingError) {
        if isClosed { throw .windowReleased }
        if contains(screen) { throw .alreadyInWindow(screen: screen.title) }
    }

    private func requireRoom() throws(RoutingError) {
        if isFull { throw .tooDeep(limit: maximumDepth) }
    }
}
