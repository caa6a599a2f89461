/// One kind of place a feature shows, declared by the feature next to its routes: the link that
/// names it (a path and, for a kind of many places, one typed parameter), who may see it, how it
/// opens (as the gate, as a tab's first screen, or from the screen before it by a route method),
/// what its screen offers, and the feature's rules for it. An app lists the features it composes
/// (`ChatFeature.places(services)`), and its links, `where`, `explain`, the guard, plans, tabs
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
        /// The first screen of a tab, opened with the others when the tabs open.
        case tab(String, provider: @MainActor (_ host: any RouterProtocol) -> TabProvider)
        /// Opened from the screen before it, by a route method of that screen's router.
        case opened(PlaceOpener)
    }

    /// The path's constant segments: `chat`, `forgot-password`.
    public let path: String
    /// The name of its parameter (`user`, in `chat/<user>`), if it has one.
    public let parameterName: String?
    public let access: Access
    public let role: Role
    /// What is wrong with a parameter's text, or `nil` when it reads: checked while a link is
    /// matched.
    public let parameterProblem: (@Sendable (String) -> String?)?
    /// The place a match names, given its parameter's text (`nil` for a kind without one).
    let makePlace: @MainActor (String?) -> AnyPlace?
    /// The parameter of a place of this kind, as text and as its value reads (`bob`, `@bob`);
    /// `nil` for a place of another kind.
    let parameterOf: @MainActor (AnyPlace) -> (text: String?, value: String?)?
    let offersOf: @MainActor (AnyPlace) -> [RouteOffer]
    let checkOf: @MainActor (AnyPlace) async throws -> Void
    /// The type of the screen that shows the kind's places, and the router a host that does not
    /// compose that screen gives it.
    public let screen: ObjectIdentifier
    public let plainRouter: AnyObject.Type

    /// The query items a link may name after a place of the kind (`message=<int>`), typed: they
    /// arrive at its screen (`Screen.receive(_:)`).
    public internal(set) var query: [QueryParameter] = []

    /// The link pattern, as a route table reads it: `chat/<user>`.
    public var pattern: String { path + (parameterName.map { "/<\($0)>" } ?? "") }

    /// The pattern with its query items: `chat/<user>?message=<int>`.
    public var fullPattern: String {
        query.isEmpty ? pattern : pattern + "?" + query.map(\.pattern).joined(separator: "&")
    }

    /// The place a link's match names, given its parameter's text.
    public func place(parameter text: String?) -> AnyPlace? { makePlace(text) }

    /// Whether `place` is of this kind.
    public func contains(_ place: AnyPlace) -> Bool { parameterOf(place) != nil }

    /// `place`'s part of a link (`chat/bob`), or `nil` when it is of another kind.
    public func path(of place: AnyPlace) -> String? {
        guard let parameter = parameterOf(place) else { return nil }
        return path + (parameter.text.map { "/" + $0 } ?? "")
    }

    /// The route call that opens `place` (`openChat(with: @bob)`), for a kind opened by a route.
    public func call(for place: AnyPlace) -> RouteCall? {
        guard case .opened(let opener) = role, let parameter = parameterOf(place) else { return nil }
        return RouteCall(opener.method, argument: parameter.value)
    }

    /// What the screen of `place` offers through its commands.
    public func offers(at place: AnyPlace) -> [RouteOffer] { offersOf(place) }

    /// Checks the feature's rules for `place` (the user it names exists, a chat is with a friend).
    /// - Throws: the rule's error.
    public func check(_ place: AnyPlace) async throws { try await checkOf(place) }

    /// The tab whose first screen a place of the kind is, if it is one.
    public var tab: String? {
        if case .tab(let name, _) = role { name } else { nil }
    }

    /// The gate, if the kind is it.
    public var gate: Gate? {
        if case .gate(let gate) = role { gate } else { nil }
    }
}

extension PlaceKind {
    /// A kind of one place, with a path and no parameter: `chats`, `edit-bio`.
    /// - Parameters:
    ///   - path: the link's constant segments.
    ///   - place: the one place.
    ///   - screen: the type of the screen that shows it.
    ///   - access: who may see it.
    ///   - role: how it opens.
    ///   - offers: the routes its screen offers.
    ///   - query: the query items a link may name after it; none by default.
    ///   - check: the feature's rules for it; none by default.
    public init<P: Place, V: Screen>(
        _ path: String, _ place: P, on screen: V.Type, access: Access, role: Role,
        offers: @escaping @MainActor (P) -> [RouteOffer] = { _ in [] }, query: [QueryParameter] = [],
        check: @escaping @MainActor (P) async throws -> Void = { _ in }
    ) {
        self.init(
            path: path, parameterName: nil, access: access, role: role, parameterProblem: nil,
            makePlace: { _ in AnyPlace(place) },
            parameterOf: { $0.as(P.self) == place ? (nil, nil) : nil },
            offersOf: { $0.as(P.self).map(offers) ?? [] },
            checkOf: { if let typed = $0.as(P.self) { try await check(typed) } },
            screen: ObjectIdentifier(V.self), plainRouter: Router<V>.self)
        self.query = query
    }

    /// A kind of many places, told apart by one parameter: `chat/<user>`.
    /// - Parameters:
    ///   - path: the link's constant segments.
    ///   - parameter: the parameter, typed: it reads its value from a link and prints it back.
    ///   - embed: the place of a value (`ChatPlace.chat`).
    ///   - extract: the value of a place of this kind, `nil` for any other.
    ///   - screen: the type of the screen that shows its places.
    ///   - access: who may see them.
    ///   - role: how they open.
    ///   - offers: the routes the screen of a place offers.
    ///   - query: the query items a link may name after a place; none by default.
    ///   - check: the feature's rules for a place.
    public init<P: Place, Value, V: Screen>(
        _ path: String, _ parameter: LinkParameter<Value>, _ embed: @escaping (Value) -> P,
        _ extract: @escaping (P) -> Value?, on screen: V.Type, access: Access, role: Role,
        offers: @escaping @MainActor (P) -> [RouteOffer] = { _ in [] }, query: [QueryParameter] = [],
        check: @escaping @MainActor (P) async throws -> Void = { _ in }
    ) {
        self.init(
            path: path, parameterName: parameter.name, access: access, role: role,
            parameterProblem: { text in
                if case .failure(let problem) = parameter.parse(text) { problem.description } else { nil }
            },
            makePlace: { text in
                guard let text, case .success(let value) = parameter.parse(text) else { return nil }
                return AnyPlace(embed(value))
            },
            parameterOf: { place in
                guard let typed = place.as(P.self), let value = extract(typed) else { return nil }
                return (parameter.print(value), "\(value)")
            },
            offersOf: { $0.as(P.self).map(offers) ?? [] },
            checkOf: { if let typed = $0.as(P.self) { try await check(typed) } },
            screen: ObjectIdentifier(V.self), plainRouter: Router<V>.self)
        self.query = query
    }
}
