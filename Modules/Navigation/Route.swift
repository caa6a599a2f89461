/// A route as a value: the place it opens, how it opens, and the route method that made it. A
/// route protocol's method makes one without any router (`ChatRoute.openChat(with:)` is a static
/// method, so a table of what a screen opens is known before any screen exists), and a router
/// opens it (`router.open(route)`); its transition is read from that router then
/// (`router.chatTransition`), so a router that overrides a route's transition opens it its own way.
/// `explain` and the trace print the method's own name, which Swift gives it (`#function`).
@MainActor
public struct Route {
    /// What it opens; `nil` for a need its host leaves out (`leftOut()`).
    public let place: AnyPlace?
    /// What happens when the stack it opens from shows `place` already.
    public let whenShown: WhenShown
    /// The route method that made it, as Swift names it: `openChat(with:)`.
    public let method: String
    /// How it opens from `source`, the router it opens from; `nil` when `source` is not the
    /// router the route was made for.
    let transition: @MainActor (_ source: any RouterProtocol) -> (any Transition)?
    /// How it opens when its place is not one the features declare (a step of a flow): builds the
    /// module and opens it from `source`. `nil`: the kind of `place` builds it.
    let build: (@MainActor (_ source: any RouterProtocol) async throws -> Void)?

    /// A route to a place its feature declares, opened as the router it opens from says:
    /// `Route(ChatPlace.chat(user)) { (router: Self) in router.chatTransition }`.
    /// - Parameters:
    ///   - place: what it opens.
    ///   - whenShown: what happens when the stack shows `place` already; another is opened by default.
    ///   - method: the route method, as Swift names it; leave it to Swift.
    ///   - transition: the transition the router it opens from opens it by.
    public init<Source: RouterProtocol>(
        _ place: some Place, whenShown: WhenShown = .openAnother, method: String = #function,
        by transition: @escaping @MainActor (Source) -> any Transition
    ) {
        self.init(AnyPlace(place), whenShown, method, transition: { ($0 as? Source).map(transition) })
    }

    /// A route to a place its feature declares, always opened by `transition`.
    public init(
        _ place: some Place, transition: any Transition, whenShown: WhenShown = .openAnother,
        method: String = #function
    ) {
        self.init(AnyPlace(place), whenShown, method, transition: { _ in transition })
    }

    /// A route that builds its module itself: a step of a flow, whose screen needs what only the
    /// flow has (`PlaceKind(flowStep:_:access:)`). `build` gets the router it opens from, and
    /// opens the module from it.
    public init<Source: RouterProtocol>(
        flowStep place: some Place, method: String = #function,
        build: @escaping @MainActor (Source) async throws -> Void
    ) {
        self.init(
            AnyPlace(place), .openAnother, method, transition: { _ in nil },
            build: { source in
                guard let source = source as? Source else { throw RoutingError.noSource }
                try await build(source)
            })
    }

    private init(
        _ place: AnyPlace?, _ whenShown: WhenShown, _ method: String,
        transition: @escaping @MainActor (any RouterProtocol) -> (any Transition)?,
        build: (@MainActor (any RouterProtocol) async throws -> Void)? = nil
    ) {
        self.place = place
        self.whenShown = whenShown
        self.method = method
        self.transition = transition
        self.build = build
    }

    /// The route of a need its host leaves out: it names no place, links never follow it, and
    /// opening it throws `RoutingError.leftOut`. What a feature's `…Without…` protocol returns.
    public static func leftOut(method: String = #function) -> Route {
        Route(nil, .openAnother, method, transition: { _ in nil })
    }

    /// The call, with the argument the place's link prints.
    /// - Parameter argument: the place's parameter, as it reads (`@bob`); `nil` for none.
    /// - Returns: `openChat(with: @bob)`; the method alone without an argument.
    public func call(argument: String?) -> String {
        guard let argument, method.hasSuffix(":)") else { return method }
        return method.dropLast() + " " + argument + ")"
    }
}

/// What one action of a screen opens: the route it follows, always the same, or one for any
/// value of a type (a list's `profile <n>` opens any user's profile). A feature declares a
/// screen's table of them beside its actions (`Offer.table`), from the route protocols' static
/// methods, so the table is known before any screen or router exists: what the screen offers,
/// what a link may follow from it, what `explain` names and what the navigation graph draws.
@MainActor
public struct Offer {
    /// The action's word: `message`.
    public let action: String
    /// The type of the argument, when the action takes any (`UserID`); `nil` for a fixed route.
    public let argument: Any.Type?
    private let route: @MainActor ((any Sendable)?) -> Route?

    /// `action` follows `route`, always.
    public init<A: ScreenAction>(_ action: A, _ route: Route) {
        self.action = action.rawValue
        argument = nil
        self.route = { _ in route }
    }

    /// `action` follows the route `make` returns for any value of `type`, which a link names.
    public init<A: ScreenAction, Value: Sendable>(
        _ action: A, any type: Value.Type, _ make: @escaping @MainActor (Value) -> Route
    ) {
        self.action = action.rawValue
        argument = type
        route = { value in (value as? Value).map(make) }
    }

    /// The route the action follows toward `value` (the next place's parameter); `nil` for an
    /// action that takes a value of another type, or none.
    public func route(toward value: (any Sendable)? = nil) -> Route? { route(value) }

    /// A screen's table of offers: `make`'s offer for each of `actions` that has one, in their
    /// order (a `switch` over the actions in `make` lists every case, so a new action is a
    /// build error until the table says what it opens).
    public static func table<A: ScreenAction>(_ actions: [A], _ make: (A) -> Offer?) -> [Offer] {
        actions.compactMap(make)
    }
}

extension Array where Element == Offer {
    /// The route the offer of `action` follows, toward `value` for an action that takes any: how
    /// a presenter performs an action from the same table it offers.
    @MainActor
    public func route(for action: some ScreenAction, toward value: (any Sendable)? = nil) -> Route? {
        first { $0.action == action.rawValue }?.route(toward: value)
    }
}
