// The window's roots: the gate's screen, the tabs, and going between them.

extension Window {
    /// Opens the gate's screen as the window's only root, as the app does at start.
    public func openGate() async throws {
        let opener = Places.gate.opener(in: environment)
        try await opener.module(
            Opening(window: self, mode: .show(source: nil, transition: RootTransition()), policy: opener.policy)
        ).run()
    }

    /// Opens the tabs as the root, replacing whatever was there, with `selected` shown: each tab's
    /// first screen is loaded in turn (the newest navigation still wins), then all show at once.
    /// - Throws: a tab's load error, `.superseded`, or `RoutingError`; nothing is opened then.
    public func openTabs(selecting selected: String? = nil) async throws {
        try await openTabs(selecting: selected, opener: nil)
    }

    /// Opens the tabs, the selected tab's first place by `opener` when its check ran already.
    func openTabs(selecting selected: String?, opener: Opener<Places>?) async throws {
        let (names, roots) = (declarations.tabNames, declarations.tabRoots)
        guard let first = names.first else { throw RoutingError.invalidTabs([], selected: selected ?? "") }
        let name = selected ?? first
        _ = try WindowState<Places>.index(ofTab: name, among: names)
        let made = TabsMade<Places>()
        for index in 0..<names.count {
            let opening = Opening(window: self, mode: .tab(names[index], made), policy: nil)
            let checked = names[index] == name ? opener : nil
            try await (checked ?? roots[index].opener(in: environment)).module(opening).run()
        }
        try made.show(in: self, selecting: name)
    }

    /// Shows the tab `name` as it was left; the modals over the tabs close first, asking.
    /// - Returns: `.opened`, `.alreadyThere`, or `.stayed` when a screen refused to leave.
    @discardableResult
    public func switchTab(to name: String) async throws(LinkFailure<Places>) -> LinkOutcome {
        let places = state.places
        guard places.isTabbed else { throw .noTabs }
        guard let stack = places.stack(ofTab: name) else { throw .unknownTab(name, tabs: places.tabs.map { $0.name }) }
        return try await show(stack, inTab: name, cause: .command)
    }

    /// Signs out: asks every screen with work to lose, takes every tab and modal down, shows the
    /// gate's screen alone, and closes the gate behind the user. `left` runs once the guarded
    /// places are gone, while the gate still knows who passed it.
    /// - Returns: `.opened`, or `.stayed` with the screen that refused (nothing changed then).
    @discardableResult
    public func closeGate(left: @MainActor () -> Void = {}) async throws(LinkFailure<Places>) -> LinkOutcome {
        let outcome = try await show([Places.gate], inTab: nil, cause: .command)
        if case .stayed = outcome { return outcome }
        left()
        Places.closeGate(in: environment)
        return .opened
    }

    /// A new window's state: the tabs, the first selected, once the gate is passed; else the gate.
    public var newWindowState: NavigationState<Places> {
        guard isGatePassed else { return NavigationState(root: [Places.gate]) }
        return NavigationState(
            tabs: zip(declarations.tabNames, declarations.tabRoots).map { .init(name: $0, stack: [$1]) }, selected: 0)
    }
}
