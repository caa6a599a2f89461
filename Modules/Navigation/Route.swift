/// A route as a value: the place it opens, how, and the route method that made it. A route
/// protocol's static method makes one without any router (`ChatRoute.openChat(with:)`), so what
/// a screen opens is known before any screen exists; a router opens it (`router.open(route)`),
/// with the transition that router gives it (`router.chatTransition`). `explain` and the trace
/// print the method's name (`#function`).
@MainActor
public struct Route {
    /// What it opens; `nil` for a need its host leaves out (`leftOut()`).
    public let place: AnyPlace?
    /// What happens when the stack it opens from shows `place` already.
    public let whenShown: WhenShown
    /// The route method that made it, as Swift names it: `openChat(with:)`.
    public let method: String
    /// How it opens from `source`; `nil` when `source` is not the router it was made for.
    let transition: @MainActor (_ source: any RouterProtocol) -> (any Transition)?
    /// How a flow's step opens: builds the module from `source`. `nil`: `place`'s kind builds it.
    let build: (@MainActor (_ source: any RouterProtocol) async throws -> Void)?

    /// A route to a declared place, opened as the router it opens from says:
    /// `Route(ChatPlace.chat(user)) { (router: Self) in router.chatTransition }`.
    /// `method` is the route method, as Swift names it: leave it to Swift.
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

    /// A route that builds its module itself (`build`, from the router it opens from): a flow's
    /// step, whose screen needs what only the flow has (`PlaceKind(flowStep:_:access:)`).
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

    /// The call, with the place's parameter as its link prints it: `openChat(with: @bob)`.
    public func call(argument: String?) -> String {
        guard let argument, method.hasSuffix(":)") else { return method }
        return method.dropLast() + " " + argument + ")"
    }
}

/// What one action of a screen opens: a fixed route, or one for any value of a type (`profile
/// <n>` opens any user's profile). A feature declares a screen's table of them (`Offer.table`)
/// from the route protocols' static methods, known before any screen exists: what the screen
/// offers, what a link may follow, what `explain` names and the navigation graph draws.
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
        route = { if let value = $0 as? Value { make(value) } else { nil } }
    }

    /// The route the action follows toward `value` (the next place's parameter); `nil` for a
    /// value of another type, or none.
    public func route(toward value: (any Sendable)? = nil) -> Route? { route(value) }

    /// A screen's table of offers: `make`'s offer for each of `actions` that has one, in order
    /// (`make`'s `switch` lists every action, so a new one is a build error until it is offered).
    public static func table<A: ScreenAction>(_ actions: [A], _ make: (A) -> Offer?) -> [Offer] {
        var offers: [Offer] = []
        offers.reserveCapacity(actions.count)
        for action in actions { if let offer = make(action) { offers.append(offer) } }
        return offers
    }
}

extension Array where Element == Offer {
    /// The route the offer of `action` follows, toward `value`: how a presenter performs an
    /// action from the table it offers.
    @MainActor
    public func route(for action: some ScreenAction, toward value: (any Sendable)? = nil) -> Route? {
        first { $0.action == action.rawValue }?.route(toward: value)
    }
}
