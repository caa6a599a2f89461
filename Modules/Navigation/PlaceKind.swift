/// One kind of place a feature shows, declared by the feature: the link that names it (a path
/// and, for a kind of many places, its typed parameters), who may see it, how it comes to be shown
/// (as the gate, as a tab's first screen, or opened from the screen before it), how its module is
/// built (its router, of the class the host gives it, its screen and how it loads), what its
/// screen's actions open, and the feature's rules for it. An app lists the features it composes
/// (`ChatFeature.places(services, …)`), and its links, `where`, `explain`, the guard, plans, tabs
/// and restoration all come from these declarations.
///
/// One declaration parses and prints: the path and parameters turn a link into a place, and the
/// place back into its link, so the two cannot disagree.
@MainActor
public final class PlaceKind {
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
        /// The first screen of a tab, named as the kind's path (`chats`), opened with the others
        /// when the tabs open.
        case tab
        /// Opened from the screen before it, by the route one of that screen's actions follows.
        case opened
    }

    /// The path's constant segments: `chat`, `forgot-password`.
    public let path: String
    /// The type of its places (`ChatPlace`): what a catalog finds its kinds by.
    let placeType: ObjectIdentifier
    /// The module that declares it, as its places' type names it: `Chat`.
    public let feature: String
    /// How its screen loads; `nil` for a screen built at once, or by the flow that opens it.
    public internal(set) var policy: LoadPolicy?
    /// The parameters of its places, in the order the link names them (`user`, in `chat/<user>`).
    public let parameters: [AnyLinkParameter]
    public let access: Access
    public let role: Role
    /// The place a match names, given its parameters' texts and the value of the place before
    /// it (what a kind that takes its context reads).
    let makePlace: @MainActor ([String], (any Sendable)?) -> AnyPlace?
    /// The parameters of a place of this kind, as texts and as its typed value; `nil` for a place
    /// of another kind.
    let parameterOf: @MainActor (AnyPlace) -> (texts: [String], value: (any Sendable)?)?
    /// Builds a place's module and opens it from a router, as `open(_:from:transition:whenShown:checked:by:)` says.
    var openBy: @MainActor (AnyPlace, Opening) async throws -> Void
    /// The first module of a tab, for a tab's kind, its router knowing the navigator given.
    let tabOf: @MainActor (Navigator?) -> TabProvider?
    /// What the screen of a place offers: its table of offers, read from the declarations.
    let offersOf: @MainActor (AnyPlace) -> [Offer]
    let checkOf: @MainActor (AnyPlace) async throws -> (any Sendable)?

    /// The query items a link may name after a place of the kind (`message=<int>`), typed: they
    /// arrive at its screen (`Screen.receive(_:)`).
    public let query: [QueryParameter]

    /// The link pattern, as a route table reads it: `chat/<user>`.
    public var pattern: String { parameters.reduce(path) { $0 + "/<" + $1.name + ">" } }

    /// Whether its places take their value from the place before them (`chat/bob/notes`).
    public internal(set) var takesContext = false
    /// The type of what its places answer the screen that opened them, for a kind of places that
    /// answer (a picker answers a `UserID`); `nil` for others.
    public internal(set) var answers: Any.Type?
    /// The rules on data its places need to hold (a chat's friendship): checked with the kind's
    /// check, and again when the data changes (`LinkNavigator.recheckRules()`).
    public internal(set) var rules: [PlaceRule] = []

    /// Every part of a kind, as the declaring initializers (`PlaceKind+Declaring.swift`) make them.
    init<P: Place>(
        path: String, placeType: P.Type, policy: LoadPolicy?, parameters: [AnyLinkParameter], access: Access,
        role: Role, query: [QueryParameter], makePlace: @escaping @MainActor ([String], (any Sendable)?) -> AnyPlace?,
        parameterOf: @escaping @MainActor (AnyPlace) -> (texts: [String], value: (any Sendable)?)?,
        openBy: @escaping @MainActor (AnyPlace, Opening) async throws -> Void,
        tabOf: @escaping @MainActor (Navigator?) -> TabProvider?, offersOf: @escaping @MainActor (AnyPlace) -> [Offer],
        checkOf: @escaping @MainActor (AnyPlace) async throws -> (any Sendable)?
    ) {
        self.path = path
        self.placeType = ObjectIdentifier(placeType)
        // The runtime's name: `String(reflecting:)` would first scan every conformance of the
        // program for a description, a fifth of start-up.
        feature = String(_typeName(placeType, qualified: true).prefix { $0 != "." })
        self.policy = policy
        self.parameters = parameters
        self.access = access
        self.role = role
        self.query = query
        self.makePlace = makePlace
        self.parameterOf = parameterOf
        self.openBy = openBy
        self.tabOf = tabOf
        self.offersOf = offersOf
        self.checkOf = checkOf
    }

    /// The place a link's match names, given its parameters' texts, and for a kind that takes
    /// its context, the value of the place before it (`@bob`).
    public func place(parameters texts: [String] = [], context: (any Sendable)? = nil) -> AnyPlace? {
        makePlace(texts, context)
    }

    /// Whether `place` is of this kind.
    public func contains(_ place: AnyPlace) -> Bool { parameterOf(place) != nil }

    /// `place`'s part of a link (`chat/bob`), or `nil` when it is of another kind.
    public func path(of place: AnyPlace) -> String? {
        parameterOf(place).map { $0.texts.reduce(path) { $0 + "/" + $1 } }
    }

    /// The typed value of `place`'s parameters (`@bob`; a tuple of them for several), or, for a
    /// kind that takes its context and names none, the context.
    public func value(of place: AnyPlace) -> (any Sendable)? { parameterOf(place)?.value ?? nil }

    /// How a place's module opens: from which router, by which transition, what happens when
    /// its stack shows the place already, what a link's check read for it, and which navigator
    /// its router follows routes through.
    struct Opening {
        let source: any RouterProtocol
        let transition: any Transition
        let whenShown: WhenShown
        let checked: (any Sendable)?
        let navigator: Navigator?
    }

    /// Builds `place`'s module (its router, of the host's class, and its screen) and opens it from
    /// `source` by `transition`, loaded as the kind's policy says. The screen gets `checked`, what
    /// the place's check read when a link checked it already; else the check runs first, inside
    /// the load. What `Navigator.open(_:from:checked:)` does for a route to a declared place.
    /// - Throws: the check's or the load's error, or `RoutingError` from opening.
    public func open(
        _ place: AnyPlace, from source: any RouterProtocol, transition: any Transition, whenShown: WhenShown,
        checked: (any Sendable)? = nil, by navigator: Navigator?
    ) async throws {
        try await openBy(
            place,
            Opening(
                source: source, transition: transition, whenShown: whenShown, checked: checked, navigator: navigator))
    }

    /// The first module of its tab, for a tab's kind: its router follows routes through `navigator`.
    public func tab(by navigator: Navigator?) -> TabProvider? { tabOf(navigator) }

    /// What the screen of `place` offers: each action that opens a place, with the route it
    /// follows (`Offer`), read from the feature's declaration; no router is made to answer.
    public func offers(at place: AnyPlace) -> [Offer] { offersOf(place) }

    /// The route the screen of `place` follows to `next`, if one of its actions opens it: the
    /// first offer whose route, toward `next`'s value, names `next`.
    public func route(at place: AnyPlace, to next: AnyPlace, value: (any Sendable)?) -> (action: String, route: Route)?
    {
        for offer in offersOf(place) {
            if let route = offer.route(toward: value), route.place == next { return (offer.action, route) }
        }
        return nil
    }

    /// Checks the feature's rules for `place` (the user it names exists, a chat is with a friend).
    /// - Returns: what the check read, which the place's screen is built with
    ///   (`open(_:from:transition:whenShown:checked:by:)`), so a link that checks a place does not
    ///   ask for it again when it opens it.
    /// - Throws: the rule's error.
    @discardableResult
    public func check(_ place: AnyPlace) async throws -> (any Sendable)? { try await checkOf(place) }

    /// The tab whose first screen a place of the kind is, if it is one.
    public var tab: String? {
        if case .tab = role { path } else { nil }
    }

    /// The gate, if the kind is it.
    public var gate: Gate? {
        if case .gate(let gate) = role { gate } else { nil }
    }
}

/// The kinds of places a window's features declare, found by place: how a navigator finds the
/// kind that builds a route's place (`Navigator.catalog`), and links the kind of a place. A place
/// is looked for among the kinds of its own type only.
@MainActor
public struct PlaceCatalog {
    public let kinds: [PlaceKind]
    /// The indices of the kinds, by the type of their places.
    private let byType: [ObjectIdentifier: [Int]]

    public init(_ kinds: [PlaceKind] = []) {
        self.kinds = kinds
        byType = Dictionary(grouping: kinds.indices, by: { kinds[$0].placeType })
    }

    /// The index in `kinds` of the kind of `place`, if one is declared.
    public func index(of place: AnyPlace) -> Int? {
        guard let candidates = byType[ObjectIdentifier(type(of: place.base))] else { return nil }
        for index in candidates where kinds[index].contains(place) { return index }
        return nil
    }

    /// The kind of `place`, if one is declared.
    public func kind(of place: AnyPlace) -> PlaceKind? {
        guard let index = index(of: place) else { return nil }
        return kinds[index]
    }
}
