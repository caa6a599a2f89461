/// How a place opens from the screen before it: a route method of that screen's router.
@MainActor
public struct PlaceOpener {
    /// The route method, as Swift names it: `openChat(with:)`.
    public let method: String
    /// Whether a router of this class adopts the route: a host that does not serve it cannot
    /// open the place from there.
    let isAdopted: (AnyObject.Type) -> Bool
    /// Opens the place through `router`; `false` when `router` does not adopt the route.
    let open: @MainActor (any RouterProtocol, AnyPlace) async throws -> Bool

    /// Whether a router of class `type` can open the place.
    public func isAdopted(by type: AnyObject.Type) -> Bool { isAdopted(type) }

    /// Opens `place` through `router`.
    /// - Returns: `false` when `router` does not adopt the route.
    /// - Throws: the route's error.
    public func open(_ place: AnyPlace, through router: any RouterProtocol) async throws -> Bool {
        try await open(router, place)
    }

    /// Opens through a route method:
    ///
    ///     .route("openChat(with:)", adoptedBy: { $0 is any ChatRoute.Type }) {
    ///         (router: any ChatRoute, place: ChatPlace) in try await router.openChat(with: …)
    ///     }
    ///
    /// - Parameters:
    ///   - method: the route method, as Swift names it.
    ///   - isAdopted: whether a router class adopts the route (`{ $0 is any ChatRoute.Type }`).
    ///   - call: calls the route method for a place, on a router that adopts the route.
    /// - Returns: the opener.
    public static func route<Route, P: Place>(
        _ method: String, adoptedBy isAdopted: @escaping (AnyObject.Type) -> Bool,
        open call: @escaping @MainActor (Route, P) async throws -> Void
    ) -> PlaceOpener {
        PlaceOpener(
            method: method, isAdopted: isAdopted,
            open: { router, place in
                guard let route = router as? Route, let typed = place.as(P.self) else { return false }
                try await call(route, typed)
                return true
            })
    }
}
