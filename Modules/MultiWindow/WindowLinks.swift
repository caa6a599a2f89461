import LinkMatching
import Navigation

/// The links of a session's windows: one `LinkNavigator` per window (its pending link, its
/// memory of the state), all sharing the features' declarations, and the one rule that chooses
/// the window a link opens in.
///
/// **The rule.** A link opens in the window that already shows its last place, instead of a copy:
/// 1. `open --new-window` (`App --link … --new-window`): a new window, whatever the others show.
/// 2. The window in front, when it shows the place (on top, or on its stack) or when the link
///    waits for sign-in (it waits in the window it was typed in).
/// 3. Else the first window (by number) with the place on top; else the first with it on its
///    stack: that window comes forward, goes back to the place (asking, if a screen above it has
///    work to lose), and the place's screen takes the link's query items.
/// 4. Else the window in front.
@MainActor
public final class WindowLinks: WindowsObserver {
    public let windows: Windows
    /// Each open window's navigator, by window (a closed window's leaves with it).
    private var navigators: [ObjectIdentifier: LinkNavigator] = [:]
    /// The first window's navigator: the one every other shares its declarations with.
    private let first: LinkNavigator

    /// - Parameters:
    ///   - windows: the session's windows; `first` navigates the first of them.
    ///   - first: the navigator of the first window; the others share its declarations and host.
    public init(windows: Windows, first: LinkNavigator) {
        self.windows = windows
        self.first = first
        if let window = first.window { navigators[ObjectIdentifier(window)] = first }
        for window in windows.all where navigators[ObjectIdentifier(window)] == nil { add(window, sharing: first) }
        windows.addObserver(self)
    }

    /// The navigator of `window`; `nil` for a window that is not open.
    public func navigator(of window: Window) -> LinkNavigator? { navigators[ObjectIdentifier(window)] }

    /// The navigator of the window in front.
    public var front: LinkNavigator {
        // Every open window has one: it is made as the window opens.
        navigator(of: windows.front) ?? first
    }

    public func windows(_ windows: Windows, did change: WindowsChange) {
        switch change {
        case .opened(let window): add(window, sharing: front)
        case .closed(let window, _): navigators[ObjectIdentifier(window)] = nil
        case .broughtForward: break
        }
    }

    private func add(_ window: Window, sharing other: LinkNavigator) {
        navigators[ObjectIdentifier(window)] = LinkNavigator(sharing: other, window: window)
    }

    // MARK: - Opening a window

    /// Opens a new window in front, on the first tab when the gate is passed, else on the gate's
    /// screen.
    /// - Returns: the window.
    /// - Throws: `RoutingError.tooManyWindows` past the session's limit; what opening its first
    ///   screen throws, after which the window is closed again and the one before is in front.
    @discardableResult
    public func openWindow() async throws -> Window {
        guard !windows.isFull else { throw RoutingError.tooManyWindows(limit: windows.limit) }
        let before = windows.front
        let window = windows.open()
        do {
            guard let navigator = navigator(of: window) else { throw RoutingError.windowReleased }
            if navigator.isGatePassed {
                try await navigator.openTabs()
            } else if let gate = navigator.gatePlace {
                try await navigator.show([gate], inTab: nil, cause: .command)
            }
        } catch {
            abandon(window, for: before)
            throw error
        }
        return window
    }

    /// Closes `window`, a new one whose first screen or link failed, and brings `before` back
    /// in front: a failed open leaves the windows as they were.
    private func abandon(_ window: Window, for before: Window) {
        try? windows.close(window)
        windows.bringForward(before)
    }

    // MARK: - Choosing a window

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
    /// link's tab) and the link hands no query items to a place before its last: otherwise the
    /// link opens in the window in front, as it would with one window.
    public func choice(for link: ResolvedLink, newWindow: Bool = false) -> (window: Window?, choice: Choice) {
        if newWindow { return (nil, .newWindow) }
        let front = windows.front
        let decision = self.front.decision(for: link)
        guard decision == .passes else {
            return (front, decision == .waits ? .waitsInFront : .front(showsPlace: false))
        }
        if shows(link, in: front) != nil { return (front, .front(showsPlace: true)) }
        var below: (window: Window, number: Int)?
        for (index, window) in windows.all.enumerated() {
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
    private func shows(_ link: ResolvedLink, in window: Window) -> Bool? {
        guard let state = navigator(of: window)?.state, let place = link.target.last else { return nil }
        for items in link.items.dropLast() where !items.isEmpty { return nil }
        let path = state.path
        guard let index = path.lastIndex(of: place), index > 0 || link.target.count == 1 else { return nil }
        // A link that names its tab is that tab's root and the places after it; one that does not
        // (`chat/bob`) opens after whichever tab's root shows it.
        if link.tab != nil, link.tabChoice != .named, state.isTabbed {
            guard index > 0, path[1...index].elementsEqual(link.target.dropFirst()) else { return nil }
        } else {
            guard path[...index].elementsEqual(link.target) else { return nil }
        }
        return index == path.count - 1
    }

    /// The window `link` would open in and why, and what opening it there would do: what
    /// `open(_:newWindow:)` then does, step for step.
    public func explain(_ text: String, newWindow: Bool = false) async -> (
        window: Window?, choice: Choice?, explanation: LinkExplanation
    ) {
        guard let link = try? await front.resolve(text) else { return (nil, nil, await front.explain(text)) }
        let (window, choice) = self.choice(for: link, newWindow: newWindow)
        if newWindow { return (nil, choice, await front.explain(text, from: front.newWindowState)) }
        let navigator = window.flatMap { self.navigator(of: $0) } ?? front
        return (window, choice, await navigator.explain(text))
    }

    /// Opens `link` in the window the rule chooses, bringing it forward. A new window whose link
    /// fails is closed again: a failed open leaves the windows as they were.
    /// - Returns: the window, the choice, and how the link went there.
    /// - Throws: `LinkFailure`, as `LinkNavigator.open(_:)` does.
    public func open(_ link: ResolvedLink, newWindow: Bool = false) async throws(LinkFailure) -> (
        window: Window, choice: Choice, outcome: LinkOutcome
    ) {
        let (chosen, choice) = self.choice(for: link, newWindow: newWindow)
        switch choice {
        case .newWindow:
            let before = windows.front
            let window: Window
            do { window = try await openWindow() } catch {
                throw .noNewWindow(error)
            }
            do throws(LinkFailure) {
                let navigator = navigator(of: window) ?? front
                return (window, choice, try await navigator.open(link))
            } catch {
                abandon(window, for: before)
                throw error
            }
        case .shownIn:
            guard let window = chosen, let navigator = navigator(of: window) else { break }
            windows.bringForward(window)
            // Resolved again there, as `explain` does: a link that names no tab opens in the tab
            // that window shows.
            return (window, choice, try await navigator.open(try await navigator.resolve(link.text)))
        case .front, .waitsInFront:
            break
        }
        return (windows.front, choice, try await front.open(link))
    }
}
