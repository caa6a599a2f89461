import Domain
import Navigation

/// "Can open Login": the Login module's entry route, a route protocol with a default transition
/// and a default implementation. A router that adopts it opens the sign-in screen, as the
/// window's new root unless the router says otherwise.
@MainActor
public protocol LoginRoute: RouterProtocol {
    /// How Login opens from this router; a new root by default.
    var loginTransition: any Transition { get }
    /// The sign-in screen, opened by `loginTransition`, its flow made by the screens its feature
    /// was composed with (`LoginFeature.places(_:screens:)`).
    static func openLogin() -> Route
}

extension LoginRoute {
    public var loginTransition: any Transition { RootTransition() }

    public static func openLogin() -> Route {
        Route(LoginPlace.login) { (router: Self) in router.loginTransition }
    }
}
