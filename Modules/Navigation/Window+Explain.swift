extension Window {
    /// Hands the link's query items on, once its places are shown: each place below its last
    /// its own (a filter under a chat), then the last place's screen, when it would take them.
    func deliver(_ link: ResolvedLink<Places>, after outcome: LinkOutcome) -> LinkOutcome {
        var below: (any Screen)?
        let screens = state.screens.stacks.path
        // By index: a zip of the matches, generic over the app's places, costs a link more than
        // all the rest of this (the runtime looks up the pairs' types at every step).
        let parts = min(link.matches.count, link.items.count)
        for index in 0..<max(parts - 1, 0) where !link.items[index].isEmpty {
            let (place, items) = (link.matches[index].place, link.items[index])
            guard let screen = screens.first(where: { state.place(of: $0) == place }), screen.queryItems != items
            else { continue }
            if deliver(items, to: screen) { below = screen }
        }
        guard let screen = screenToDeliver(link) else {
            if outcome == .alreadyThere, let below { return .delivered(screen: below.title) }
            return outcome
        }
        let taken = deliver(link.query, to: screen)
        guard outcome == .alreadyThere else { return outcome }
        return taken ? .delivered(screen: screen.title) : .notTaken(screen: screen.title)
    }

    /// The screen on top, when it shows `link`'s last place and would take its query items.
    private func screenToDeliver(_ link: ResolvedLink<Places>) -> (any Screen)? {
        guard !link.query.isEmpty, let top = state.screens.topScreen, state.place(of: top).isSame(as: link.target.last),
            top.queryItems != link.query
        else { return nil }
        return top
    }

    // MARK: - The pending intent

    /// Opens the link that waited behind the gate, resolved again so the rules check it for the
    /// user who signed in; `nil` when none waited.
    public func continuePending() async -> (link: String, result: Result<LinkOutcome, LinkFailure<Places>>)? {
        guard let link = pending else { return nil }
        pending = nil
        do throws(LinkFailure<Places>) {
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

    // MARK: - Explaining

    /// What opening `text` would do, without doing it, or why it cannot be opened: the same plan
    /// value `open` applies, from `start` (`newWindowState`) for a window not open yet. A place's
    /// check runs, as it would when the link opens, and changes nothing.
    public func explain(_ text: String, from start: NavigationState<Places>? = nil) async -> LinkExplanation<Places> {
        do throws(LinkFailure<Places>) {
            return await explain(try resolve(text), from: start)
        } catch {
            return LinkExplanation(text: text, result: .fails(error))
        }
    }

    /// What opening `link`, resolved in this window, would do: `explain(_:from:)` once it reads.
    public func explain(_ link: ResolvedLink<Places>, from start: NavigationState<Places>? = nil) async
        -> LinkExplanation<Places>
    {
        let decision = decision(for: link, passed: isGatePassed)
        switch decision {
        case .refused:
            return LinkExplanation(text: link.text, result: .refused(link))
        case .passes:
            do { _ = try await check(link.named) } catch {
                return LinkExplanation(text: link.text, result: .fails(error))
            }
            let steps = plan(to: link.target, inTab: link.tab, from: start)
            // The query goes to the screen the steps lead to, or with none, to the one shown.
            let delivers = !link.query.isEmpty && (!steps.isEmpty || start != nil || screenToDeliver(link) != nil)
            return LinkExplanation(
                text: link.text, result: .runs(link, decision: decision, steps: steps, target: link.target, after: nil),
                delivery: delivers ? link.query : nil)
        case .waits:
            return LinkExplanation(
                text: link.text,
                result: .runs(
                    link, decision: decision, steps: plan(to: [Places.gate], inTab: nil, from: start),
                    target: [Places.gate], after: link.target))
        }
    }

    /// What each action of `place`'s screen opens.
    public func offers(at place: Places) -> [Offer<Places>] {
        declarations.offers(at: place)
    }

    /// The commands other features add to `screen` (`Contribution`): its own lists the rest.
    public func contributed(to screen: any Screen) -> [ScreenContent.Action] {
        guard declarations.hasContributions, let place = state.place(of: screen) else { return [] }
        return declarations.contributed(to: place).map { $0.listed }
    }

    /// Runs the command `action` another feature added to `screen` (`Contribution`), with
    /// `argument`, the words after it: it opens what its offer opens.
    /// - Throws: `CommandWordsRefused` when `argument` is not the words the command takes,
    ///   `RoutingError.leftOut` when the screen has no such command, or what opening throws.
    public func perform(contributed action: String, argument: String, on screen: any Screen) async throws {
        guard let place = state.place(of: screen) else { throw RoutingError.notInWindow(screen: screen.title) }
        let words = argument.split(separator: " ").map(String.init)
        if let offer = declarations.contributed(to: place).first(where: { $0.action == action }) {
            // A text parameter is one word, as in its link: the count says what was wrong.
            func refused(_ reason: CommandWordsRefused.Reason) -> CommandWordsRefused {
                CommandWordsRefused(
                    action: action, takes: offer.listed.argument.usage, count: offer.argument.count, reason: reason)
            }
            guard words.count == offer.argument.count else { throw refused(.count(given: words.count)) }
            for (word, type) in zip(words, offer.argument) {
                if let problem = type.problem(word) { throw refused(.word(word, problem: problem)) }
            }
        }
        try await follow(action, argument: words, from: screen, at: place)
    }

    /// The rules on data of `place`, by name and summary: what `explain` says of each place.
    public func rules(of place: Places) -> [(name: String, summary: String)] {
        place.rules(in: environment).map { ($0.name, $0.summary) }
    }

    /// What opens `place` after `previous`, as `explain` shows it: `openChat(with: bob)`.
    public func call(opening place: Places, after previous: Places?) -> String? {
        if let tab = declarations.tabRoots.firstPosition(of: place) {
            return "openTabs(selecting: \"\(declarations.tabNames[tab])\")"
        }
        if place == Places.gate { return "openGate()" }
        guard let previous, let route = route(to: place, after: previous)?.route else { return nil }
        return route.call(argument: place.link.texts.first)
    }
}

/// Why the words after a command another feature adds (`Contribution`) were refused, as values:
/// a front words it (the console: "notes takes 2 words after it, <year> <topic>, not 3").
public struct CommandWordsRefused: Error, Hashable, Sendable {
    public enum Reason: Hashable, Sendable {
        /// `given` words, where it takes `count`.
        case count(given: Int)
        /// `word` is not what its parameter reads; `problem` says what that is.
        case word(String, problem: String)
    }

    /// The command (`notes`), what it takes (`<year> <topic>`), and how many words that is.
    public let action: String
    public let takes: String
    public let count: Int
    public let reason: Reason

    public init(action: String, takes: String, count: Int, reason: Reason) {
        (self.action, self.takes, self.count, self.reason) = (action, takes, count, reason)
    }
}
