import Domain
import Navigation

/// "Can open Login": the Login module's entry route, a route protocol with a default transition
/// and a default implementation. A router that adopts it opens the sign-in screen, as the
/// window's new root unless the router says otherwise.
@MainActor
public protocol LoginRoute: RouterProtocol where Places: LoginPlaces {
    /// How Login opens from this router; a new root by default.
    static var loginTransition: any Transition { get }
}

extension LoginRoute {
    public static var loginTransition: any Transition { RootTransition() }

    /// The sign-in screen, opened by `loginTransition`.
    public static func openLogin() -> Route<Places> {
        Route(.login(.login), transition: loginTransition)
    }
}
