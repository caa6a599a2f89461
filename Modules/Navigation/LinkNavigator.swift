import LinkMatching

/// Opens links: from whatever the window shows, through legal steps on the routers' `close()`
/// and the route methods only, to exactly the state a link names (navigation as state), across
/// tabs and modals. A gate keeps guarded places behind it (Login): a link to them opened before
/// waits there, and opens once the gate is passed (the pending intent).
///
/// Everything it knows of the app comes from the places the features declare (`PlaceKind`): the
/// link of each, how it opens, what its screen offers, the feature's rules, the tabs and the
/// gate. It knows no front: outcomes and failures are values (`LinkOutcome`, `LinkFailure`,
/// `LinkExplanation`), and a front words them.
@MainActor
public final class LinkNavigator {
    /// The links' scheme: `waypoint`.
    public let scheme: String
    /// The hosts whose `https://` links are this app's links: `https://waypoint.example/chat/bob`
    /// reads as `waypoint://chat/bob`.
    public let hosts: [String]
    /// What opens the link's steps, and every route of the window's screens: it builds each
    /// place's module from the kinds the features declare.
    public let navigator: Navigator
    /// The router with no screen that opens the window's roots (the gate's screen, the tabs).
    let roots: RootOpener
    let table: RouteTable<Int>
    /// Every kind of place the features declare, in the order they were listed.
    public var kinds: [PlaceKind] { navigator.catalog.kinds }
    /// The kinds, found by place.
    var catalog: PlaceCatalog { navigator.catalog }
    /// The window it navigates.
    public var window: Window? { navigator.window }
    /// The gate's kind.
    let gateKind: Int
    /// The gate: the place guarded links wait behind, and whether it is passed.
    public let gate: Gate
    /// The kinds that are a tab's first screen, in order.
    let tabKinds: [Int]

    /// The link opened before the gate was passed, waiting for it. Set it to make a link wait
    /// without showing anything (a replay of a recorded session does).
    public var pending: ResolvedLink?

    /// Whether a link waits for the gate, and whether the gate is passed: what a front asks.
    public var hasPending: Bool { pending != nil }
    public var isGatePassed: Bool { gate.isPassed() }

    /// The state as last read, and the window's count of changes then.
    private var stateRead: (changes: Int, state: NavigationState<AnyPlace>)?

    /// - Parameters:
    ///   - scheme: the links' scheme: `waypoint`.
    ///   - hosts: the hosts whose `https://` links read as the scheme's (universal links); none
    ///     by default.
    ///   - kinds: the kinds of places the features declare.
    ///   - window: the window it navigates.
    /// - Throws: `CompositionError` when the declarations make no valid navigator: patterns that
    ///   clash, no gate or two, a tab named twice, one parameter name with two types.
    public init(
        scheme: String, hosts: [String] = [], kinds: [PlaceKind], window: Window
    ) throws(CompositionError) {
        self.scheme = scheme
        self.hosts = hosts.map { $0.lowercased() }
        var types: [LinkParameterType] = []
        var declared: [String: (pattern: String, type: ObjectIdentifier)] = [:]
        for kind in kinds {
            for parameter in kind.parameters {
                let type = ObjectIdentifier(parameter.valueType)
                if let first = declared[parameter.name] {
                    guard first.type == type else {
                        throw .parameterTwice(parameter.name, first: first.pattern, second: kind.pattern)
                    }
                    continue
                }
                declared[parameter.name] = (kind.pattern, type)
                types.append(LinkParameterType(parameter.name, problem: parameter.problem))
            }
        }
        navigator = Navigator(window: window, catalog: PlaceCatalog(kinds))
        roots = RootOpener(window: window, navigator: navigator)
        do {
            table = try RouteTable(
                scheme: scheme, parameterTypes: types,
                routes: kinds.indices.map { index in LinkRoute(kinds[index].pattern) { _ in index } })
        } catch {
            throw .table(error)
        }
        let gates = kinds.indices.filter { kinds[$0].gate != nil }
        guard gates.count == 1, let first = gates.first, let gate = kinds[first].gate else {
            throw .gates(gates.map { kinds[$0].pattern })
        }
        gateKind = first
        self.gate = gate
        // A tab is named as its kind's path, so the table's check of patterns that clash is
        // also the check that no two tabs share a name.
        tabKinds = kinds.indices.filter { kinds[$0].tab != nil }
    }

    /// A navigator of another window of the same session: the same declarations (kinds, table,
    /// gate) and host, shared rather than built again; its own window, pending link and memory of
    /// the state.
    /// - Parameters:
    ///   - other: a navigator of the session.
    ///   - window: the window it navigates.
    public init(sharing other: LinkNavigator, window: Window) {
        scheme = other.scheme
        hosts = other.hosts
        navigator = Navigator(window: window, catalog: other.catalog)
        navigator.host = other.navigator.host
        roots = RootOpener(window: window, navigator: navigator)
        table = other.table
        gateKind = other.gateKind
        gate = other.gate
        tabKinds = other.tabKinds
    }

    // MARK: - Reading

    /// The window as a value of places; `nil` without a window.
    public var state: NavigationState<AnyPlace>? {
        guard let window else { return nil }
        // A link reads the state several times (its tab, its plan, where it is); it is made
        // again only after the window changed.
        if let read = stateRead, read.changes == window.changes { return read.state }
        let state = window.state.places
        stateRead = (window.changes, state)
        return state
    }

    /// The gate's place (Login).
    public var gatePlace: AnyPlace? { kinds[gateKind].place() }

    /// The tabs the places declare, in order, with the place of each one's first screen.
    public var tabs: [(name: String, root: AnyPlace)] {
        tabKinds.compactMap { index in
            guard let name = kinds[index].tab, let root = kinds[index].place() else { return nil }
            return (name, root)
        }
    }

    /// The kind of `place`, if a feature declares it.
    public func kind(of place: AnyPlace) -> PlaceKind? {
        catalog.kind(of: place)
    }

    /// `place`'s part of a link: `chat/bob`; `nil` for a place no kind declares.
    public func path(of place: AnyPlace) -> String? {
        kind(of: place)?.path(of: place)
    }

    /// The link of `place` alone: `waypoint://profile/carol`.
    public func link(to place: AnyPlace) -> String? {
        path(of: place).map { "\(scheme)://\($0)" }
    }

    /// The places `path` names, each as `path(of:)` writes it (`friends/chat/bob`), with no tab,
    /// gate or rule applied (how a state kept as paths is read back), or what is wrong with it: a
    /// path no pattern matches, a parameter that does not read (`LinkError.invalidParameter`). A
    /// place that takes context from the one before (a chat's user) takes it from `previous` when
    /// it is the path's first.
    public func placesOrProblem(atPath path: String, after previous: AnyPlace? = nil) -> Result<[AnyPlace], LinkError> {
        do throws(LinkError) {
            return .success(try matches(in: "\(scheme)://\(path)", after: previous).map(\.place))
        } catch {
            return .failure(error)
        }
    }

    /// The parts of the path of `text`, each with the place it names: the one reading of a path,
    /// for links and for kept state. A kind that takes its context reads the value of the place
    /// before it: in the path, or `previous` for the path's first.
    /// - Throws: `LinkError` for a path the table does not read, or a place it names that does not
    ///   read from its parameters or its context.
    func matches(in text: String, after previous: AnyPlace? = nil) throws(LinkError) -> [ResolvedLink.Match] {
        let found = try table.resolve(text)
        var matches: [ResolvedLink.Match] = []
        matches.reserveCapacity(found.count)
        for match in found {
            let kind = kinds[match.target]
            let texts = kind.parameters.map { match.parameters[$0.name] }
            let before = matches.last?.place ?? previous
            let context = before.flatMap { self.kind(of: $0)?.value(of: $0) }
            guard let place = kind.place(parameters: texts, context: context) else {
                if kind.takesContext { throw .noContext(pattern: kind.pattern, after: matches.last?.path) }
                // The table checked the parameter already; a kind that still reads no place
                // from it names nothing.
                throw .unknownPath(segment: match.part, after: nil, known: table.patterns.map(\.text))
            }
            matches.append(
                ResolvedLink.Match(pattern: kind.pattern, path: match.path, parameters: match.parameters, place: place))
        }
        return matches
    }

    /// The link of what the user sees: in tabs, with the tab's name first
    /// (`waypoint://chats/chat/bob`); a root that is no tab is left implied when something
    /// follows it (`waypoint://signup`). `nil` when nothing is shown or a place has no link.
    public var currentLink: String? {
        guard let places = state?.path, let first = places.first, let root = kind(of: first) else { return nil }
        let shown = places.count > 1 && root.tab == nil ? places.dropFirst() : places[...]
        var link = scheme + "://"
        for (offset, place) in shown.enumerated() {
            guard let path = path(of: place) else { return nil }
            if offset > 0 { link += "/" }
            link += path
        }
        // What each screen shows of its own (a mark, a filter) is part of the state: its items,
        // each written for the last place that declares its name (a later place that declares
        // the same name would take it, so an earlier one's cannot be written).
        let query = Self.items(of: Array(shown), screens: Array(pathScreens.suffix(shown.count)), by: self)
        return query.isEmpty ? link : link + "?" + LinkQuery.text(of: query)
    }

    /// The screens the user sees, bottom first, one for each place of `state.path`.
    var pathScreens: [any Screen] { window?.state.stacks.path ?? [] }

    /// The query items of a link that names `places`, shown by `screens`: each screen's items
    /// whose name no later place declares.
    static func items(of places: [AnyPlace], screens: [any Screen], by navigator: LinkNavigator) -> QueryItems {
        var query = QueryItems()
        guard places.count == screens.count else { return query }
        let kinds = places.map { navigator.kind(of: $0) }
        for index in screens.indices {
            let items = screens[index].queryItems
            for name in items.names
            where !kinds[(index + 1)...].contains(where: { $0?.query.contains { $0.name == name } == true }) {
                query[name] = items[name]
            }
        }
        return query
    }
}
