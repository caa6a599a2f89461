/// The screens on display: a root navigation stack, and a chain of modal stacks presented one
/// on top of the other. Navigation as state (seed 002), in one object that a front renders.
///
/// The window owns its screens. Routers and transitions point at them weakly, so a screen that
/// leaves the window is released together with its presenter, interactor and router.
@MainActor
public final class Window {
    /// One navigation stack: the root, or a modal with the screens pushed on it.
    struct Stack {
        var entries: [Entry]
        /// The screen that was on top when this modal was presented; `nil` for the root.
        let presenter: ObjectIdentifier?

        var screens: [any Screen] { entries.map(\.screen) }
    }

    /// A screen on display, with the router that opened it, held weakly: the screen's presenter
    /// owns it. The router leaves the window with its screen.
    struct Entry {
        let screen: any Screen
        weak var router: (any RouterProtocol)?
    }

    private(set) var stacks: [Stack] = []

    /// The load in flight, if any: its number, and how to cancel it.
    private var loading: (number: Int, cancel: @MainActor () -> Void)?
    private var loadsStarted = 0

    /// Shows how screens arrive and leave, unless a transition brings its own animator.
    public var animator: (any Animator)?

    public init(animator: (any Animator)? = nil) {
        self.animator = animator
    }

    // MARK: - Reading

    /// The screen the user sees and talks to.
    public var topScreen: (any Screen)? { stacks.last?.entries.last?.screen }

    /// Every screen in the window, from the bottom of the root stack to the top-most one.
    public var screens: [any Screen] { stacks.flatMap(\.screens) }

    /// Whether `screen` is in the window.
    public func contains(_ screen: any Screen) -> Bool { position(of: screen) != nil }

    /// The router that opened `screen` through `RouterProtocol.open(_:of:transition:)`, while the
    /// screen is in the window: how a front or a link handler reaches the routes of the screen
    /// on top without the screen knowing its router.
    public func router(of screen: any Screen) -> (any RouterProtocol)? {
        position(of: screen).flatMap { stacks[$0.stack].entries[$0.index].router }
    }

    /// The window as a value: the titles of every stack.
    public var state: NavigationState {
        NavigationState(
            root: stacks.first.map { $0.screens.map(\.title) } ?? [],
            modals: stacks.dropFirst().map { $0.screens.map(\.title) }
        )
    }

    // MARK: - Changing

    /// Makes `screen` the only screen: the root of a new root stack, with no modals.
    /// - Throws: `RoutingError.alreadyInWindow` if `screen` is shown already.
    public func replaceRoot(with screen: any Screen) throws(RoutingError) {
        try requireAbsent(screen)
        cancelLoad()
        stacks = [Stack(entries: [Entry(screen: screen)], presenter: nil)]
    }

    /// Pushes `screen` on top of the stack that holds `source`.
    /// - Throws: `RoutingError` if `source` is not shown or `screen` is shown already.
    public func push(_ screen: any Screen, from source: any Screen) throws(RoutingError) {
        try requireAbsent(screen)
        guard let (stack, _) = position(of: source) else { throw .notInWindow(screen: source.title) }
        cancelLoad()
        stacks[stack].entries.append(Entry(screen: screen))
    }

    /// Presents `screen` modally, on top of the top-most screen, as the first screen of a new
    /// stack.
    /// - Throws: `RoutingError` if `source` is not shown or `screen` is shown already.
    public func present(_ screen: any Screen, from source: any Screen) throws(RoutingError) {
        try requireAbsent(screen)
        guard contains(source), let top = topScreen else { throw .notInWindow(screen: source.title) }
        cancelLoad()
        stacks.append(Stack(entries: [Entry(screen: screen)], presenter: ObjectIdentifier(top)))
    }

    /// Pops `screen` off its stack, with every screen pushed above it and every modal they
    /// present. Screens above `screen` go with it: closing closes *that* screen, wherever it is.
    /// - Throws: `RoutingError` if `screen` is not shown or is the first screen of its stack.
    public func pop(_ screen: any Screen) throws(RoutingError) {
        guard let (stack, index) = position(of: screen) else { throw .notInWindow(screen: screen.title) }
        guard index > 0 else { throw .notPushed(screen: screen.title) }
        cancelLoad()
        let leaving = stacks[stack].entries[index...]
        if stack + 1 < stacks.count, let presenter = stacks[stack + 1].presenter,
            leaving.contains(where: { ObjectIdentifier($0.screen) == presenter })
        {
            stacks.removeSubrange((stack + 1)...)
        }
        stacks[stack].entries.removeSubrange(index...)
    }

    /// Dismisses the modal stack that `screen` opened, with every modal presented above it.
    /// - Throws: `RoutingError` if `screen` is not shown or was not presented modally.
    public func dismiss(_ screen: any Screen) throws(RoutingError) {
        guard let (stack, index) = position(of: screen) else { throw .notInWindow(screen: screen.title) }
        guard stack > 0, index == 0 else { throw .notPresented(screen: screen.title) }
        cancelLoad()
        stacks.removeSubrange(stack...)
    }

    /// Records that `router` opened `screen`, while `screen` is in the window.
    func register(_ router: any RouterProtocol, for screen: any Screen) {
        guard let (stack, index) = position(of: screen) else { return }
        stacks[stack].entries[index].router = router
    }

    /// Provides a screen that takes time and may fail (seed 000's provider), such as a module
    /// that loads its data before it is shown.
    ///
    /// One load is in flight per window, and the newest navigation wins: a newer load, or any
    /// change to the window, cancels the load in flight. A cancelled load opens nothing: it
    /// throws `RoutingError.superseded`, even if its provider finished anyway, so what it
    /// built is released.
    /// - Throws: the provider's error, or `RoutingError.superseded`.
    public func load<V: Sendable>(_ provide: @escaping @MainActor () async throws -> V) async throws -> V {
        cancelLoad()
        loadsStarted += 1
        let number = loadsStarted
        let task = Task { @MainActor in try await provide() }
        loading = (number, { task.cancel() })
        defer {
            if loading?.number == number { loading = nil }
        }
        let value: V
        do {
            value = try await withTaskCancellationHandler {
                try await task.value
            } onCancel: {
                task.cancel()
            }
        } catch {
            throw task.isCancelled ? RoutingError.superseded : error
        }
        guard !task.isCancelled else { throw RoutingError.superseded }
        return value
    }

    /// Whether a load is in flight.
    public var isLoading: Bool { loading != nil }

    private func cancelLoad() {
        loading?.cancel()
        loading = nil
    }

    /// Lets `animator`, or else the window's own animator, show a change that just happened.
    public func animate(_ motion: Motion, of screen: any Screen, with animator: (any Animator)?) {
        (animator ?? self.animator)?.animate(motion, of: screen)
    }

    // MARK: - Private

    private func position(of screen: any Screen) -> (stack: Int, index: Int)? {
        for (stack, entry) in stacks.enumerated().reversed() {
            if let index = entry.entries.firstIndex(where: { $0.screen === screen }) {
                return (stack, index)
            }
        }
        return nil
    }

    private func requireAbsent(_ screen: any Screen) throws(RoutingError) {
        if contains(screen) { throw .alreadyInWindow(screen: screen.title) }
    }
}
