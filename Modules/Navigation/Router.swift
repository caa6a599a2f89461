/// Something that opens modules: a screen's router, or a `RootOpener`, which has no screen.
@MainActor
public protocol RouterProtocol: AnyObject {
    /// The window the modules it opens go into.
    var window: Window? { get }
    /// The screen new modules open from; `nil` for a router that can only open roots.
    var sourceScreen: (any Screen)? { get }
    /// The navigator that built its module, which opens the routes it follows.
    var navigator: Navigator? { get }

    /// Opens `route` through its navigator: its place's module is built once and opened by the
    /// transition this router gives the route. A spy records it.
    /// `checked` is what the place's check read, when a link checked it already.
    /// - Throws: `RoutingError.windowReleased` without a navigator; what `Navigator.open` throws.
    func open(_ route: Route, checked: (any Sendable)?) async throws
}

extension RouterProtocol {
    public var navigator: Navigator? { nil }

    public func open(_ route: Route, checked: (any Sendable)? = nil) async throws {
        guard let navigator else { throw RoutingError.windowReleased }
        try await navigator.open(route, from: self, checked: checked)
    }
}

/// A router whose module can close itself (the `Closable` of the router-and-transition pattern).
@MainActor
public protocol Closable: AnyObject {
    /// Closes this module by reversing the transition that opened it.
    /// - Throws: `RoutingError` when there is nothing this router can close.
    func close() throws(RoutingError)

    /// Closes this module after asking every screen that would leave with it and has work to
    /// lose (`LeaveConfirming`): what `back` calls.
    /// - Returns: `false` when one refused: nothing changed.
    func closeAsking() async throws(RoutingError) -> Bool

    /// What asks before the module's screen leaves, when the router does; `nil` by default.
    var leaveConfirming: (any LeaveConfirming)? { get }

    /// What keeps the module's state, when the router does (`StateRestoring`); `nil` by default.
    var stateRestoring: (any StateRestoring)? { get }
}

extension Closable {
    public var leaveConfirming: (any LeaveConfirming)? { nil }
    public var stateRestoring: (any StateRestoring)? { nil }
}

extension RouterProtocol {
    /// Opens `screen`, which shows `place`, from this router's screen through `transition`.
    /// - Throws: `RoutingError` when the window is gone or cannot take the screen.
    public func open(_ screen: any Screen, as place: some Place, transition: any Transition)
        throws(RoutingError)
    {
        guard let window else { throw .windowReleased }
        try transition.open(screen, as: AnyPlace(place), from: sourceScreen, in: window)
    }

    /// Opens a module: shows `view` as its router's place through `transition`, then attaches
    /// them to the router, so its `close()` reverses this opening.
    public func open<V: Screen>(_ view: V, of router: Router<V>, transition: any Transition) throws(RoutingError) {
        guard let window else { throw .windowReleased }
        try open(view, of: router, transition: transition, in: window, from: sourceScreen)
    }

    private func open<V: Screen>(
        _ view: V, of router: Router<V>, transition: any Transition, in window: Window, from source: (any Screen)?
    ) throws(RoutingError) {
        try transition.open(view, as: router.place, from: source, in: window)
        router.attach(view, window: window, transition: transition, navigator: navigator)
        window.register(router, for: view)
    }

    /// Provides a module's screen, then opens it. The window's loader loads it (`provide`) as
    /// `policy` says; past `policy.placeholderAfter`, a `PlaceholderScreen` stands in (leaving it
    /// stops the load). With `whenShown: .goBack`, a screen for the place already in this stack
    /// is returned to instead (those above it close, asking first).
    /// - Throws: the load's error, or `RoutingError` from opening; nothing is opened then.
    public func open<V: Screen & Sendable>(
        _ router: Router<V>,
        transition: any Transition,
        whenShown: WhenShown = .openAnother,
        policy: LoadPolicy = .standard,
        provide: @escaping @MainActor () async throws -> V,
        fallback: (@MainActor () async throws -> V)? = nil
    ) async throws {
        guard let window else { throw RoutingError.windowReleased }
        if whenShown == .goBack, let source = sourceScreen,
            let shown = window.state.shown(router.place, inStackOf: source)
        {
            guard let above = shown.above else { return }
            guard let closing = window.state.router(of: above) else {
                throw RoutingError.noOpeningTransition(screen: above.title)
            }
            _ = try await closing.closeAsking()
            return
        }
        let source = sourceScreen
        guard let threshold = policy.placeholderAfter, window.loader.showsPlaceholders else {
            let view = try await window.loader.load(policy, from: source, provide: provide, fallback: fallback)
            try open(view, of: router, transition: transition, in: window, from: source)
            return
        }
        // A timer (the policy's watch) shows a placeholder if the load is still in flight then.
        let stand = Router<PlaceholderScreen>(place: router.place)
        let number = window.loader.loadsStarted + 1
        let clock = window.loader.clock
        let timer = Task { @MainActor [weak window] in
            try? await LoadWatch.$isWatching.withValue(true) { try await clock.sleep(for: threshold) }
            guard !Task.isCancelled, let window, window.loader.loading?.number == number else { return }
            window.publish(.loadShowsPlaceholder(number: number, after: threshold))
            do {
                try window.loader.showingPlaceholder { () throws(RoutingError) in
                    let placeholder = PlaceholderScreen(for: stand.place)
                    try self.open(placeholder, of: stand, transition: transition)
                    return placeholder
                }
            } catch {
                window.loader.stop()
            }
        }
        defer { timer.cancel() }
        let view: V
        do {
            view = try await window.loader.load(policy, from: source, provide: provide, fallback: fallback)
        } catch {
            if let placeholder = stand.view, window.state.contains(placeholder) { try? stand.close() }
            throw error
        }
        timer.cancel()
        guard let placeholder = stand.view else { return try open(view, of: router, transition: transition) }
        guard window.state.contains(placeholder) else { throw RoutingError.superseded }
        try window.replace(placeholder, with: view, router: router)
        router.attach(view, window: window, transition: transition, navigator: navigator)
    }
}

/// What a route does when its stack shows its place already (Chat @bob > Profile @bob, then
/// `message`): go back to that screen, or stack another.
public enum WhenShown: Hashable, Sendable {
    /// Return to the screen shown, closing those above it (what a link naming a place twice does).
    case goBack
    case openAnother
}

/// The base of every module's router (the `Router<V>` of the router-and-transition pattern): it
/// knows its screen weakly and the transition that opened it strongly, and closes by reversing it.
///
/// A feature subclasses it where a presenter needs routes (`ChatRouter`) and declares the needs
/// (`ChatRouting`); an app subclasses that in one line with the routes that serve them
/// (`AppChatRouter: ChatRouter<…>, ChatRouting, ChatRoutes {}`), or it does not compile.
///
/// `V` is only a class here, not a ``Screen``: on Linux, checking a protocol requirement when a
/// type's metadata is made scans every conformance, once per router type at launch (Performance).
@MainActor
open class Router<V: AnyObject>: RouterProtocol, Closable {
    /// The module's screen. The window owns it; the router must not keep it alive.
    public var view: V? { screen as? V }
    /// The module's screen as a ``Screen``, kept (weakly) when it is attached.
    private weak var screen: (any Screen)?
    /// The window the module was opened into.
    public internal(set) weak var window: Window?
    /// The transition that opened the module; `close()` reverses it.
    public internal(set) var openTransition: (any Transition)?
    /// The navigator that built the module (or its opener's): what opens its screen's routes.
    public internal(set) var navigator: Navigator?
    /// What the module's screen shows, in its feature's terms.
    public let place: AnyPlace

    /// - Parameter place: a value of its feature's place type (`ChatPlace.chat(bob)`).
    public init(place: some Place) {
        self.place = AnyPlace(place)
    }

    public var sourceScreen: (any Screen)? { screen }

    /// `nil`: the screen asks, if anything does. A router that asks itself returns `self`.
    open var leaveConfirming: (any LeaveConfirming)? { nil }

    /// `nil`: the screen keeps its state, if anything does. A router that keeps it returns `self`.
    open var stateRestoring: (any StateRestoring)? { nil }

    /// Answers the screen that asked (a picker's) with `value`, written by the answer's
    /// `spelling`: kept first, then this module closes, then the asker receives it (``Answer``).
    /// - Throws: `RoutingError` when the screen asks no question, or cannot close.
    public func answer<Value>(_ value: Value, as spelling: LinkParameter<Value>) async throws {
        guard let navigator else { throw RoutingError.windowReleased }
        try await navigator.answer(spelling.print(value), from: self)
    }

    /// Gives the router its screen (weakly), window, opening transition, and a navigator if none.
    func attach(_ view: V, window: Window, transition: any Transition, navigator: Navigator?) where V: Screen {
        screen = view
        self.window = window
        openTransition = transition
        if self.navigator == nil { self.navigator = navigator }
    }

    open func close() throws(RoutingError) {
        guard let openTransition else { throw .noOpeningTransition(screen: screen?.title ?? "this module") }
        guard let view = screen else { throw .screenReleased }
        guard let window else { throw .windowReleased }
        try openTransition.close(view, in: window)
    }
}
