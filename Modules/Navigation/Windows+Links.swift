/// The one rule that chooses the window a link opens in. A link opens in the window that already
/// shows it, instead of a copy:
/// 1. `open --new-window` (`App --link … --new-window`): a new window, whatever the others show.
/// 2. The window in front, when it shows the whole link, or when the link waits for sign-in (it
///    waits in the window it was typed in).
/// 3. Else the first window (by number) with the link's last place on top; else the first with it
///    on its stack: that window comes forward, goes back to the place (asking, if a screen above it
///    has work to lose), and the place's screen takes the link's query items.
/// 4. Else the window in front.
extension Windows {
    /// Opens a new window in front, on the first tab when the gate is passed, else on the gate's
    /// screen.
    /// - Returns: the window.
    /// - Throws: `RoutingError.tooManyWindows` past the session's limit; what opening its first
    ///   screen throws, after which the window is closed again and the one before is in front.
    @discardableResult
    public func openWindow() async throws -> Window<Places> {
        try await openWindow(passed: front.isGatePassed)
    }

    /// Opens a new window in front, on the first tab if `passed` (the gate, asked once by the
    /// caller), else on the gate's screen.
    private func openWindow(passed: Bool) async throws -> Window<Places> {
        guard !isFull else { throw RoutingError.tooManyWindows(limit: limit) }
        let before = front
        let window = open()
        do {
            if passed {
                try await window.openTabs()
            } else {
                try await window.show([Places.gate], inTab: nil, cause: .command)
            }
        } catch {
            abandon(window, for: before)
            throw error
        }
        return window
    }

    /// Closes `window`, a new one whose first screen or link failed, and brings `before` back
    /// in front: a failed open leaves the windows as they were.
    private func abandon(_ window: Window<Places>, for before: Window<Places>) {
        try? close(window)
        bringForward(before)
    }

    /// Which window a link opens in, and why.
    public enum Choice: Hashable, Sendable {
        /// A new window (`--new-window`).
        case newWindow
        /// The window in front: it shows the whole link, or no other window does.
        case front(showsPlace: Bool)
        /// The link waits for sign-in in the window in front, where it was typed.
        case waitsInFront
        /// Window `number` shows the whole link, on top or below: it comes forward.
        case shownIn(number: Int, onTop: Bool)
    }

    /// The window `link` opens in, and why; `nil` window for a new one. A window is reused only
    /// when it shows the whole link (every place of it, in its order, from the root, in the
    /// link's tab) and the link hands no query items to a place before its last.
    public func choice(for link: ResolvedLink<Places>, newWindow: Bool = false) -> (
        window: Window<Places>?, choice: Choice
    ) {
        choice(for: link, newWindow: newWindow, passed: front.isGatePassed)
    }

    /// The window `link` opens in, and why, given whether the gate is `passed`.
    private func choice(for link: ResolvedLink<Places>, newWindow: Bool, passed: Bool) -> (
        window: Window<Places>?, choice: Choice
    ) {
        if newWindow { return (nil, .newWindow) }
        let decision = front.decision(for: link, passed: passed)
        guard decision == .passes else {
            return (front, decision == .waits ? .waitsInFront : .front(showsPlace: false))
        }
        if shows(link, in: front) != nil { return (front, .front(showsPlace: true)) }
        var below: (window: Window<Places>, number: Int)?
        for index in 0..<all.count {
            let window = all[index]
            guard let onTop = shows(link, in: window) else { continue }
            if onTop { return (window, .shownIn(number: index + 1, onTop: true)) }
            if below == nil { below = (window, index + 1) }
        }
        if let below { return (below.window, .shownIn(number: below.number, onTop: false)) }
        return (front, .front(showsPlace: false))
    }

    /// Whether `window` shows the whole of `link`: `true` with its last place on top, `false`
    /// below it; `nil` when it does not show all of it, or the link hands query items to a place
    /// before its last (the window would have to open them again to take them).
    private func shows(_ link: ResolvedLink<Places>, in window: Window<Places>) -> Bool? {
        guard let place = link.target.last else { return nil }
        for items in link.items.dropLast() where !items.isEmpty { return nil }
        let state = window.state.places
        let path = state.path
        guard let index = path.lastPosition(of: place), index > 0 || link.target.count == 1 else { return nil }
        // A link that names its tab is that tab's root and the places after it; one that does not
        // (`chat/bob`) opens after whichever tab's root shows it.
        let first = link.tab != nil && link.tabChoice != .named && state.isTabbed ? 1 : 0
        guard index >= first, index == link.target.count - 1 else { return nil }
        // Compared by index: comparing slices looks up their types where places are generic.
        for shown in first..<index where path[shown] != link.target[shown] { return nil }
        return index == path.count - 1
    }

    /// The window `text` would open in and why, and what opening it there would do: what
    /// `open(_:newWindow:)` then does, step for step.
    public func explain(_ text: String, newWindow: Bool = false) async -> (
        window: Window<Places>?, choice: Choice?, explanation: LinkExplanation<Places>
    ) {
        let link: ResolvedLink<Places>
        do throws(LinkFailure<Places>) {
            link = try front.resolve(text)
        } catch {
            return (nil, nil, LinkExplanation(text: text, result: .fails(error)))
        }
        let (window, choice) = self.choice(for: link, newWindow: newWindow)
        if newWindow { return (nil, choice, await front.explain(link, from: front.newWindowState)) }
        // Resolved again in another window, as `open` does: a link naming no tab opens in the tab
        // that window shows. The front's reading is the one just made.
        guard let window, window !== front else { return (window, choice, await front.explain(link)) }
        return (window, choice, await window.explain(text))
    }

    /// Opens `link` in the window the rule chooses, bringing it forward. A new window whose link
    /// fails is closed again: a failed open leaves the windows as they were.
    /// - Returns: the window, the choice, and how the link went there.
    /// - Throws: `LinkFailure`, as `Window.open(_:)` does.
    public func open(_ link: ResolvedLink<Places>, newWindow: Bool = false) async throws(LinkFailure<Places>) -> (
        window: Window<Places>, choice: Choice, outcome: LinkOutcome
    ) {
        // The gate is asked once: the choice and the opening both follow its answer.
        let passed = front.isGatePassed
        let (chosen, choice) = self.choice(for: link, newWindow: newWindow, passed: passed)
        switch choice {
        case .newWindow:
            let before = front
            let window: Window<Places>
            do { window = try await openWindow(passed: passed) } catch {
                throw .noNewWindow(error)
            }
            do throws(LinkFailure<Places>) {
                return (window, choice, try await window.open(link, passed: passed))
            } catch {
                abandon(window, for: before)
                throw error
            }
        case .shownIn:
            guard let window = chosen else { break }
            bringForward(window)
            // Resolved again there, as `explain` does: a link that names no tab opens in the tab
            // that window shows.
            return (window, choice, try await window.open(try window.resolve(link.text), passed: passed))
        case .front, .waitsInFront:
            break
        }
        return (front, choice, try await front.open(link, passed: passed))
    }
}
