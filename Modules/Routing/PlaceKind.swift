/// One kind of place a feature shows, declared by the feature: the link that names it (a path
/// and, for a kind of many places, one typed parameter), who may see it, how it comes to be shown
/// (as the gate, as a tab's first screen, or opened from the screen before it), how its module is
/// built (its router, of the class the host gives it, its screen and how it loads), what its
/// screen's actions open, and the feature's rules for it. An app lists the features it composes
/// (`ChatFeature.places(services, …)`), and its links, `where`, `explain`, the guard, plans, tabs
/// and restoration all come from these declarations.
///
/// One declaration parses and prints: the path and parameter turn a link into a place, and the
/// place back into its link, so the two cannot disagree.
@MainActor
public struct PlaceKind {
    /// Who may be shown a place of the kind.
    public enum Access: Hashable, Sendable {
        /// Only once the gate is passed (a user signed in): before, a link to it waits behind the
        /// gate and opens once it is passed (the pending intent).
        case guarded
        /// Only before the gate is passed (Login's screens): after, a link to it is refused.
        case unguarded
    }

    /// How a place of the kind comes to be shown.
    public enum Role {
        /// The gate: the root a guarded link waits behind (Login).
        case gate(Gate)
        /// The first screen of the tab of this name, opened with the others when the tabs open.
        case tab(String)
        /// Opened from the screen before it, by the route one of that screen's actions follows.
        case opened
    }

    /// The path's constant segments: `chat`, `forgot-password`.
    public let path: String
    /// The parameter of its places (`user`, in `chat/<user>`), if it has one.
    public let parameter: AnyLinkParameter?
    public let access: Access
    public let role: Role
    /// The place a match names, given its parameter's text and the value of the place before
    /// it (what a kind that takes its context reads).
    let makePlace: @MainActor (String?, (any Sendable)?) -> AnyPlace?
    /// The parameter of a place of this kind, as text and as its typed value; `nil` for a place
    /// of another kind.
    let parameterOf: @MainActor (AnyPlace) -> (text: String?, value: (any Sendable)?)?
    /// Builds a place's module and opens it by a route.
    var openBy: @MainActor (AnyPlace, Route) async throws -> Void
    /// The first module of a tab, for a tab's kind.
    let tabOf: @MainActor (any RouterProtocol) -> TabProvider?
    /// The routes the actions of a place's screen follow, on its router (one made for the
    /// question when `nil`), toward a value a link names.
    let routesOf: @MainActor (AnyPlace, AnyObject?, (any Sendable)?) -> [(action: String, route: Route)]
    let checkOf: @MainActor (AnyPlace) async throws -> Void

    /// The query items a link may name after a place of the kind (`message=<int>`), typed: they
    /// arrive at its screen (`Screen.receive(_:)`).
    public let query: [QueryParameter]

    /// The name of its parameter, if it has one.
    public var parameterName: String? { parameter?.name }

    /// The link pattern, as a route table reads it: `chat/<user>`.
    public var pattern: String { path + (parameterName.map { "/<\($0)>" } ?? "") }

    /// The pattern with its query items: `chat/<user>?message=<int>`.
    public var fullPattern: String {
        query.isEmpty ? pattern : pattern + "?" + query.map(\.pattern).joined(separator: "&")
    }

    /// Whether its places take their value from the place before them (`chat/bob/notes`).
    public private(set) var takesContext = false

    /// The place a link's match names, given its parameter's text, and for a kind that takes
    /// its context, the value of the place before it (`@bob`).
    public func place(parameter text: String?, context: (any Sendable)? = nil) -> AnyPlace? {
        makePlace(text, context)
    }

    /// Whether `place` is of this kind.
    public func contains(_ place: AnyPlace) -> Bool { parameterOf(place) != nil }

    /// `place`'s part of a link (`chat/bob`), or `nil` when it is of another kind.
    public func path(of place: AnyPlace) -> String? {
        guard let parameter = parameterOf(place) else { return nil }
        return path + (parameter.text.map { "/" + $0 } ?? "")
    }

    /// The typed value of `place`'s parameter (`@bob`), if it has one.
    public func value(of place: AnyPlace) -> (any Sendable)? { parameterOf(place)?.value ?? nil }

    /// Builds `place`'s module (its router and screen) and opens it as `route` says.
    /// - Throws: the load's error, or `RoutingError` from opening.
    public func open(_ place: AnyPlace, by route: Route) async throws { try await openBy(place, route) }

    /// The first module of its tab, opened from `host`, for a tab's kind.
    public func tab(from host: any RouterProtocol) -> TabProvider? { tabOf(host) }

    /// What the screen of `place` offers: each action that opens a place, with the route it
    /// follows toward `value` (the parameter of the place a link names next), on `router`
    /// (the screen's own, when it is shown; else one made to answer).
    public func routes(at place: AnyPlace, router: AnyObject? = nil, toward value: (any Sendable)? = nil)
        -> [(action: String, route: Route)]
    {
        routesOf(place, router, value)
    }

    /// Checks the feature's rules for `place` (the user it names exists, a chat is with a friend).
    /// - Throws: the rule's error.
    public func check(_ place: AnyPlace) async throws { try await checkOf(place) }

    /// The tab whose first screen a place of the kind is, if it is one.
    public var tab: String? {
        if case .tab(let name) = role { name } else { nil }
    }

    /// The gate, if the kind is it.
    public var gate: Gate? {
        if case .gate(let gate) = role { gate } else { nil }
    }
}

extension PlaceKind {
    // A kind of places of type `P`, on screens of type `V` whose router is an `R`: what the
    // public initializers below make, with a parameter or without.
    init<P: Place, V: Screen & Sendable, R: Router<V>>(
        path: String, parameter: AnyLinkParameter?, makePlace: @escaping @MainActor (String?, (any Sendable)?) -> P?,
        parameterOf: @escaping @MainActor (P) -> (text: String?, value: (any Sendable)?)?,
        access: Access, role: Role, router: @escaping @MainActor (P) -> R,
        screen: @escaping @MainActor (R, P) async throws -> V, policy: LoadPolicy,
        fallback: (@MainActor (P) -> (@MainActor (R) async throws -> V)?)?,
        offers: @escaping @MainActor (P) -> [Offer<R>],
        query: [QueryParameter], check: @escaping @MainActor (P) async throws -> Void
    ) {
        self.path = path
        self.parameter = parameter
        self.access = access
        self.role = role
        self.query = query
        self.makePlace = { makePlace($0, $1).map(AnyPlace.init) }
        self.parameterOf = { $0.as(P.self).flatMap(parameterOf) }
        openBy = { place, route in
            guard let typed = place.as(P.self) else { throw RoutingError.undeclared(place.title) }
            let module = router(typed)
            var another: (@MainActor () async throws -> V)?
            if let fallback = fallback?(typed) { another = { try await fallback(module) } }
            try await route.source.open(
                module, transition: route.transition, whenShown: route.whenShown, policy: policy,
                provide: { try await screen(module, typed) }, fallback: another)
        }
        tabOf = { host in
            guard case .tab(let name) = role, let typed = makePlace(nil, nil) else { return nil }
            let module = router(typed)
            return TabProvider(name, router: module) { try await screen(module, typed) }
        }
        routesOf = { place, shown, value in
            guard let typed = place.as(P.self) else { return [] }
            let module = (shown as? R) ?? router(typed)
            return offers(typed).compactMap { offer in
                offer.route(module, toward: value).map { (offer.action, $0) }
            }
        }
        checkOf = { if let typed = $0.as(P.self) { try await check(typed) } }
    }

    /// A kind of one place, with a path and no parameter: `chats`, `edit-bio`.
    /// - Parameters:
    ///   - path: the link's constant segments.
    ///   - place: the one place.
    ///   - access: who may see its places.
    ///   - role: how they come to be shown.
    ///   - router: the router of a place's screen: the host's class, which serves the screen's needs.
    ///   - screen: builds and loads the place's screen around its router.
    ///   - policy: how the screen loads; `.standard` by default.
    ///   - offers: what each action of a place's screen opens (`Offer`); none by default.
    ///   - query: the query items a link may name after a place; none by default.
    ///   - check: the feature's rules for a place; none by default.
    public init<P: Place, V: Screen & Sendable, R: Router<V>>(
        _ path: String, _ place: P, access: Access, role: Role, router: @escaping @MainActor (P) -> R,
        screen: @escaping @MainActor (R, P) async throws -> V, policy: LoadPolicy = .standard,
        offers: @escaping @MainActor (P) -> [Offer<R>] = { _ in [] }, query: [QueryParameter] = [],
        check: @escaping @MainActor (P) async throws -> Void = { _ in }
    ) {
        self.init(
            path: path, parameter: nil, makePlace: { _, _ in place },
            parameterOf: { $0 == place ? (nil, nil) : nil }, access: access, role: role, router: router,
            screen: screen, policy: policy, fallback: nil, offers: offers, query: query, check: check)
    }

    /// A kind of one place whose screen is built at once, with nothing to load (the sign-in
    /// screen): it opens without a load, so no placeholder or policy applies.
    /// - Parameters:
    ///   - path: the link's constant segments.
    ///   - place: the one place.
    ///   - access: who may see its places.
    ///   - role: how they come to be shown.
    ///   - router: the router of a place's screen: the host's class, which serves the screen's needs.
    ///   - screen: builds the place's screen around its router.
    ///   - offers: what each action of the screen opens (`Offer`); none by default.
    public init<P: Place, V: Screen & Sendable, R: Router<V>>(
        _ path: String, _ place: P, access: Access, role: Role, router: @escaping @MainActor (P) -> R,
        screenAtOnce screen: @escaping @MainActor (R, P) -> V,
        offers: @escaping @MainActor (P) -> [Offer<R>] = { _ in [] }
    ) {
        self.init(
            path, place, access: access, role: role, router: router, screen: { router, place in screen(router, place) },
            offers: offers)
        openBy = { place, route in
            guard let typed = place.as(P.self) else { throw RoutingError.undeclared(place.title) }
            let module = router(typed)
            try route.source.open(screen(module, typed), of: module, transition: route.transition)
        }
    }

    /// A kind of one place whose module the route that opens it builds
    /// (`Route(_:from:transition:method:build:)`): a step of a flow, whose screen needs what only
    /// the flow has. It is opened from the screen before it, and offers nothing.
    public init<P: Place>(flowStep path: String, _ place: P, access: Access) {
        self.path = path
        parameter = nil
        self.access = access
        role = .opened
        query = []
        makePlace = { _, _ in AnyPlace(place) }
        parameterOf = { $0.as(P.self) == place ? (nil, nil) : nil }
        openBy = { place, _ in throw RoutingError.undeclared(place.title) }
        tabOf = { _ in nil }
        routesOf = { _, _, _ in [] }
        checkOf = { _ in }
    }

    /// A kind of many places, told apart by one parameter: `chat/<user>`.
    /// - Parameters:
    ///   - path: the link's constant segments.
    ///   - parameter: the parameter, typed: it reads its value from a link and prints it back.
    ///   - embed: the place of a value (`ChatPlace.chat`).
    ///   - extract: the value of a place of this kind, `nil` for any other.
    ///   - access: who may see its places.
    ///   - role: how they come to be shown.
    ///   - router: the router of a place's screen: the host's class, which serves the screen's needs.
    ///   - screen: builds and loads the screen of a place, given its router and its value.
    ///   - policy: how the screen loads; `.standard` by default.
    ///   - fallback: for a value, builds the screen another way when `screen` fails for good
    ///     (`nil`: no other way); none by default.
    ///   - offers: what each action of a place's screen opens (`Offer`); none by default.
    ///   - query: the query items a link may name after a place; none by default.
    ///   - check: the feature's rules for a place; none by default.
    public init<P: Place, Value: Sendable, V: Screen & Sendable, R: Router<V>>(
        _ path: String, _ parameter: LinkParameter<Value>, _ embed: @escaping (Value) -> P,
        _ extract: @escaping (P) -> Value?, access: Access, role: Role, router: @escaping @MainActor (P) -> R,
        screen: @escaping @MainActor (R, Value) async throws -> V, policy: LoadPolicy = .standard,
        fallback: (@MainActor (Value) -> (@MainActor (R) async throws -> V)?)? = nil,
        offers: @escaping @MainActor (P) -> [Offer<R>] = { _ in [] }, query: [QueryParameter] = [],
        check: @escaping @MainActor (P) async throws -> Void = { _ in }
    ) {
        self.init(
            path: path, parameter: AnyLinkParameter(parameter),
            makePlace: { text, _ in
                guard let text, case .success(let value) = parameter.parse(text) else { return nil }
                return embed(value)
            },
            parameterOf: { place in extract(place).map { (parameter.print($0), $0) } },
            access: access, role: role, router: router,
            screen: { router, place in
                guard let value = extract(place) else { throw RoutingError.undeclared(place.title) }
                return try await screen(router, value)
            }, policy: policy,
            fallback: fallback.map { fallback in { place in extract(place).flatMap(fallback) } },
            offers: offers, query: query, check: check)
    }
}

extension PlaceKind {
    /// A kind of many places that take their value from the place before them: a list of a
    /// chat's things, opened from that chat, whose link is `chat/<user>/notes`, gets the chat's
    /// user. Its link names no parameter of its own (the place before prints the value), it is
    /// opened from the screen before it, and it follows only a place whose value is a `Value`.
    /// - Parameters:
    ///   - path: the link's constant segments: `notes`.
    ///   - context: the type of the value it takes: `UserID`.
    ///   - embed: the place of a value (`NotesPlace.notes`).
    ///   - extract: the value of a place of this kind, `nil` for any other.
    ///   - access: who may see its places.
    ///   - router: the router of a place's screen: the host's class, which serves the screen's needs.
    ///   - screen: builds and loads the screen of a place, given its router and its value.
    ///   - policy: how the screen loads; `.standard` by default.
    ///   - offers: what each action of a place's screen opens (`Offer`); none by default.
    ///   - query: the query items a link may name after a place; none by default.
    ///   - check: the feature's rules for a place; none by default.
    public init<P: Place, Value: Sendable, V: Screen & Sendable, R: Router<V>>(
        _ path: String, context: Value.Type, _ embed: @escaping (Value) -> P, _ extract: @escaping (P) -> Value?,
        access: Access, router: @escaping @MainActor (P) -> R,
        screen: @escaping @MainActor (R, Value) async throws -> V, policy: LoadPolicy = .standard,
        offers: @escaping @MainActor (P) -> [Offer<R>] = { _ in [] }, query: [QueryParameter] = [],
        check: @escaping @MainActor (P) async throws -> Void = { _ in }
    ) {
        self.init(
            path: path, parameter: nil, makePlace: { _, context in (context as? Value).map(embed) },
            parameterOf: { place in extract(place).map { (nil, $0) } }, access: access, role: .opened, router: router,
            screen: { router, place in
                guard let value = extract(place) else { throw RoutingError.undeclared(place.title) }
                return try await screen(router, value)
            }, policy: policy, fallback: nil, offers: offers, query: query, check: check)
        takesContext = true
    }
}

/// The kinds of places a window's features declare, found by place: how a route finds the kind
/// that builds its place's module. Its links (`LinkNavigator`) fill it.
@MainActor
public struct PlaceCatalog {
    public private(set) var kinds: [PlaceKind] = []

    public init(_ kinds: [PlaceKind] = []) {
        self.kinds = kinds
    }

    /// The kind of `place`, if one is declared.
    public func kind(of place: AnyPlace) -> PlaceKind? {
        kinds.first { $0.contains(place) }
    }
}
