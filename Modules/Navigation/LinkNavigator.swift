import LinkMatching

/// Opens links: from whatever the window shows to exactly the state a link names, across tabs
/// and modals, through the routers' `close()` and the routes only. A link to a guarded place
/// opened before the gate (Login) is passed waits, and opens once it is (the pending intent).
///
/// All it knows of the app comes from the features' `PlaceKind`s. It knows no front: outcomes
/// and failures are values (`LinkOutcome`, `LinkFailure`, `LinkExplanation`) a front words.
@MainActor
public final class LinkNavigator {
    /// The links' scheme: `waypoint`.
    public let scheme: String
    /// The hosts whose `https://` links are this app's: `https://waypoint.example/chat/bob`
    /// reads as `waypoint://chat/bob`.
    public let hosts: [String]
    /// What opens the link's steps and every route of the window's screens.
    public let navigator: Navigator
    /// The router with no screen that opens the window's roots (the gate's screen, the tabs).
    let roots: RootOpener
    /// Every kind's link pattern, in the kinds' order: a match's route is its kind's index.
    let table: RouteTable
    /// Every kind of place the features declare, in the order they were listed.
    public var kinds: [PlaceKind] { navigator.catalog.kinds }
    var catalog: PlaceCatalog { navigator.catalog }
    public var window: Window? { navigator.window }
    let gateKind: Int
    /// The place guarded links wait behind, and whether it is passed.
    public let gate: Gate
    /// The kinds that are a tab's first screen, in order.
    let tabKinds: [Int]
    /// The tabs the places declare, in order, with the place of each one's first screen: made
    /// once, as the declarations never change.
    public let tabs: [(name: String, root: AnyPlace)]

    /// The link opened before the gate was passed, waiting for it. A replay sets it to make a
    /// link wait without showing anything.
    public var pending: ResolvedLink?

    public var hasPending: Bool { pending != nil }
    public var isGatePassed: Bool { gate.isPassed() }

    /// The state as last read, and the window's count of changes then.
    private var stateRead: (changes: Int, state: NavigationState<AnyPlace>)?

    /// `hosts` are those whose `https://` links read as the scheme's (universal links).
    /// - Throws: `CompositionError` when the declarations clash: patterns, no gate or two, a tab
    ///   named twice, one parameter name with two types.
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
            table = try RouteTable(scheme: scheme, parameterTypes: types, patterns: kinds.map(\.pattern))
        } catch {
            throw .table(error)
        }
        let gates = kinds.indices.filter { kinds[$0].gate != nil }
        guard gates.count == 1, let first = gates.first, let gate = kinds[first].gate else {
            throw .gates(gates.map { kinds[$0].pattern })
        }
        gateKind = first
        self.gate = gate
        // A tab is named as its kind's path, so the table's clash check also keeps tab names unique.
        tabKinds = kinds.indices.filter { kinds[$0].tab != nil }
        tabs = tabKinds.compactMap { index in kinds[index].place().map { (kinds[index].path, $0) } }
    }

    /// A navigator of another window of the same session: the declarations (kinds, table, gate)
    /// and host shared, not built again; its own window, pending link and state read.
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
        tabs = other.tabs
    }

    // MARK: - Reading

    /// The window as a value of places; `nil` without a window.
    public var state: NavigationState<AnyPlace>? {
        guard let window else { return nil }
        // A link reads the state several times; it is made again only after the window changed.
        if let read = stateRead, read.changes == window.changes { return read.state }
        let state = window.state.places
        stateRead = (window.changes, state)
        return state
    }

    /// The gate's place (Login).
    public var gatePlace: AnyPlace? { kinds[gateKind].place() }

    /// The kind of `place`, if a feature declares it.
    public func kind(of place: AnyPlace) -> PlaceKind? { catalog.kind(of: place) }

    /// `place`'s part of a link: `chat/bob`; `nil` for a place no kind declares.
    public func path(of place: AnyPlace) -> String? { kind(of: place)?.path(of: place) }

    /// The link of `place` alone: `waypoint://profile/carol`.
    public func link(to place: AnyPlace) -> String? { path(of: place).map { "\(scheme)://\($0)" } }

    /// The places `path` names (`friends/chat/bob`), with no tab, gate or rule applied (how kept
    /// state is read back), or what is wrong with it. The first place's context is `previous`.
    public func placesOrProblem(atPath path: String, after previous: AnyPlace? = nil) -> Result<[AnyPlace], LinkError> {
        do throws(LinkError) {
            return .success(try matches(in: "\(scheme)://\(path)", after: previous).map(\.place))
        } catch {
            return .failure(error)
        }
    }

    /// The parts of the path of `text`, each with its place: the one reading of a path, for links
    /// and kept state. A kind that takes context reads the place before it, or `previous`.
    /// - Throws: `LinkError` for a path the table, a parameter or a context does not read.
    func matches(in text: String, after previous: AnyPlace? = nil) throws(LinkError) -> [ResolvedLink.Match] {
        let found = try table.resolve(text)
        var matches: [ResolvedLink.Match] = []
        matches.reserveCapacity(found.count)
        for match in found {
            let kind = kinds[match.route]
            let texts = kind.parameters.map { match.parameters[$0.name] }
            let before = matches.last?.place ?? previous
            let context = before.flatMap { self.kind(of: $0)?.value(of: $0) }
            guard let place = kind.place(parameters: texts, context: context) else {
                if kind.takesContext { throw .noContext(pattern: kind.pattern, after: matches.last?.path) }
                // The table checked the parameter; a kind that reads no place from it names nothing.
                throw .unknownPath(segment: match.part, after: nil)
            }
            matches.append(
                ResolvedLink.Match(pattern: kind.pattern, path: match.path, parameters: match.parameters, place: place))
        }
        return matches
    }

    /// The link of what the user sees, a tab's name first (`waypoint://chats/chat/bob`); a root
    /// that is no tab is left implied before what follows it. `nil` when a place has no link.
    public var currentLink: String? {
        guard let places = state?.path, let first = places.first, let root = kind(of: first) else { return nil }
        let shown = places.count > 1 && root.tab == nil ? places.dropFirst() : places[...]
        var link = scheme + "://"
        for (offset, place) in shown.enumerated() {
            guard let path = path(of: place) else { return nil }
            if offset > 0 { link += "/" }
            link += path
        }
        // What each screen shows of its own (a mark, a filter) is state too: each item written
        // for the last place that declares its name.
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
