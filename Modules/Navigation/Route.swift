/// A route as a value: the place a router opens, how it opens, and the route method that made it.
/// A route method returns one (`openChat(with:)` → `Route`), and `open()` follows it; a link
/// compares the place a route names with the place it names, and `explain` and the trace print
/// the method's own name, which Swift gives it (`#function`), so a renamed method renames what
/// they print and nothing else.
@MainActor
public struct Route {
    /// What it opens; `nil` for a need its host leaves out (`leftOut(from:)`).
    public let place: AnyPlace?
    /// How it opens.
    public let transition: any Transition
    /// What happens when the stack it opens from shows `place` already.
    public let whenShown: WhenShown
    /// The route method that made it, as Swift names it: `openChat(with:)`.
    public let method: String
    /// The router it opens from.
    public let source: any RouterProtocol
    /// How it opens when its place is not one the features declare (a step of a flow): builds
    /// the module and opens it. `nil`: the window's catalog builds it (`PlaceBuilding`).
    let build: (@MainActor (Route) async throws -> Void)?

    /// A route to a place its feature declares: the kind of `place` builds its module.
    /// - Parameters:
    ///   - place: what it opens.
    ///   - source: the router it opens from.
    ///   - transition: how.
    ///   - whenShown: what happens when the stack shows `place` already; another is opened by default.
    ///   - method: the route method, as Swift names it; leave it to Swift.
    public init(
        _ place: some Place, from source: any RouterProtocol, transition: any Transition,
        whenShown: WhenShown = .openAnother, method: String = #function
    ) {
        self.init(AnyPlace(place), source, transition, whenShown, method, build: nil)
    }

    /// A route that builds its module itself: a step of a flow, whose place no link names on its
    /// own. `build` gets the route, and opens its module from `source`.
    public init(
        _ place: some Place, from source: any RouterProtocol, transition: any Transition,
        method: String = #function, build: @escaping @MainActor (Route) async throws -> Void
    ) {
        self.init(AnyPlace(place), source, transition, .openAnother, method, build: build)
    }

    private init(
        _ place: AnyPlace?, _ source: any RouterProtocol, _ transition: any Transition, _ whenShown: WhenShown,
        _ method: String, build: (@MainActor (Route) async throws -> Void)?
    ) {
        self.place = place
        self.source = source
        self.transition = transition
        self.whenShown = whenShown
        self.method = method
        self.build = build
    }

    /// The route of a need its host leaves out: it names no place, links never follow it, and
    /// `open()` throws `RoutingError.leftOut`. What a feature's `…Without…` protocol returns.
    public static func leftOut(from source: any RouterProtocol, method: String = #function) -> Route {
        Route(nil, source, PushTransition(), .openAnother, method, build: nil)
    }

    /// The call, with the argument the place's link prints.
    /// - Parameter argument: the place's parameter, as it reads (`@bob`); `nil` for none.
    /// - Returns: `openChat(with: @bob)`; the method alone without an argument.
    public func call(argument: String?) -> String {
        guard let argument, method.hasSuffix(":)") else { return method }
        return method.dropLast() + " " + argument + ")"
    }

    /// Opens the route's place from its source: the place's kind builds the module (its router,
    /// of the host's class, and its screen) and loads it as its policy says.
    /// - Throws: `RoutingError.leftOut` for a need left out; `.windowReleased`;
    ///   `.undeclared` when no window's kind declares the place; the load's error.
    /// - Parameter checked: what the place's check read, when a link checked it already: its
    ///   screen is built with it (`PlaceKind.open(_:by:checked:)`); else the check runs in the load.
    public func open(checked: (any Sendable)? = nil) async throws {
        guard let place else { throw RoutingError.leftOut(method) }
        if let build { return try await build(self) }
        guard let window = source.window else { throw RoutingError.windowReleased }
        guard let catalog = window.catalog else { throw RoutingError.undeclared(place.title) }
        try await catalog.open(place, by: self, checked: checked)
    }
}

/// What builds the module of a place a route opens, from the kinds of places the features
/// declare (`PlaceCatalog`): a window's routes find it on `Window.catalog`.
@MainActor
public protocol PlaceBuilding {
    /// Builds `place`'s module (its router and screen) and opens it as `route` says.
    /// - Throws: `RoutingError.undeclared` when no kind declares `place`; the load's error, or
    ///   `RoutingError` from opening.
    func open(_ place: AnyPlace, by route: Route, checked: (any Sendable)?) async throws
}

/// What one action of a screen opens: the route it follows on the screen's router, with the one
/// argument it always takes, or with any of a type (a list's `profile <n>` opens any user's
/// profile). A feature declares them beside its actions (`offer(_:at:)`), one action, one
/// route: what its screen offers, what a link may follow from it, and what `explain` names.
@MainActor
public struct Offer<R> {
    /// The action's word: `message`.
    public let action: String
    /// The type of the argument, when the action takes any (`UserID`); `nil` for a fixed route.
    let argument: Any.Type?
    let route: @MainActor (R, (any Sendable)?) -> Route?

    /// `action` follows the route `make` returns, always the same way.
    public init<A: ScreenAction>(_ action: A, _ make: @escaping @MainActor (R) -> Route) {
        self.action = action.rawValue
        argument = nil
        route = { router, _ in make(router) }
    }

    /// `action` follows the route `make` returns for any value of `type`, which a link names.
    public init<A: ScreenAction, Value: Sendable>(
        _ action: A, any type: Value.Type, _ make: @escaping @MainActor (R, Value) -> Route
    ) {
        self.action = action.rawValue
        argument = type
        route = { router, value in
            guard let value = value as? Value else { return nil }
            return make(router, value)
        }
    }

    /// The route the action follows toward `value` (the next place's parameter).
    public func route(_ router: R, toward value: (any Sendable)? = nil) -> Route? { route(router, value) }

    /// A screen's table of offers: `make`'s offer for each of `actions` that has one, in their
    /// order (a `switch` over the actions in `make` lists every case, so a new action is a
    /// build error until the table says what it opens).
    public static func table<A: ScreenAction>(_ actions: [A], _ make: (A) -> Offer?) -> [Offer] {
        var offers: [Offer] = []
        for action in actions {
            if let offer = make(action) { offers.append(offer) }
        }
        return offers
    }
}

@MainActor
extension Array {
    /// The route the offer of `action` follows on `router`, toward `value` for an action that
    /// takes any: how a presenter performs an action from the same table it offers.
    public func route<R>(for action: some ScreenAction, on router: R, toward value: (any Sendable)? = nil) -> Route?
    where Element == Offer<R> {
        first { $0.action == action.rawValue }?.route(router, toward: value)
    }
}
