/// What a screen's presenter holds its router as: its module can close itself (the `Closable`
/// of the router-and-transition pattern), follow what its screen offers, and answer the screen
/// that asked. A feature's needs protocol (`ChatRouting`) adds what it asks of its host.
@MainActor
public protocol Routing: Closable {
    /// Opens what the screen's offer for `action` opens (`Offer`), with `argument`, the segments
    /// its parameters read (none for a fixed route): how a presenter performs an action, through
    /// the same table links follow.
    /// - Throws: `RoutingError.leftOut` for an action with no offer, the load's error, or
    ///   `RoutingError` from opening; nothing is opened then.
    func follow(_ action: String, argument: [String]) async throws
    /// Answers the screen that asked (a picker's) with `text`: kept first, then this module
    /// closes, then the asker receives it (``Answer``).
    /// - Throws: `RoutingError` when the screen asks no question, or cannot close.
    func answer(_ text: String) async throws
}

/// A module's router with the app's places: what a route protocol extends (`ChatRoute`), so its
/// static route methods make routes to the app's places.
@MainActor
public protocol RouterProtocol<Places>: Routing {
    associatedtype Places: AppPlaces
    /// The window the module is in: what prints the app's links.
    var window: Window<Places>? { get }
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

    /// Closes without asking: what a closable that is not a `Router` (a test's spy) does.
    public func closeAsking() async throws(RoutingError) -> Bool {
        try close()
        return true
    }
}

/// The base of every module's router (the `Router<V>` of the router-and-transition pattern): it
/// knows its screen weakly and the transition that opened it strongly, and closes by reversing it.
///
/// A feature subclasses it where a presenter needs routes (`ChatRouter`) and declares the needs
/// (`ChatRouting`); an app subclasses that in one line with the routes that serve them
/// (`AppChatRouter: ChatRouter<…>, ChatRouting, ChatRoutes {}`), or it does not compile.
@MainActor
open class Router<V: AnyObject, Places: AppPlaces>: RouterProtocol {
    /// The module's screen. The window owns it; the router must not keep it alive.
    public private(set) weak var view: V?
    /// The same screen, as a `Screen`.
    private(set) weak var screen: (any Screen)?
    /// The window the module was opened into.
    public internal(set) weak var window: Window<Places>?
    /// The transition that opened the module; `close()` reverses it.
    public internal(set) var openTransition: (any Transition)?
    /// What the module's screen shows.
    public let place: Places

    public init(place: Places) {
        self.place = place
    }

    /// `nil`: the screen asks, if anything does. A router that asks itself returns `self`.
    open var leaveConfirming: (any LeaveConfirming)? { nil }

    /// `nil`: the screen keeps its state, if anything does. A router that keeps it returns `self`.
    open var stateRestoring: (any StateRestoring)? { nil }

    /// Gives the router its screen (weakly), window and opening transition.
    func attach(_ view: V, as screen: any Screen, window: Window<Places>, transition: any Transition) {
        self.view = view
        self.screen = screen
        self.window = window
        openTransition = transition
    }

    public func follow(_ action: String, argument: [String] = []) async throws {
        guard let window, let screen else { throw RoutingError.windowReleased }
        try await window.follow(action, argument: argument, from: screen, at: place)
    }

    public func answer(_ text: String) async throws {
        guard let window, let screen else { throw RoutingError.windowReleased }
        try await window.answer(text, from: screen, closing: self)
    }

    /// Answers the screen that asked with `value`, written by the answer's `spelling`.
    public func answer<Value>(_ value: Value, as spelling: LinkParameter<Value>) async throws {
        try await answer(spelling.print(value))
    }

    open func close() throws(RoutingError) {
        guard let openTransition else { throw .noOpeningTransition(screen: screen?.title ?? "this module") }
        guard let view = screen else { throw .screenReleased }
        guard let window else { throw .windowReleased }
        try openTransition.close(view, in: window)
    }

    public func closeAsking() async throws(RoutingError) -> Bool {
        if let view = screen, let window,
            await window.state.screens.refusal(among: window.state.screens.screensRemoved(byClosing: view)) != nil
        {
            return false
        }
        try close()
        return true
    }
}
