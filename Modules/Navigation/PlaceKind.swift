/// One kind of place a feature shows, declared once by the feature: the link that names it (a
/// path and typed parameters, which parse and print, so the two cannot disagree), who may see
/// it, its role (gate, tab, or opened from the screen before), how its module is built and
/// loads, what its screen's actions open, and its rules. Links, `where`, `explain`, the guard,
/// plans, tabs and restoration all come from these declarations.
@MainActor
public final class PlaceKind {
    /// Who may be shown a place of the kind.
    public enum Access: Hashable, Sendable {
        /// Once the gate is passed: before, a link to it waits behind the gate (the pending intent).
        case guarded
        /// Before the gate is passed (Login's screens): after, a link to it is refused.
        case unguarded
    }

    /// How a place of the kind comes to be shown.
    public enum Role {
        /// The gate: the root a guarded link waits behind (Login).
        case gate(Gate)
        /// A tab's first screen, the tab named as the kind's path (`chats`).
        case tab
        /// Opened from the screen before it, by a route one of that screen's actions follows.
        case opened
    }

    /// The path's constant segments: `chat`, `forgot-password`.
    public let path: String
    /// The type of its places (`ChatPlace`): what a catalog finds its kinds by.
    let placeType: Any.Type
    /// The module that declares it (`Chat`), named when the graph asks, not at each declaration;
    /// by the runtime's name, as `String(reflecting:)` scans every conformance first.
    public var feature: String { String(_typeName(placeType, qualified: true).prefix { $0 != "." }) }
    /// How its screen loads; `nil` for a screen built at once, or by the flow that opens it.
    public internal(set) var policy: LoadPolicy?
    /// Its places' parameters, in the order the link names them (`user`, in `chat/<user>`).
    public let parameters: [AnyLinkParameter]
    public let access: Access
    public let role: Role
    /// The place a match names, from its parameters' texts and the value of the place before it.
    let makePlace: @MainActor ([String], (any Sendable)?) -> AnyPlace?
    /// A place of the kind with its typed value; `nil` for a place of another kind. Asked often
    /// (which kind is this place?), so it prints nothing.
    let memberOf: @MainActor (AnyPlace) -> Member?
    /// The link texts of a place's value (`["bob"]` for `@bob`): `[]` for a kind that names no
    /// parameter. Printed only for a link, never to ask whether a place is of the kind.
    let textsOf: @MainActor ((any Sendable)?) -> [String]
    /// What `open(_:from:transition:whenShown:checked:by:)` does.
    var openBy: @MainActor (AnyPlace, Opening) async throws -> Void
    /// A tab's first module, its router knowing the navigator given.
    let tabOf: @MainActor (Navigator?) -> TabProvider?
    let offersOf: @MainActor (AnyPlace) -> [Offer]
    let checkOf: @MainActor (AnyPlace) async throws -> (any Sendable)?

    /// The typed query items a link may name after a place of the kind (`message=<int>`).
    public let query: [QueryParameter]

    /// The link pattern, as a route table reads it: `chat/<user>`.
    public let pattern: String

    /// Whether its places take their value from the place before them (`chat/bob/notes`).
    public internal(set) var takesContext = false
    /// What its places answer the screen that opened them (a picker: `UserID`); `nil` for most.
    public internal(set) var answers: Any.Type?
    /// The rules its places' data must keep (a chat's friendship), checked again when data changes.
    public internal(set) var rules: [PlaceRule] = []

    /// Every part of a kind, as `PlaceKind+Declaring.swift`'s initializers make them.
    init<P: Place>(
        path: String, placeType: P.Type, policy: LoadPolicy?, parameters: [AnyLinkParameter], access: Access,
        role: Role, query: [QueryParameter], makePlace: @escaping @MainActor ([String], (any Sendable)?) -> AnyPlace?,
        memberOf: @escaping @MainActor (AnyPlace) -> Member?,
        textsOf: @escaping @MainActor ((any Sendable)?) -> [String] = { _ in [] },
        openBy: @escaping @MainActor (AnyPlace, Opening) async throws -> Void,
        tabOf: @escaping @MainActor (Navigator?) -> TabProvider?, offersOf: @escaping @MainActor (AnyPlace) -> [Offer],
        checkOf: @escaping @MainActor (AnyPlace) async throws -> (any Sendable)?
    ) {
        self.path = path
        pattern = parameters.reduce(path) { $0 + "/<" + $1.name + ">" }
        self.placeType = placeType
        self.policy = policy
        self.parameters = parameters
        self.access = access
        self.role = role
        self.query = query
        self.makePlace = makePlace
        self.memberOf = memberOf
        self.textsOf = textsOf
        self.openBy = openBy
        self.tabOf = tabOf
        self.offersOf = offersOf
        self.checkOf = checkOf
    }

    /// The place a link's match names, given its parameters' texts and, for a kind that takes its
    /// context, the value of the place before it (`@bob`).
    public func place(parameters texts: [String] = [], context: (any Sendable)? = nil) -> AnyPlace? {
        makePlace(texts, context)
    }

    /// A place of the kind, as the kind reads it: its value, if it has one.
    struct Member {
        /// The typed value of the place's parameters (`@bob`; a tuple of them for several), or,
        /// for a kind that takes its context and names none, the context; `nil` for a place of
        /// one kind of its own (`friends`).
        let value: (any Sendable)?
    }

    /// Whether `place` is of this kind.
    public func contains(_ place: AnyPlace) -> Bool { memberOf(place) != nil }

    /// `place`'s part of a link (`chat/bob`), or `nil` when it is of another kind.
    public func path(of place: AnyPlace) -> String? {
        memberOf(place).map { textsOf($0.value).reduce(path) { $0 + "/" + $1 } }
    }

    /// The typed value of `place`'s parameters (`@bob`; a tuple of them for several), or, for a
    /// kind that takes its context and names none, the context.
    public func value(of place: AnyPlace) -> (any Sendable)? { memberOf(place)?.value ?? nil }

    /// How a place's module opens: from which router, by which transition, with what a check
    /// read, through which navigator.
    struct Opening {
        let source: any RouterProtocol
        let transition: any Transition
        let whenShown: WhenShown
        let checked: (any Sendable)?
        let navigator: Navigator?
    }

    /// Builds `place`'s module (its router, of the host's class, and its screen) and opens it from
    /// `source` by `transition`, loaded as the kind's policy says. The screen gets `checked`, what a
    /// link's check read already; else the check runs first, inside the load.
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

    /// What the screen of `place` offers (`Offer`), read from the feature's declaration.
    public func offers(at place: AnyPlace) -> [Offer] { offersOf(place) }

    /// The route the screen of `place` follows to `next`: its first offer whose route names `next`.
    public func route(at place: AnyPlace, to next: AnyPlace, value: (any Sendable)?) -> (action: String, route: Route)?
    {
        for offer in offersOf(place) {
            if let route = offer.route(toward: value), route.place == next { return (offer.action, route) }
        }
        return nil
    }

    /// Checks the feature's rules for `place` (the user exists, a chat is with a friend), and
    /// returns what it read, which its screen is built with, so nothing is asked twice.
    @discardableResult
    public func check(_ place: AnyPlace) async throws -> (any Sendable)? { try await checkOf(place) }

    /// The tab whose first screen a place of the kind is, if it is one.
    public var tab: String? { if case .tab = role { path } else { nil } }

    /// The gate, if the kind is it.
    public var gate: Gate? { if case .gate(let gate) = role { gate } else { nil } }
}

/// The kinds of places a window's features declare, found by place (each among the kinds of its
/// own type): how a navigator finds the kind that builds a route's place, and links a place's kind.
@MainActor
public struct PlaceCatalog {
    public let kinds: [PlaceKind]
    /// The first kind of each type of place, and after each kind the next of its type (-1 for
    /// none): most types have one kind, and a list a type would be an array a kind to allocate.
    private let firstOfType: [ObjectIdentifier: Int]
    private let nextOfType: [Int]

    public init(_ kinds: [PlaceKind] = []) {
        self.kinds = kinds
        var (first, next) = ([ObjectIdentifier: Int](), Array(repeating: -1, count: kinds.count))
        // From the last, so that a type's kinds are tried in the order they are declared.
        for index in kinds.indices.reversed() {
            next[index] = first.updateValue(index, forKey: ObjectIdentifier(kinds[index].placeType)) ?? -1
        }
        (firstOfType, nextOfType) = (first, next)
    }

    /// The index in `kinds` of the kind of `place`, if one is declared.
    public func index(of place: AnyPlace) -> Int? {
        var index = firstOfType[ObjectIdentifier(type(of: place.base))] ?? -1
        while index >= 0, !kinds[index].contains(place) { index = nextOfType[index] }
        return index >= 0 ? index : nil
    }

    /// The kind of `place`, if one is declared.
    public func kind(of place: AnyPlace) -> PlaceKind? {
        index(of: place).map { kinds[$0] }
    }
}
