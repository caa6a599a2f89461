extension Window {
    /// What the gate does with `link` now, given who passed it.
    public func decision(for link: ResolvedLink<Places>, passed: Bool) -> LinkGuardDecision {
        switch (link.access, passed) {
        case (.guarded, false): .waits
        case (.unguarded, true): .refused
        default: .passes
        }
    }

    /// Whether the gate is passed: a user signed in.
    public var isGatePassed: Bool { Places.passer(in: environment) != nil }

    /// Resolves `text`, then opens it.
    /// - Throws: `LinkFailure`; for a link that does not resolve, nothing has changed.
    @discardableResult
    public func open(_ text: String) async throws(LinkFailure<Places>) -> LinkOutcome {
        try await open(resolve(text))
    }

    /// Opens a resolved link, as one change the user sees: the gate decides (asked once, unless
    /// the caller asked it already and says whether it is `passed`), the plan
    /// from the window's state is made, every place it names is checked (once each) before any
    /// step runs, then the steps run and the link's query items are handed on.
    /// - Throws: `LinkFailure.refused`, `.invalid` (a check; nothing changed), or `.stepFailed`
    ///   (the window keeps what the steps before reached).
    @discardableResult
    public func open(_ link: ResolvedLink<Places>, passed: Bool? = nil) async throws(LinkFailure<Places>)
        -> LinkOutcome
    {
        let passed = passed ?? isGatePassed
        return try await batch(cause: .link) { () async throws(LinkFailure<Places>) in
            switch decision(for: link, passed: passed) {
            case .passes:
                let openers = try await check(link.named)
                // Each place of the target opens with what its check read: `checks` says which
                // of the named places it is, by index, as the link was read.
                var checked: [Opener<Places>?] = []
                checked.reserveCapacity(link.checks.count)
                for index in 0..<link.checks.count {
                    if let named = link.checks[index] { checked.append(openers[named]) } else { checked.append(nil) }
                }
                let outcome = try await show(link.target, inTab: link.tab, routes: link.routes, checked: checked)
                guard outcome == .opened || outcome == .alreadyThere else { return outcome }
                return deliver(link, after: outcome)
            case .waits:
                let replaced = pending.flatMap { $0.text == link.text ? nil : $0.text }
                if case .stayed(let screen) = try await show([Places.gate], inTab: nil) {
                    return .stayed(screen: screen)
                }
                pending = link
                return .waitingBehindGate(replacing: replaced)
            case .refused:
                throw .refused(link: link.text)
            }
        }
    }

    /// The plan from the window's state to `target`, in the tab `tab`, each step with the screens
    /// it takes out: a pure function of the state and the target.
    public func plan(to target: [Places], inTab tab: String?, from start: NavigationState<Places>? = nil)
        -> [PlannedStep<Places>]
    {
        plannedSteps(to: target, inTab: tab, from: start).steps
    }

    /// The plan's steps, with the screens each takes out and the index in the target of the
    /// place each opens: three arrays, not one of tuples (`Optional.isSame(as:)` says why).
    private func plannedSteps(
        to target: [Places], inTab tab: String?, from start: NavigationState<Places>? = nil
    ) -> (steps: [PlannedStep<Places>], removes: [[any Screen]], opens: [Int?]) {
        let current = start ?? state.places
        // How many places each step leaves shown: what a close says it removes above its place.
        var shown = current.path.count
        let stacks = start == nil ? state.screens.stacks : nil
        var screens = stacks?.path ?? []
        let plan = NavigationPlan(from: current, to: target, inTab: tab)
        let steps = plan.steps
        // The plan opens the target's places after those it keeps (after the root it replaces),
        // in order: the index of the place each step opens.
        var opening = max(plan.kept, 1)
        var planned: [PlannedStep<Places>] = []
        var removing: [[any Screen]] = []
        var opened: [Int?] = []
        planned.reserveCapacity(steps.count)
        for index in 0..<steps.count {
            let step = steps[index]
            var above = 0
            var removes: [any Screen] = []
            var opens: Int?
            switch step {
            case .replaceRoot:
                shown = 1
                removes = stacks?.all ?? []
                screens = []
                opens = 0
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
                opens = opening
                opening += 1
            }
            // Most steps remove nothing: no list is walked for them.
            let asking =
                start == nil && !removes.isEmpty
                ? state.screens.screensAsking(among: removes).compactMap { state.place(of: $0) } : []
            planned.append(PlannedStep(step: step, above: above, asking: asking))
            removing.append(removes)
            opened.append(opens)
        }
        return (planned, removing, opened)
    }

    /// Checks each of `places` (its feature's check, then its rules), once each, before any step
    /// runs: what each check read opens its module.
    /// - Returns: what opens each place, in `places`' order.
    /// - Throws: `LinkFailure.invalid` with the first check's error; nothing changed.
    func check(_ places: [Places]) async throws(LinkFailure<Places>) -> [Opener<Places>] {
        var openers: [Opener<Places>] = []
        openers.reserveCapacity(places.count)
        for index in 0..<places.count {
            do { openers.append(try await places[index].checked(in: environment)) } catch { throw .invalid(error) }
        }
        return openers
    }

    /// Shows `target` in the tab `tab`, from whatever the window shows: what links, tab switches,
    /// restoration and sign-out go through, as one change made for `cause`. Every screen the plan
    /// would take away with work to lose is asked before any step runs, so a refusal changes
    /// nothing. `routes` and `checked` go with `target`, place by place (or are empty): a place
    /// opens by its route as a link read it, else by the offer of the place before it, and with
    /// what its check read, else checked in its load.
    /// - Returns: `.opened`, `.alreadyThere`, or `.stayed` with the screen that refused.
    /// - Throws: `LinkFailure.stepFailed` for a step (the window keeps what the steps before reached).
    @discardableResult
    public func show(
        _ target: [Places], inTab tab: String?, cause: ShownChangeCause = .link,
        routes: [FollowedOffer<Places>?] = [], checked openers: [Opener<Places>?] = []
    ) async throws(LinkFailure<Places>) -> LinkOutcome {
        let (steps, removing, opens) = plannedSteps(to: target, inTab: tab)
        guard !steps.isEmpty else { return .alreadyThere }
        var removes: [any Screen] = []
        for index in 0..<steps.count { removes += removing[index] }
        if let refusing = await state.screens.refusal(among: removes) {
            return .stayed(screen: refusing.title)
        }
        // One batch: a front that takes time shows the whole plan as one change per container.
        try await batch(cause: cause) { () async throws(LinkFailure<Places>) in
            for index in 0..<steps.count {
                // The place a step opens is found by its index in the target, not looked up.
                var route: FollowedOffer<Places>?
                var opener: Opener<Places>?
                if let opening = opens[index] {
                    if opening < routes.count { route = routes[opening] }
                    if opening < openers.count { opener = openers[opening] }
                }
                do {
                    try await run(steps[index].step, route: route, opener: opener)
                } catch {
                    throw .stepFailed(steps[index], reason: error)
                }
            }
        }
        return .opened
    }

    /// Runs `step`; `route` and `opener` are for the place it opens, when known already.
    private func run(
        _ step: NavigationPlan<Places>.Step, route followed: FollowedOffer<Places>?, opener: Opener<Places>?
    ) async throws {
        switch step {
        case .replaceRoot(let place):
            if place == Places.gate { return try await openGate() }
            guard let tab = declarations.tabRoots.firstPosition(of: place) else {
                throw LinkFailure<Places>.cannotFollow(
                    Refusal(path: place.link.description, title: place.title, previous: nil, offered: nil))
            }
            try await openTabs(selecting: declarations.tabNames[tab], opener: opener)
        case .selectTab(let name):
            try select(tab: name)
        case .close(let index, _):
            let screens = state.screens.stacks.path
            guard index < screens.count else { throw RoutingError.notInWindow(screen: "screen \(index + 1)") }
            guard let router = state.screens.router(of: screens[index]) else {
                throw RoutingError.noOpeningTransition(screen: screens[index].title)
            }
            try router.close()
        case .open(let place, let previous):
            guard let top = state.screens.topScreen else { throw RoutingError.noSource }
            // The route the link was read by; a step of a plan no link made asks the offers again.
            guard let followed = followed ?? route(to: place, after: previous) else {
                throw LinkFailure<Places>.cannotFollow(
                    Refusal(path: place.link.description, title: place.title, previous: previous, offered: []))
            }
            try await open(followed.route, action: followed.action, from: top, opener: opener)
        }
    }

    /// Opens `route`, which the screen `source` offers for `action`: the place's module is built
    /// once (checked in its load, unless `opener` checked it already) and opened by the route's
    /// transition. A place that answers asks for `source`; a draft a rule took is given back.
    func open(
        _ route: Route<Places>, action: String, from source: any Screen, opener: Opener<Places>? = nil
    ) async throws {
        guard let place = route.place, let transition = route.transition else {
            throw RoutingError.leftOut(route.method)
        }
        // A place the source's stack shows already is returned to, closing what is above it,
        // asking first: nothing is built.
        if route.whenShown == .goBack, let shown = state.shown(place, inStackOf: source) {
            guard let above = shown.above else { return }
            guard let closing = state.screens.router(of: above) else {
                throw RoutingError.noOpeningTransition(screen: above.title)
            }
            _ = try await closing.closeAsking()
            return
        }
        let opener = opener ?? place.opener(in: environment)
        try await opener.module(
            Opening(window: self, mode: .show(source: source, transition: transition), policy: opener.policy)
        ).run()
        opened(place, from: source, answering: opener.answers ? action : nil)
    }

    /// `place` opened from `source`, if it shows on top: a draft a rule took is given back, and a
    /// place that answers asks for `source`'s `action`; with no await, the state is read in place.
    private func opened(_ place: Places, from source: any Screen, answering action: String?) {
        guard let top = state.screens.topScreen, top !== source, state.place(of: top).isSame(as: place) else { return }
        if !drafts.isEmpty, let draft = drafts.removeValue(forKey: place) {
            state.screens.restorer(of: top)?.restore(draft)
        }
        if let action {
            questions.ask(top, by: source, action: action)
            publish(.awaitingReply(top))
        }
    }

    /// Opens `route` from `source`, as a host opens a route none of its screens offers (a test's
    /// stage, a host that adopts a feature's route): the place is checked in its load.
    /// - Throws: the check's or the load's error, or `RoutingError`; nothing is opened then.
    public func open(_ route: Route<Places>, from source: any Screen) async throws {
        try await open(route, action: route.method, from: source)
    }

    /// Opens what the screen `source`, which shows `place`, offers for `action`, with `argument`:
    /// a presenter's action, through the table links follow.
    func follow(_ action: String, argument: [String], from source: any Screen, at place: Places) async throws {
        guard let offer = declarations.offers(at: place).first(where: { $0.action == action }),
            let route = offer.route(argument.map { Substring($0) })
        else { throw RoutingError.leftOut(action) }
        try await open(route, action: action, from: source)
    }
}
