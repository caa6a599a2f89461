import Domain
import Routing

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
    /// - Parameter services: what the feature's screens are built with; its session is what the
    ///   gate guards.
    /// - Returns: the sign-in screen, `login`, the gate: passed while a user is signed in, opened
    ///   by `openLogin()` (the host that opens roots adopts `LoginRoute`), closed by ending the
    ///   session; and its steps, `signup` and `forgot-password`, opened through the flow's
    ///   navigator from the sign-in screen (URL handling injected at the navigator).
    @MainActor
    public static func places(_ services: some LoginDependencies) -> [PlaceKind] {
        let session = services.session
        let gate = Gate(
            isPassed: { session.user != nil },
            who: { session.user.map { ($0.id.rawValue, "\($0.id)") } },
            opens: "openLogin()",
            open: { host in
                guard let host = host as? any LoginRoute else { throw LoginError.noLoginRoute }
                try await host.openLogin()
            },
            close: { session.end() })
        return [
            PlaceKind(
                "login", LoginPlace.login, on: LoginView.self, access: .unguarded, role: .gate(gate),
                offers: { _ in [.call("navigate(to: .signup)"), .call("navigate(to: .forgotPassword)")] }),
            PlaceKind(
                "signup", LoginPlace.signup, on: SignUpView.self, access: .unguarded,
                role: .opened(step("navigate(to: .signup)", .signup))),
            PlaceKind(
                "forgot-password", LoginPlace.forgotPassword, on: ForgotPasswordView.self, access: .unguarded,
                role: .opened(step("navigate(to: .forgotPassword)", .forgotPassword))),
        ]
    }

    /// A step of the flow, opened through the navigator the sign-in screen runs.
    private static func step(_ method: String, _ destination: LoginDestination) -> PlaceOpener {
        .route(
            method, adoptedBy: { $0 is Router<LoginView>.Type },
            open: { (router: Router<LoginView>, _: LoginPlace) in
                guard let navigator = router.view?.presenter.navigator else { throw RoutingError.noSource }
                try await navigator.navigate(to: destination)
            })
    }
}

/// Why Login cannot go on.
public enum LoginError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The router that opens roots does not adopt `LoginRoute`.
    case noLoginRoute
    /// The host serves no home to go to after signing in (`LoginNeeds.OpenHome`).
    case noHome

    public var description: String {
        switch self {
        case .noLoginRoute: "the router that opens roots does not adopt LoginRoute, so Login cannot open"
        case .noHome: "this program has no home screen to open after signing in"
        }
    }
}
