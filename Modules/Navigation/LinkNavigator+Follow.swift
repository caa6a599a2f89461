extension LinkNavigator {
    // MARK: - Which place may follow which

    /// Whether `next` may follow `previous` in a link: `previous`'s screen offers an action for it.
    public func canFollow(_ next: AnyPlace, after previous: AnyPlace) -> Bool {
        refusal(of: next, after: previous) == nil
    }

    /// Why `next` may not follow `previous`; `nil` when it may.
    public func refusal(of next: AnyPlace, after previous: AnyPlace) -> FollowRefusal? {
        if case .failure(let refusal) = route(to: next, after: previous) { refusal } else { nil }
    }

    /// The route the screen of `previous` follows to `next`, from its table of offers (`Offer`),
    /// with no router made: links reach only the states commands reach.
    public func route(to next: AnyPlace, after previous: AnyPlace) -> Result<Route, FollowRefusal> {
        guard let previousKind = kind(of: previous), let nextKind = kind(of: next) else { return .failure(.undeclared) }
        guard case .opened = nextKind.role else { return .failure(.isRoot) }
        let value = nextKind.value(of: next)
        if let found = previousKind.route(at: previous, to: next, value: value) { return .success(found.route) }
        let offered = previousKind.offers(at: previous).compactMap { offer in
            offer.route(toward: value)?.place.map { "\(offer.action) (opens \($0.title))" }
        }
        return .failure(.notOffered(offered: offered))
    }

    /// What opens `place` (after `previous`), as `explain` shows it: `openChat(with: @bob)`.
    public func call(opening place: AnyPlace, after previous: AnyPlace?) -> String? {
        guard let kind = kind(of: place) else { return nil }
        switch kind.role {
        case .tab: return "openTabs(selecting: \"\(kind.path)\")"
        case .gate(let gate): return gate.route.method
        case .opened:
            guard let previous, case .success(let route) = route(to: place, after: previous) else { return nil }
            return route.call(argument: kind.value(of: place).map { "\($0)" })
        }
    }

    /// The tab a guarded link whose first place is `first` opens in, when it names none: the tab
    /// shown if its first screen opens `first`, else the first that does; with its place and why.
    public func tab(for first: AnyPlace) -> (name: String, root: AnyPlace, choice: TabChoice)? {
        let shown = state?.selectedTab
        let tabs = self.tabs
        if let shown, let tab = tabs.first(where: { $0.name == shown }), canFollow(first, after: tab.root) {
            return (tab.name, tab.root, .shown)
        }
        guard let tab = tabs.first(where: { canFollow(first, after: $0.root) }) else { return nil }
        return (tab.name, tab.root, .firstThatOpens(shownCannot: shown))
    }
}
