import Routing

/// Opens links: from whatever the window shows, through legal steps on the routers' `close()`
/// and the route methods only, to exactly the state a link names (navigation as state), across
/// tabs and modals. A guard keeps places for signed-in users behind a gate (Login): a link to
/// them opened before waits there, and opens once the guard is passed (the pending intent).
///
/// It is generic over the app's place type and knows no front: outcomes and failures are values
/// (`LinkOutcome`, `LinkFailure`, `LinkExplanation`), and a front words them. The app declares
/// one `LinkEntry` per destination, and gives the navigator its gate, its guard and how to open
/// a root; a UIKit app does the same.
@MainActor
public final class LinkNavigator<Place: Hashable & Sendable> {
    public let table: RouteTable<Place>
    public let entries: [LinkEntry<Place>]
    private weak var window: Window?
    private let gate: Place
    private let isGuardPassed: @MainActor () -> Bool
    private let openRoot: @MainActor (Place, _ tab: String?) async throws -> Void
    private let validate: @MainActor ([Place]) async throws -> Void

    /// The entries of places asked about lately (`found(_:)`), by place.
    private var foundEntries: [Place: Found] = [:]

    /// The link opened before the guard was passed, waiting for it.
    public private(set) var pending: ResolvedLink<Place>?

    /// - Parameters:
    ///   - scheme: the links' scheme: `waypoint`.
    ///   - parameterTypes: the types the patterns' parameters may have.
    ///   - entries: one per destination.
    ///   - window: the window it navigates.
    ///   - gate: the place a guarded link waits behind (Login).
    ///   - isGuardPassed: whether the guard is passed now (a user is signed in).
    ///   - openRoot: opens a root place (an entry with the `.root` role), as the first screen of
    ///     `tab` when it names one.
    ///   - validate: the app's checks of a link's places, run once the guard is passed (does
    ///     this user exist?); before, links reveal nothing.
    /// - Throws: `RouteTableError` for a table that cannot be built.
    public init(
        scheme: String, parameterTypes: [LinkParameterType], entries: [LinkEntry<Place>], window: Window,
        gate: Place, isGuardPassed: @escaping @MainActor () -> Bool,
        openRoot: @escaping @MainActor (Place, _ tab: String?) async throws -> Void,
        validate: @escaping @MainActor ([Place]) async throws -> Void
    ) throws(RouteTableError) {
        table = try RouteTable(
            scheme: scheme, parameterTypes: parameterTypes,
            routes: entries.map { entry in LinkRoute(entry.pattern, target: entry.place) })
        self.entries = entries
        tabs = entries.compactMap { entry in entry.tab.map { ($0, entry.place(LinkParameters(values: []))) } }
        self.window = window
        self.gate = gate
        self.isGuardPassed = isGuardPassed
        self.openRoot = openRoot
        self.validate = validate
    }

    // MARK: - Reading

    /// The window as a value of places; `nil` without a window, or if a screen's place is of
    /// another type.
    public var state: NavigationState<Place>? {
        guard let window else { return nil }
        // A link reads the state several times (its tab, its plan, where it is); it is made
        // again only after the window changed.
        if let read = stateRead, read.changes == window.changes { return read.state }
        let state = window.state(of: Place.self)
        stateRead = (window.changes, state)
        return state
    }

    /// The state as last read, and the window's count of changes then.
    private var stateRead: (changes: Int, state: NavigationState<Place>?)?

    /// The tabs the entries declare, in order, with the place of each one's first screen.
    public let tabs: [(name: String, root: Place)]

    /// The entry of `place`, with its parameters.
    public func entry(for place: Place) -> (entry: LinkEntry<Place>, parameters: LinkParameters)? {
        found(place).map { (entries[$0.index], $0.parameters) }
    }

    /// Where `place`'s entry is (the table's pattern for it is at the same index), with its
    /// parameters.
    private func found(_ place: Place) -> Found? {
        if let known = foundEntries[place] { return known }
        for (index, entry) in entries.enumerated() {
            guard let parameters = entry.parameters(place) else { continue }
            // Every `where`, plan and link asks this of the places shown: remember a few.
            if foundEntries.count >= Self.foundLimit { foundEntries.removeAll(keepingCapacity: true) }
            let found = Found(index: index, parameters: parameters)
            foundEntries[place] = found
            return found
        }
        return nil
    }

    /// Where a place's entry is, with the place's parameters.
    private struct Found {
        let index: Int
        let parameters: LinkParameters
    }

    /// How many places' entries are remembered at most.
    private static var foundLimit: Int { 256 }

    /// Whether `next` may follow `previous` in a link: the router class that runs `previous`'s
    /// screen adopts the route that opens `next` (derived from the routers' compositions).
    public func canFollow(_ next: Place, after previous: Place) -> Bool {
        guard let previous = entry(for: previous)?.entry, let next = entry(for: next)?.entry else { return false }
        return previous.opens(next)
    }

    /// `place`'s part of a link: `chat/bob`; `nil` for a place no entry declares.
    public func path(of place: Place) -> String? {
        guard let found = found(place) else { return nil }
        let (index, parameters) = (found.index, found.parameters)
        return table.patterns[index].segments.map { segment in
            switch segment {
            case .constant(let text): text
            case .parameter(let name, _): parameters[name]
            }
        }.joined(separator: "/")
    }

    /// The places `path` names, each as `path(of:)` writes it (`friends/chat/bob`), with no tab,
    /// guard or check applied: how a state kept as paths is read back.
    /// - Returns: the places, or `nil` when the path does not match.
    public func places(atPath path: String) -> [Place]? {
        guard let matches = try? table.resolve("\(table.scheme)://\(path)") else { return nil }
        return matches.map { $0.target }
    }

    /// The link of what the user sees: in tabs, with the tab's name first
    /// (`waypoint://chats/chat/bob`); a root that is no tab is left implied when something
    /// follows it (`waypoint://signup`). `nil` when nothing is shown or a place has no entry.
    public var currentLink: String? {
        guard let places = state?.path, let first = places.first, let root = entry(for: first) else { return nil }
        let shown = places.count > 1 && root.entry.tab == nil ? places.dropFirst() : places[...]
        let paths = shown.compactMap(path(of:))
        guard paths.count == shown.count else { return nil }
        return "\(table.scheme)://" + paths.joined(separator: "/")
    }

    /// The tab a guarded link whose first place is `first` opens in, when it names no tab: the
    /// tab shown, if its first screen opens `first`; else the first tab whose first screen does.
    /// - Returns: the tab, its first place and why; `nil` when no tab's first screen opens it.
    public func tab(for first: Place) -> (name: String, root: Place, choice: TabChoice)? {
        guard let next = entry(for: first)?.entry else { return nil }
        let opens = { (root: Place) in self.entry(for: root)?.entry.opens(next) ?? false }
        let shown = state?.selectedTab
        if let shown, let tab = tabs.first(where: { $0.name == shown }), opens(tab.root) {
            return (tab.name, tab.root, .shown)
        }
        guard let tab = tabs.first(where: { opens($0.root) }) else { return nil }
        return (tab.name, tab.root, .firstThatOpens(shownCannot: shown))
    }

    // MARK: - Resolving

    /// Checks `text` without navigating.
    /// - Parameters:
    ///   - text: the link.
    ///   - fromHere: whether the link opens from the screen on top when that screen's router
    ///     can open its first place (a link followed from a chat message opens on the chat's
    ///     stack); else, and by default, it names a whole state, as any link does.
    /// - Returns: the link, resolved: its places, tab and guard.
    /// - Throws: `LinkFailure` naming the first problem.
    public func resolve(_ text: String, fromHere: Bool = false) async throws(LinkFailure<Place>) -> ResolvedLink<
        Place
    > {
        let matches: LinkMatches<Place>
        do { matches = try table.resolve(text) } catch { throw .link(error) }
        guard let first = matches.first?.target, let firstEntry = entry(for: first)?.entry else {
            throw .link(.noPath(scheme: table.scheme))
        }
        var target = matches.map { $0.target }
        var tab: String?
        var choice: TabChoice?
        let here = state?.path ?? []
        switch firstEntry.role {
        case .opened where fromHere && here.last.map({ canFollow(first, after: $0) }) == true:
            (tab, choice, target) = (state?.selectedTab, state?.selectedTab == nil ? nil : .shown, here + target)
        case .root(let named):
            (tab, choice) = (named, named == nil ? nil : .named)
        case .opened where firstEntry.access == .guarded && !tabs.isEmpty:
            guard let found = self.tab(for: first) else { throw .cannotFollow(first, after: nil) }
            (tab, choice, target) = (found.name, found.choice, [found.root] + target)
        case .opened:
            let isRoot = { (entry: LinkEntry<Place>) in if case .root(nil) = entry.role { true } else { false } }
            guard let root = entries.first(where: { isRoot($0) && $0.opens(firstEntry) }) else {
                throw .cannotFollow(first, after: nil)
            }
            target = [root.place(LinkParameters(values: []))] + target
        }
        let limit = window?.maximumDepth ?? Window.standardDepthLimit
        guard target.count <= limit else { throw .tooDeep(count: target.count, limit: limit) }
        var access = LinkAccess.unguarded
        for (previous, next) in zip([Place?.none] + target.map(Optional.some), target) {
            guard let nextEntry = entry(for: next)?.entry else { throw .cannotFollow(next, after: previous) }
            if nextEntry.access == .guarded { access = .guarded }
            guard let previous else { continue }
            guard let previousEntry = entry(for: previous)?.entry, previousEntry.opens(nextEntry) else {
                throw .cannotFollow(next, after: previous)
            }
        }
        // Every place the link names is checked, each after the one named before it, whatever
        // going back later does with it: a place that will close again is named all the same.
        if isGuardPassed() {
            do { try await validate(target) } catch { throw .invalid(error) }
        }
        let (shown, returnsTo) = Self.goingBack(target)
        return ResolvedLink(
            text: "\(table.scheme)://" + matches.map { $0.path }.joined(separator: "/"), matches: matches,
            target: shown,
            tab: tab, tabChoice: choice, access: access, returnsTo: returnsTo)
    }

    /// A target with the rule routes follow (`WhenShown.goBack`) applied: a place named again
    /// goes back to where it was, so what followed it closes, instead of a copy being stacked.
    /// - Returns: the places shown, and each place gone back to, in the order named.
    public static func goingBack(_ target: [Place]) -> (shown: [Place], returnsTo: [Place]) {
        var shown: [Place] = []
        var returnsTo: [Place] = []
        for place in target {
            if let index = shown.firstIndex(of: place) {
                shown.removeSubrange((index + 1)...)
                returnsTo.append(place)
            } else {
                shown.append(place)
            }
        }
        return (shown, returnsTo)
    }

    // MARK: - Opening

    /// What the guard does with `link` now.
    public func decision(for link: ResolvedLink<Place>) -> LinkGuardDecision {
        switch (link.access, isGuardPassed()) {
        case (.guarded, false): .waits
        case (.unguarded, true): .refused
        default: .passes
        }
    }

    /// Resolves `text`, then opens it.
    /// - Throws: `LinkFailure`; for a link that does not resolve, nothing has changed.
    @discardableResult
    public func open(_ text: String) async throws(LinkFailure<Place>) -> LinkOutcome {
        try await open(resolve(text))
    }

    /// Opens a resolved link: guards it, plans the steps from the window's state, runs them.
    /// - Throws: `LinkFailure.refused` (nothing changes), or `.stepFailed` when a route fails on
    ///   the way (the window keeps what the earlier steps reached).
    @discardableResult
    public func open(_ link: ResolvedLink<Place>) async throws(LinkFailure<Place>) -> LinkOutcome {
        switch decision(for: link) {
        case .passes:
            return try await show(link.target, inTab: link.tab)
        case .waits:
            let replaced = pending.flatMap { $0.text == link.text ? nil : $0.text }
            if case .stayed(let screen) = try await show([gate], inTab: nil) { return .stayed(screen: screen) }
            pending = link
            return .waitingBehindGate(replacing: replaced)
        case .refused:
            throw .refused(link: link.text)
        }
    }

    /// Shows the tab `name` as it was left; the modals over the tabs close first (asking, if
    /// one has work to lose).
    /// - Returns: `.opened`, `.alreadyThere`, or `.stayed` when a screen refused to leave.
    /// - Throws: `LinkFailure.noTabs` or `.unknownTab` (nothing changes), or `.stepFailed`.
    @discardableResult
    public func switchTab(to name: String) async throws(LinkFailure<Place>) -> LinkOutcome {
        guard let state, state.isTabbed else { throw .noTabs }
        guard let stack = state.stack(ofTab: name) else { throw .unknownTab(name, tabs: state.tabs.map { $0.name }) }
        return try await show(stack, inTab: name)
    }

    /// The plan from the window's state to `target`, in the tab `tab`, each step with the screens
    /// above a closed one and the places that would ask before leaving.
    public func plan(to target: [Place], inTab tab: String?) -> [PlannedStep<Place>] {
        plannedSteps(to: target, inTab: tab).map { $0.step }
    }

    /// The plan, each step with the screens it would take out of the window.
    private func plannedSteps(to target: [Place], inTab tab: String?) -> [(
        step: PlannedStep<Place>, removes: [any Screen]
    )] {
        let current = state ?? NavigationState(root: [])
        let plan = NavigationPlan(from: current, to: target, inTab: tab)
        var shown = current.path
        var screens = window?.shownScreens ?? []
        return plan.steps.map { step in
            var above = 0
            var removes: [any Screen] = []
            switch step {
            case .replaceRoot(let place):
                shown = [place]
                removes = window?.screens ?? []
                screens = []
            case .selectTab(let name):
                shown = current.stack(ofTab: name) ?? []
                screens = window?.screens(ofTab: name) ?? []
            case .close(let index, _):
                above = max(0, shown.count - index - 1)
                shown = Array(shown.prefix(index))
                removes = Array(screens.dropFirst(index))
                screens = Array(screens.prefix(index))
            case .open(let place, _):
                shown.append(place)
            }
            let asking = window.map { window in
                window.screensAsking(among: removes).compactMap { window.place(of: $0)?.as(Place.self) }
            }
            return (PlannedStep(step: step, above: above, asking: asking ?? []), removes)
        }
    }

    /// Shows `target`, in the tab `tab`, from whatever the window shows: every screen the plan
    /// would take away that has work to lose is asked first, before any step runs, so a
    /// refusal leaves the window exactly as it was; then the steps run, through the routers'
    /// `close()` and route methods. What links, tab switches and an app's own jumps (sign-out's
    /// new root) go through.
    /// - Returns: `.opened`, `.alreadyThere`, or `.stayed` with the screen that refused.
    /// - Throws: `LinkFailure.stepFailed` when a route fails on the way (the window keeps what
    ///   the earlier steps reached).
    @discardableResult
    public func show(_ target: [Place], inTab tab: String?) async throws(LinkFailure<Place>) -> LinkOutcome {
        let steps = plannedSteps(to: target, inTab: tab)
        guard !steps.isEmpty else { return .alreadyThere }
        if let window, let refusing = await window.refusal(among: steps.flatMap { $0.removes }) {
            return .stayed(screen: refusing.title)
        }
        for planned in steps {
            do {
                try await run(planned.step.step)
            } catch {
                throw .stepFailed(planned.step, reason: error)
            }
        }
        return .opened
    }

    private func run(_ step: NavigationPlan<Place>.Step) async throws {
        guard let window else { throw RoutingError.windowReleased }
        switch step {
        case .replaceRoot(let place):
            guard let entry = entry(for: place)?.entry, case .root(let tab) = entry.role else {
                throw LinkFailure.cannotFollow(place, after: nil)
            }
            try await openRoot(place, tab)
        case .selectTab(let name):
            try window.select(tab: name)
        case .close(let index, _):
            let screens = window.shownScreens
            guard index < screens.count else { throw RoutingError.notInWindow(screen: "screen \(index + 1)") }
            guard let router = window.router(of: screens[index]) as? any Closable else {
                throw RoutingError.noOpeningTransition(screen: screens[index].title)
            }
            try router.close()
        case .open(let place, let source):
            guard let top = window.topScreen, let router = window.router(of: top) else { throw RoutingError.noSource }
            guard let (entry, parameters) = entry(for: place), case .opened(let opener) = entry.role,
                try await opener.open(router, parameters)
            else { throw LinkFailure.cannotFollow(place, after: source) }
        }
    }

    // MARK: - The pending intent

    /// Opens the link that waited behind the gate, now that the guard is passed.
    /// - Returns: the link and how opening it went; `nil` when none waited.
    public func continuePending() async -> (link: String, result: Result<LinkOutcome, LinkFailure<Place>>)? {
        guard let link = pending else { return nil }
        pending = nil
        do throws(LinkFailure<Place>) {
            return (link.text, .success(try await open(resolve(link.text))))
        } catch {
            return (link.text, .failure(error))
        }
    }

    /// Drops the pending link.
    /// - Returns: the link dropped, if there was one.
    public func dropPending() -> String? {
        defer { pending = nil }
        return pending?.text
    }

    // MARK: - Explaining

    /// What opening `text` would do, without doing it: the patterns matched and their
    /// parameters, the guard, the tab and the steps; or why it cannot be opened.
    public func explain(_ text: String) async -> LinkExplanation<Place> {
        let link: ResolvedLink<Place>
        do throws(LinkFailure<Place>) {
            link = try await resolve(text)
        } catch {
            return LinkExplanation(text: text, result: .fails(error))
        }
        let decision = decision(for: link)
        switch decision {
        case .refused:
            return LinkExplanation(text: link.text, result: .refused(link))
        case .passes:
            return LinkExplanation(
                text: link.text,
                result: .runs(
                    link, decision: decision, from: state, steps: plan(to: link.target, inTab: link.tab),
                    target: link.target, after: nil))
        case .waits:
            return LinkExplanation(
                text: link.text,
                result: .runs(
                    link, decision: decision, from: state, steps: plan(to: [gate], inTab: nil), target: [gate],
                    after: link.target))
        }
    }
}
