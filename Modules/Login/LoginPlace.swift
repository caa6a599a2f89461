import Domain
import Navigation

/// The places Login's screens show.
public enum LoginPlace: Place {
    /// The sign-in screen: the gate a signed-in place waits behind.
    case login
    /// The sign-up step, over the sign-in screen.
    case signup
    /// The forgot-password step, over the sign-in screen.
    case forgotPassword

    public var title: String {
        switch self {
        case .login: "Login"
        case .signup: "Sign up"
        case .forgotPassword: "Forgot password"
        }
    }
}

/// Login as a host composes it: the gate and the session it guards, and the steps of the flow,
/// each with its link.
@MainActor
public enum LoginFeature {
    /// - Parameters:
    ///   - services: what the feature's screens are built with; its session is what the gate
    ///     guards.
    ///   - screens: makes the flow's screens; Login's own by default (`StandardLoginScreens`).
    /// - Returns: the sign-in screen, `login`, the gate: passed while a user is signed in, closed
    ///   by ending the session; and its steps, `signup` and `forgot-password`, opened through the
    ///   flow's navigator from the sign-in screen (URL handling injected at the navigator).
    @MainActor
    public static func places(_ services: some LoginDependencies, screens: (any LoginScreenFactory)? = nil)
        -> [PlaceKind]
    {
        let session = services.session
        let screens = screens ?? StandardLoginScreens(dependencies: services)
        let gate = Gate(
            isPassed: { session.isSignedIn },
            who: { session.user.map { ($0.id.rawValue, "\($0.id)") } },
            route: openLogin(),
            close: { session.end() })
        return [
            PlaceKind(
                "login", LoginPlace.login, access: .unguarded, role: .gate(gate), router: { _ in LoginRouter() },
                screenAtOnce: { router, _ in
                    let navigator = LoginNavigator(router: router, screens: screens)
                    let view = screens.makeLogin(router: router, navigator: navigator)
                    navigator.listener = view
                    router.flow = navigator
                    return view
                },
                offers: { _ in
                    Offer.table(LoginPresenter.Action.allCases) { action in
                        switch action {
                        case .signup: Offer(action, LoginRouter.navigate(to: .signup))
                        case .forgot: Offer(action, LoginRouter.navigate(to: .forgotPassword))
                        case .login: nil
                        }
                    }
                }),
            PlaceKind(flowStep: "signup", LoginPlace.signup, access: .unguarded),
            PlaceKind(flowStep: "forgot-password", LoginPlace.forgotPassword, access: .unguarded),
        ]
    }

    /// The sign-in screen as the window's root, from a router with no screen: how the gate opens.
    static func openLogin() -> Route {
        Route(LoginPlace.login, transition: RootTransition())
    }
}

/// Why Login cannot go on.
public enum LoginError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The window has no host to open a home after signing in (`WindowHost`).
    case noHome

    public var description: String {
        switch self {
        case .noHome: "this program has no home screen to open after signing in"
        }
    }
}
