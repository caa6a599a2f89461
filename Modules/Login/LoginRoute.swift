import Domain
import Routing

/// The router a Login module gets: a `Router` for its screen that also does what Login needs
/// (`LoginRouting`). The app decides the class.
public typealias LoginModuleRouter = Router<LoginView> & LoginRouting

/// "Can open Login": the Login module's entry route (a route protocol with a default transition and a default implementation). A router that adopts it opens
/// the sign-in screen, as the window's new root unless the router says otherwise.
@MainActor
public protocol LoginRoute: RouterProtocol {
    /// How Login opens from this router; a new root by default.
    var loginTransition: any Transition { get }
    /// The services the module is assembled with: any type that has what it uses.
    associatedtype LoginServices: LoginDependencies
    /// The services the module is assembled with.
    var dependencies: LoginServices { get }
    /// Makes the router of a new Login module; the app gives it its place.
    func makeLoginRouter() -> any LoginModuleRouter
    /// Opens the sign-in screen.
    /// - Throws: `RoutingError` when the window cannot show it.
    func openLogin() async throws
}

extension LoginRoute {
    public var loginTransition: any Transition { RootTransition() }

    public func openLogin() async throws {
        let router = makeLoginRouter()
        let view = LoginScreenFactory(dependencies: dependencies).makeLogin(router: router)
        try open(view, of: router, transition: loginTransition)
    }
}
