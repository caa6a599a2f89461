/// Opens routes into one window: the one way a place's module is built. Given a route and the
/// router it opens from, it finds the kind of the route's place among the features' declarations
/// (`catalog`), builds the module once (its router, of the host's class, and its screen, loaded as
/// the kind's policy says, with what a link's check read already), and opens it through the
/// transition that router gives the route. The window below it only applies changes: it never
/// builds a place, and never calls up.
///
/// Every router it builds knows it (`RouterProtocol.navigator`), so the routes that module's
/// screen follows come back here; links (`LinkNavigator`) open their steps here too.
@MainActor
public final class Navigator {
    /// The kinds of places the features declare: what builds each place's module.
    public var catalog: PlaceCatalog
    /// The window it opens into.
    public private(set) weak var window: Window?
    /// What the app does for the features' routers that the core cannot (print a link, follow
    /// one, go on once the gate is passed); held weakly: the app owns it.
    public weak var host: (any WindowHost)?

    /// - Parameters:
    ///   - window: the window it opens into.
    ///   - catalog: the kinds of places the features declare.
    public init(window: Window, catalog: PlaceCatalog = PlaceCatalog()) {
        self.window = window
        self.catalog = catalog
    }

    /// Opens `route` from `source`: the kind of its place builds the module and opens it by the
    /// transition `source` gives the route; a flow's step builds its own.
    /// - Parameters:
    ///   - route: what to open.
    ///   - source: the router it opens from.
    ///   - checked: what the place's check read, when a link checked it already: its screen is
    ///     built with it; else the check runs in the load.
    /// - Throws: `RoutingError.leftOut` for a need left out; `.undeclared` when no kind declares
    ///   the place; `.noSource` when `source` is not a router the route was made for; the load's
    ///   error, or `RoutingError` from opening. Nothing is opened then.
    public func open(_ route: Route, from source: any RouterProtocol, checked: (any Sendable)? = nil) async throws {
        guard let place = route.place else { throw RoutingError.leftOut(route.method) }
        if let build = route.build { return try await build(source) }
        guard let kind = catalog.kind(of: place) else { throw RoutingError.undeclared(place.title) }
        guard let transition = route.transition(source) else { throw RoutingError.noSource }
        try await kind.open(
            place, from: source, transition: transition, whenShown: route.whenShown, checked: checked, by: self)
    }
}
