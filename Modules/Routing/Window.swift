/// The screens on display: a root container, and a chain of modal stacks presented one on top of
/// the other. Navigation as state, in one object that a front renders.
///
/// The root container is one navigation stack, or tabs: named stacks with one selected, each
/// keeping its screens while another is shown (a tab bar controller). Modals are presented over
/// the whole container, as UIKit presents over a tab bar controller.
///
/// The window owns its screens. Routers and transitions point at them weakly, so a screen that
/// leaves the window is released together with its presenter, interactor and router.
@MainActor
public final class Window {
    /// One navigation stack: the root, a tab, or a modal with the screens pushed on it.
    struct Stack {
        var entries: [Entry]
        /// The screen that was on top when this modal was presented; `nil` for a root stack.
        /// Held weakly and compared by reference: an identifier of a freed object could name
        /// the next object allocated at the same address.
        weak var presenter: (any Screen)?

        var screens: [any Screen] { entries.map { $0.screen } }
    }

    /// A screen on display, with the router that opened it, held weakly: the screen's presenter
    /// owns it. The router leaves the window with its screen.
    struct Entry {
        let screen: any Screen
        /// What the screen shows, in the app's terms.
        let place: AnyPlace
        /// How the transition that opened it animates it, for a front that takes time.
        let animator: any Animator
        weak var router: (any RouterProtocol)?
    }

    /// A stack of the root container: a tab with its name, or the one root stack (no name).
    struct RootStack {
        let name: String?
        var stack: Stack
    }

    /// Where a screen is: in a stack of the root container, or in a modal stack.
    enum Container: Equatable {
        case root(Int)
        case modal(Int)
    }

    var roots: [RootStack] = []
    var selected = 0
    var modals: [Stack] = []
    /// Where each screen in the window is, by identity, kept with every change: finding a screen
    /// costs the same at any depth. Stacks only grow and shrink at their top, so a screen that
    /// stays keeps its position. The entries hold the screens, so no identifier is reused while
    /// it is here.
    var positions: [ObjectIdentifier: (container: Container, index: Int)] = [:]
    /// The child flows waiting for their screen's answer (`Reply`), each ended with no answer
    /// when its screen leaves.
    var waitingReplies: [WaitingReply] = []
    /// How many events the window has published: it changes whenever the window does, so a
    /// reader can keep what it computed from the state until then.
    public private(set) var changes = 0

    /// How many batches are open (`batch(_:)`); changes made meanwhile settle when the outermost
    /// ends.
    var batchDepth = 0
    /// Whether a batch changed the window: only then does its end publish `.settled`.
    var batchChanged = false
    /// The going-back gesture the front drives, while one is under way, and how many began.
    var gesture: BackGesture?
    var gestureCount = 0

    /// The load in flight, if any: its number, how to cancel it, and what its policy lets cancel it.
    var loading: LoadInFlight?
    /// The clock loads measure timeouts, backoff and placeholder thresholds with; a test gives
    /// the window one it moves.
    public var clock: any Clock<Duration> = ContinuousClock()
    /// Whether a load that takes long shows a placeholder (`LoadPolicy.placeholderAfter`): a
    /// front a person watches does; one that reads a script waits for each load instead, so
    /// what it prints does not depend on how fast the machine is.
    public var showsPlaceholders = true
    var loadsStarted = 0
    /// What builds the module of a place a route opens: the kinds of places the window's features
    /// declare (Links' `PlaceCatalog`), which its links set.
    public var catalog: (any PlaceBuilding)?
    /// What the window's host does that the core cannot (print a link, follow one, go on once
    /// the gate is passed); held weakly: the app owns it.
    public weak var host: (any WindowHost)?

    /// Who hears every change, in the order they were added.
    public private(set) var observers: [any NavigationObserver]

    /// The most screens a window shows at once, unless it is given another limit.
    public static let standardDepthLimit = 12

    /// The most screens this window shows at once: the shown root stack (the selected tab's)
    /// and the modals above it. Opening one more fails with `RoutingError.tooDeep`, so every
    /// state the window reaches can be named by a link of the same length limit.
    public let maximumDepth: Int

    /// - Parameters:
    ///   - observers: who hears every change (a front's animations, a log).
    ///   - maximumDepth: the most screens the window shows at once (at least 1).
    public init(observers: [any NavigationObserver] = [], maximumDepth: Int = Window.standardDepthLimit) {
        self.observers = observers
        self.maximumDepth = max(1, maximumDepth)
    }

    /// Adds an observer; it hears every change from now on.
    public func addObserver(_ observer: any NavigationObserver) {
        observers.append(observer)
    }

    /// Removes `observer`, if it is one.
    public func removeObserver(_ observer: any NavigationObserver) {
        observers.removeAll { $0 === observer }
    }

    /// Tells every observer.
    func publish(_ event: NavigationEvent) {
        assert(positionsAreTrue, "the window's index of its screens disagrees with its stacks")
        changes &+= 1
        if batchDepth > 0 { batchChanged = true }
        for observer in observers { observer.window(self, did: event) }
        if case .left(let screen, _) = event {
            if !waitingReplies.isEmpty { declineReplies(of: screen) }
            // Leaving the screen that asked for a load stops it, when its policy says so.
            if let loading, loading.cancelOnLeave, loading.source === screen { stopLoading() }
        }
    }

    // MARK: - Reading

    /// The stacks the user sees: the shown root stack, then each modal.
    private var shownStacks: [Stack] {
        (roots.indices.contains(selected) ? [roots[selected].stack] : []) + modals
    }

    /// The screen the user sees and talks to.
    public var topScreen: (any Screen)? {
        // Read on every line a front handles: no array of the shown stacks is built for it.
        if let modal = modals.last { return modal.entries.last?.screen }
        return roots.indices.contains(selected) ? roots[selected].stack.entries.last?.screen : nil
    }

    /// The screens the user sees, from the bottom of the shown root stack to the top-most one.
    public var shownScreens: [any Screen] { shownStacks.flatMap { $0.screens } }

    /// Every screen the window holds: each root stack's (every tab's, shown or not), then the
    /// modals'.
    public var screens: [any Screen] { (roots.map { $0.stack } + modals).flatMap { $0.screens } }

    /// The screens of the tab `name`'s stack, bottom first; empty for no such tab.
    public func screens(ofTab name: String) -> [any Screen] {
        roots.first { $0.name == name }?.stack.screens ?? []
    }

    /// The names of the tabs, in order; empty when the root is one stack.
    public var tabs: [String] { roots.compactMap { $0.name } }

    /// The name of the tab shown; `nil` when the root is one stack.
    public var selectedTab: String? { roots.indices.contains(selected) ? roots[selected].name : nil }

    /// How many screens the user sees: the shown root stack and the modals.
    public var depth: Int {
        var count = roots.indices.contains(selected) ? roots[selected].stack.entries.count : 0
        for modal in modals { count += modal.entries.count }
        return count
    }

    /// Whether the window shows `maximumDepth` screens: nothing more can be pushed or presented.
    public var isFull: Bool { depth >= maximumDepth }

    /// Whether `screen` is in the window, shown or in a tab that is not.
    public func contains(_ screen: any Screen) -> Bool { position(of: screen) != nil }

    /// The router that opened `screen` through `RouterProtocol.open(_:of:transition:)`, while the
    /// screen is in the window: how a front or a link handler reaches the routes of the screen
    /// on top without the screen knowing its router.
    public func router(of screen: any Screen) -> (any RouterProtocol)? {
        position(of: screen).flatMap { entry(at: $0).router }
    }

    /// How the transition that opened `screen` animates it, if it is in the window: what a front
    /// whose changes take time plays when the screen arrives or leaves.
    public func animator(of screen: any Screen) -> (any Animator)? {
        position(of: screen).map { entry(at: $0).animator }
    }

    /// The place of `screen`, while it is in the window.
    public func place(of screen: any Screen) -> AnyPlace? {
        position(of: screen).map { entry(at: $0).place }
    }

    /// The window as a value of places, the places of every feature in one state: what links,
    /// plans, restoration and tests read.
    public var places: NavigationState<AnyPlace> {
        let tabs = roots.map { NavigationState.Tab(name: $0.name ?? "", stack: $0.stack.entries.map(\.place)) }
        return NavigationState(
            tabs: tabs.isEmpty ? [.init(name: "", stack: [])] : tabs, selected: selected,
            modals: modals.map { $0.entries.map(\.place) })
    }

    /// The window as a value of one feature's places: a program whose screens all show places of
    /// one type reads its state typed.
    /// - Returns: the state, or `nil` if a screen's place is of another type.
    public func state<P: Place>(of type: P.Type) -> NavigationState<P>? {
        let state = places
        func typed(_ stack: [AnyPlace]) -> [P]? {
            let typed = stack.compactMap { $0.as(P.self) }
            return typed.count == stack.count ? typed : nil
        }
        var tabs: [NavigationState<P>.Tab] = []
        for tab in state.tabs {
            guard let stack = typed(tab.stack) else { return nil }
            tabs.append(.init(name: tab.name, stack: stack))
        }
        var modals: [[P]] = []
        for modal in state.modals {
            guard let stack = typed(modal) else { return nil }
            modals.append(stack)
        }
        return NavigationState(tabs: tabs, selected: state.selected, modals: modals)
    }

    /// The window as a value of its screens' titles: what a front that only draws prints.
    public var titles: NavigationState<String> {
        let tabs = roots.map { NavigationState.Tab(name: $0.name ?? "", stack: $0.stack.screens.map { $0.title }) }
        return NavigationState(
            tabs: tabs.isEmpty ? [.init(name: "", stack: [])] : tabs,
            selected: selected,
            modals: modals.map { $0.screens.map { $0.title } }
        )
    }

    // MARK: - Private

    func stack(_ container: Container) -> Stack {
        switch container {
        case .root(let index): roots[index].stack
        case .modal(let index): modals[index]
        }
    }

    private func entry(at position: (container: Container, index: Int)) -> Entry {
        stack(position.container).entries[position.index]
    }

    func position(of screen: any Screen) -> (container: Container, index: Int)? {
        positions[ObjectIdentifier(screen)]
    }

    /// Where each screen is, found by walking every stack: what `positions` is kept equal to.
    func walkedPositions() -> [ObjectIdentifier: (container: Container, index: Int)] {
        var found: [ObjectIdentifier: (container: Container, index: Int)] = [:]
        for (number, root) in roots.enumerated() {
            for (index, entry) in root.stack.entries.enumerated() {
                found[ObjectIdentifier(entry.screen)] = (.root(number), index)
            }
        }
        for (number, modal) in modals.enumerated() {
            for (index, entry) in modal.entries.enumerated() {
                found[ObjectIdentifier(entry.screen)] = (.modal(number), index)
            }
        }
        return found
    }

    /// Whether `positions` says where every screen is, and nothing else: what the debug build
    /// checks after every change.
    var positionsAreTrue: Bool {
        let walked = walkedPositions()
        return walked.count == positions.count
            && walked.allSatisfy { screen, found in positions[screen].map { $0 == found } ?? false }
    }

}
