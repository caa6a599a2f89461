extension LinkNavigator {
    /// What the gate does with `link` now.
    public func decision(for link: ResolvedLink) -> LinkGuardDecision {
        switch (link.access, gate.isPassed()) {
        case (.guarded, false): .waits
        case (.unguarded, true): .refused
        default: .passes
        }
    }

    /// Resolves `text`, then opens it.
    /// - Throws: `LinkFailure`; for a link that does not resolve, nothing has changed.
    @discardableResult
    public func open(_ text: String) async throws(LinkFailure) -> LinkOutcome {
        try await open(resolve(text))
    }

    /// Opens a resolved link: guards it, plans the steps from the window's state, runs them.
    /// - Throws: `LinkFailure.refused`, or `.stepFailed` (the window keeps what steps reached).
    @discardableResult
    public func open(_ link: ResolvedLink) async throws(LinkFailure) -> LinkOutcome {
        // The link's steps and its delivery are one change the user sees.
        guard let window else { return try await opening(link) }
        return try await window.batch(cause: .link) { () async throws(LinkFailure) in try await opening(link) }
    }

    private func opening(_ link: ResolvedLink) async throws(LinkFailure) -> LinkOutcome {
        switch decision(for: link) {
        case .passes:
            let outcome = try await show(link.target, inTab: link.tab, checked: link.checked)
            guard outcome == .opened || outcome == .alreadyThere else { return outcome }
            // The places below the last take their own items (a filter under a chat).
            let below = deliverBelowTop(link)
            guard let screen = screenToDeliver(link) else {
                if outcome == .alreadyThere, let below { return .delivered(screen: below.title) }
                return outcome
            }
            // The screen of the link's last place takes its query items; to the window it is one event.
            guard let window else { return outcome }
            let taken = window.deliver(link.query, to: screen)
            guard outcome == .alreadyThere else { return outcome }
            return taken ? .delivered(screen: screen.title) : .notTaken(screen: screen.title)
        case .waits:
            let replaced = pending.flatMap { $0.text == link.text ? nil : $0.text }
            if let gate = gatePlace, case .stayed(let screen) = try await show([gate], inTab: nil) {
                return .stayed(screen: screen)
            }
            pending = link
            return .waitingBehindGate(replacing: replaced)
        case .refused:
            throw .refused(link: link.text)
        }
    }

    /// Shows the tab `name` as it was left; the modals over the tabs close first, asking.
    /// - Returns: `.opened`, `.alreadyThere`, or `.stayed` when a screen refused to leave.
    @discardableResult
    public func switchTab(to name: String) async throws(LinkFailure) -> LinkOutcome {
        guard let state, state.isTabbed else { throw .noTabs }
        guard let stack = state.stack(ofTab: name) else { throw .unknownTab(name, tabs: state.tabs.map(\.name)) }
        return try await show(stack, inTab: name, cause: .command)
    }

    /// Opens the features' tabs as the root, replacing whatever was there, with `selected` shown.
    /// - Throws: a tab's load error, or `RoutingError`.
    public func openTabs(selecting selected: String? = nil) async throws {
        let providers = tabKinds.compactMap { kinds[$0].tab(by: navigator) }
        guard let first = providers.first?.name else { throw RoutingError.invalidTabs([], selected: selected ?? "") }
        try await roots.openTabs(providers, selecting: selected ?? first)
    }

    /// Opens the gate's screen (Login) as the window's only root, as the app does at start.
    public func openGate() async throws {
        try await navigator.open(gate.route, from: roots)
    }

    /// Signs out: asks every screen with work to lose, takes every tab and modal down, shows the
    /// gate's screen alone, and closes the gate behind the user.
    /// `left` runs once the guarded places are gone, while the gate still knows who passed it.
    /// - Returns: `.opened`, or `.stayed` with the screen that refused (nothing changed then).
    /// - Throws: `LinkFailure.stepFailed` when the gate cannot be shown.
    @discardableResult
    public func closeGate(left: @MainActor () -> Void = {}) async throws(LinkFailure) -> LinkOutcome {
        guard let gatePlace else { return .alreadyThere }
        let outcome = try await show([gatePlace], inTab: nil, cause: .command)
        if case .stayed = outcome { return outcome }
        left()
        gate.close()
        return .opened
    }

    // MARK: - Plans

    /// The plan from the window's state to `target`, in the tab `tab`.
    public func plan(to target: [AnyPlace], inTab tab: String?) -> [PlannedStep] {
        plannedSteps(to: target, inTab: tab).map { $0.step }
    }

    /// A new window's state: the tabs, the first selected, once the gate is passed; else the gate.
    public var newWindowState: NavigationState<AnyPlace> {
        guard isGatePassed else { return NavigationState(root: gatePlace.map { [$0] } ?? []) }
        return NavigationState(tabs: tabs.map { .init(name: $0.name, stack: [$0.root]) }, selected: 0)
    }

    /// The plan, each step with the screens it would take out; from `start` when given (a
    /// window not open yet).
    private func plannedSteps(
        to target: [AnyPlace], inTab tab: String?, from start: NavigationState<AnyPlace>? = nil
    ) -> [(step: PlannedStep, removes: [any Screen])] {
        let current = start ?? state ?? NavigationState(root: [])
        // How many places each step leaves shown: what a close says it removes above its place.
        var shown = current.path.count
        // The window's screens as they are now: every step is planned from them.
        let stacks = start == nil ? window?.state.stacks : nil
        var screens = stacks?.path ?? []
        return NavigationPlan(from: current, to: target, inTab: tab).steps.map { step in
            var above = 0
            var removes: [any Screen] = []
            switch step {
            case .replaceRoot:
                shown = 1
                removes = stacks?.all ?? []
                screens = []
            case .selectTab(let name):
                shown = current.stack(ofTab: name)?.count ?? 0
                screens = stacks?.stack(ofTab: name) ?? []
            case .close(let index, _):
                above = max(0, shown - index - 1)
                shown = min(shown, index)
                removes = Array(screens.dropFirst(index))
                screens = Array(screens.prefix(index))
            case .open:
                shown += 1
            }
            let asking = window.map { window in
                window.state.screensAsking(among: removes).compactMap { window.state.place(of: $0) }
            }
            return (PlannedStep(step: step, above: above, asking: asking ?? []), removes)
        }
    }

    /// Shows `target` in the tab `tab`, from whatever the window shows: what links, tab switches,
    /// restoration and sign-out go through, as one change made for `cause`. Every screen the plan
    /// would take away with work to lose is asked before any step runs, so a refusal changes
    /// nothing; a place in `checked` opens with what its check read.
    /// - Returns: `.opened`, `.alreadyThere`, or `.stayed` with the screen that refused.
    /// - Throws: `LinkFailure.stepFailed` (the window keeps what the earlier steps reached).
    @discardableResult
    public func show(
        _ target: [AnyPlace], inTab tab: String?, cause: ShownChange.Cause = .link,
        checked: [AnyPlace: any Sendable] = [:]
    ) async throws(LinkFailure) -> LinkOutcome {
        let steps = plannedSteps(to: target, inTab: tab)
        guard !steps.isEmpty else { return .alreadyThere }
        if let window, let refusing = await window.state.refusal(among: steps.flatMap { $0.removes }) {
            return .stayed(screen: refusing.title)
        }
        // One batch: a front that takes time shows the whole plan as one change per container.
        guard let window else { throw .stepFailed(steps[0].step, reason: RoutingError.windowReleased) }
        try await window.batch(cause: cause) { () async throws(LinkFailure) in
            for planned in steps {
                do {
                    try await run(planned.step.step, checked: checked)
                } catch {
                    throw .stepFailed(planned.step, reason: error)
                }
            }
        }
        return .opened
    }

    private func run(_ step: NavigationPlan<AnyPlace>.Step, checked: [AnyPlace: any Sendable]) async throws {
        guard let window else { throw RoutingError.windowReleased }
        switch step {
        case .replaceRoot(let place):
            guard let kind = kind(of: place) else { throw LinkFailure.cannotFollow(place, after: nil) }
            switch kind.role {
            case .gate: try await openGate()
            case .tab: try await openTabs(selecting: kind.path)
            case .opened: throw LinkFailure.cannotFollow(place, after: nil)
            }
        case .selectTab(let name):
            try window.select(tab: name)
        case .close(let index, _):
            let screens = window.state.stacks.path
            guard index < screens.count else { throw RoutingError.notInWindow(screen: "screen \(index + 1)") }
            guard let router = window.state.router(of: screens[index]) else {
                throw RoutingError.noOpeningTransition(screen: screens[index].title)
            }
            try router.close()
        case .open(let place, let source):
            guard let top = window.state.topScreen, let router = window.state.router(of: top) else {
                throw RoutingError.noSource
            }
            guard case .success(let route) = route(to: place, after: source) else {
                throw LinkFailure.cannotFollow(place, after: source)
            }
            try await navigator.open(route, from: router, checked: checked[place])
        }
    }

    /// Hands each place of `link` below its last the query items the link gives it.
    /// - Returns: the last screen whose content changed, if any.
    private func deliverBelowTop(_ link: ResolvedLink) -> (any Screen)? {
        guard let window else { return nil }
        var changed: (any Screen)?
        let screens = pathScreens
        for (match, items) in zip(link.matches, link.items).dropLast() where !items.isEmpty {
            guard let screen = screens.first(where: { window.state.place(of: $0) == match.place }),
                screen.queryItems != items
            else { continue }
            if window.deliver(items, to: screen) { changed = screen }
        }
        return changed
    }

    // MARK: - The pending intent

    /// Opens the link that waited behind the gate, resolved again so the rules check it for the
    /// user who signed in; `nil` when none waited.
    public func continuePending() async -> (link: String, result: Result<LinkOutcome, LinkFailure>)? {
        guard let link = pending else { return nil }
        pending = nil
        do throws(LinkFailure) {
            return (link.text, .success(try await open(resolve(link.text))))
        } catch {
            return (link.text, .failure(error))
        }
    }

    /// Drops the pending link, and returns it.
    public func dropPending() -> String? {
        defer { pending = nil }
        return pending?.text
    }

    /// The screen on top, when it shows `link`'s last place and would take its query items.
    private func screenToDeliver(_ link: ResolvedLink) -> (any Screen)? {
        guard !link.query.isEmpty, let window, let top = window.state.topScreen,
            window.state.place(of: top) == link.target.last,
            top.queryItems != link.query
        else { return nil }
        return top
    }

    // MARK: - Explaining

    /// What opening `text` would do, without doing it, or why it cannot be opened; from `start`
    /// (`newWindowState`) for a window not open yet.
    public func explain(_ text: String, from start: NavigationState<AnyPlace>? = nil) async -> LinkExplanation {
        let link: ResolvedLink
        do throws(LinkFailure) {
            link = try await resolve(text)
        } catch {
            return LinkExplanation(text: text, result: .fails(error))
        }
        let decision = decision(for: link)
        switch decision {
        case .refused:
            return LinkExplanation(text: link.text, result: .refused(link))
        case .passes:
            let steps = plannedSteps(to: link.target, inTab: link.tab, from: start).map(\.step)
            // The query goes to the screen the steps lead to, or with none, to the one shown.
            let delivers = !link.query.isEmpty && (!steps.isEmpty || start != nil || screenToDeliver(link) != nil)
            return LinkExplanation(
                text: link.text,
                result: .runs(link, decision: decision, steps: steps, target: link.target, after: nil),
                delivery: delivers ? link.query : nil)
        case .waits:
            let gate = gatePlace.map { [$0] } ?? []
            return LinkExplanation(
                text: link.text,
                result: .runs(
                    link, decision: decision, steps: plannedSteps(to: gate, inTab: nil, from: start).map(\.step),
                    target: gate, after: link.target))
        }
    }
}
