import Routing

/// Whether a place may be shown with the app's guard passed (a user signed in) or before it.
public enum LinkAccess: Hashable, Sendable {
    /// Shown only once the guard is passed: before, a link to it waits behind the gate (Login)
    /// and opens once the guard is passed (the pending intent).
    case guarded
    /// Shown only before the guard is passed (Login's screens): after, a link to it is refused.
    case unguarded
}

/// How a destination opens from the screen before it: a route method of that screen's router.
@MainActor
public struct LinkOpener<Place: Hashable & Sendable> {
    /// Whether a router of this class adopts the route.
    let isAdopted: (AnyObject.Type) -> Bool
    /// Opens the place through `router`; `false` when `router` does not adopt the route.
    let open: @MainActor (any RouterProtocol, LinkParameters) async throws -> Bool
    /// The route method, as `explain` shows it: `openChat(with: bob)`.
    let method: (LinkParameters) -> String

    /// The route method that opens a place with these parameters, as `explain` shows it.
    public func method(for parameters: LinkParameters) -> String {
        method(parameters)
    }

    /// Opens through a route:
    ///
    ///     .route(
    ///         adoptedBy: { $0 is any ChatRoute.Type }, method: { "openChat(with: @\($0["user"]))" },
    ///         open: { (router: any ChatRoute, parameters) in try await router.openChat(with: …) })
    ///
    /// - Parameters:
    ///   - isAdopted: whether a router class adopts the route (`{ $0 is any ChatRoute.Type }`);
    ///     which destination may follow which is derived from it and the routers' compositions.
    ///   - method: the route method, as `explain` shows it, given the parameters.
    ///   - call: calls the route method on a router that adopts the route.
    /// - Returns: the opener.
    public static func route<Route>(
        adoptedBy isAdopted: @escaping (AnyObject.Type) -> Bool,
        method: @escaping (LinkParameters) -> String,
        open call: @escaping @MainActor (Route, LinkParameters) async throws -> Void
    ) -> LinkOpener {
        LinkOpener(
            isAdopted: isAdopted,
            open: { router, parameters in
                guard let route = router as? Route else { return false }
                try await call(route, parameters)
                return true
            },
            method: method)
    }
}

/// One destination of an app, declared once: its link pattern, how a match becomes a place and a
/// place its parameters again, which router class runs its screen, how it opens (from the
/// screen before it, or as a root the app opens, or as a tab's first screen), and its guard.
///
/// Which destination may follow which is derived: `next` follows `previous` when the router
/// class that runs `previous` adopts the route that opens `next`.
@MainActor
public struct LinkEntry<Place: Hashable & Sendable> {
    /// How the destination's screen comes to be shown.
    public enum Role {
        /// A root the app opens (`LinkNavigator`'s `openRoot`), such as Login; `tab` names the
        /// tab it is the first screen of, for a tabbed root.
        case root(tab: String?)
        /// Opened from the screen before it.
        case opened(LinkOpener<Place>)
    }

    public let pattern: String
    public let access: LinkAccess
    public let role: Role
    /// The router class that runs its screen: what may follow it is what that class adopts;
    /// `nil` for a screen whose router opens nothing the entries declare.
    let runBy: AnyObject.Type?
    /// The place a match of the pattern names.
    public let place: @Sendable (LinkParameters) -> Place
    /// The parameters of `place` if it is this entry's, else `nil`.
    public let parameters: (Place) -> LinkParameters?

    /// - Parameters:
    ///   - pattern: the link pattern, as `RouteTable` reads it: `chat/<user>`.
    ///   - access: whether the place is for after the guard or before it.
    ///   - role: how its screen is shown.
    ///   - runBy: the router class the app gives its screen.
    ///   - place: the place a match names.
    ///   - parameters: the parameters of a place of this entry; `nil` for any other place.
    public init(
        _ pattern: String, access: LinkAccess, role: Role, runBy: AnyObject.Type?,
        place: @escaping @Sendable (LinkParameters) -> Place, parameters: @escaping (Place) -> LinkParameters?
    ) {
        self.pattern = pattern
        self.access = access
        self.role = role
        self.runBy = runBy
        self.place = place
        self.parameters = parameters
    }

    /// A destination without parameters, such as `friends`.
    public init(_ pattern: String, access: LinkAccess, role: Role, runBy: AnyObject.Type?, place: Place) {
        self.init(
            pattern, access: access, role: role, runBy: runBy, place: { _ in place },
            parameters: { $0 == place ? LinkParameters(values: []) : nil })
    }

    /// Whether `next`'s screen can be opened from this entry's: its router adopts `next`'s route.
    func opens(_ next: LinkEntry) -> Bool {
        guard let runBy, case .opened(let opener) = next.role else { return false }
        return opener.isAdopted(runBy)
    }

    /// The tab this entry is the first screen of, if any.
    public var tab: String? {
        if case .root(let tab) = role { tab } else { nil }
    }
}
