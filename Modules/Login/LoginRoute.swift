import Domain
import Routing

/// "Can open Login": the Login module's entry route, a route protocol with a default transition
/// and a default implementation. A router that adopts it opens the sign-in screen, as the
/// window's new root unless the router says otherwise.
@MainActor
public protocol LoginRoute: RouterProtocol {
    /// How Login opens from this router; a new root by default.
    var loginTransition: any Transition { get }
    /// The services the module is assembled with: any type that has what it uses.
    associatedtype LoginServices: LoginDependencies
    var dependencies: LoginServices { get }
    /// Makes the flow's screens; Login's own by default (`StandardLoginScreens`).
    var loginScreens: any LoginScreenFactory { get }
    /// Opens the sign-in screen.
    /// - Throws: `RoutingError` when the window cannot show it.
    func openLogin() async throws
}

extension LoginRoute {
    public var loginTransition: any Transition { RootTransition() }

    public var loginScreens: any LoginScreenFactory { StandardLoginScreens(dependencies: dependencies) }

    public func openLogin() async throws {
        let router = makeRouter(for: LoginView.self, place: AnyPlace(LoginPlace.login))
        let navigator = LoginNavigator(router: router, screens: loginScreens)
        let view = loginScreens.makeLogin(router: router, navigator: navigator)
        navigator.listener = view.presenter
        try open(view, of: router, transition: loginTransition)
    }
}
