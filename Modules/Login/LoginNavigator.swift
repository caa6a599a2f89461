import Domain
import Navigation

/// Where the Login flow can go (the navigator's `Destination` enum).
public enum LoginDestination: Hashable, Sendable {
    /// The user signed in: the flow is over, the host's home comes next.
    case loginCompleted(User)
    case forgotPassword
    case signup
}

/// The router of the sign-in screen: the flow's steps open from it, and a completed sign-in
/// leaves through it for the host's home, which the window's host opens once the gate is passed
/// (`WindowHost.gatePassed()`): Login never knows what home is, and serves its own needs.
public final class LoginRouter: Router<LoginPresenter> {
    /// The flow the sign-in screen runs; its presenter holds it.
    weak var flow: (any LoginFlowNavigating)?

    public init() {
        super.init(place: LoginPlace.login)
    }

    /// Leaves Login for the host's home, signed in as `user`.
    /// - Throws: `LoginError.noHome` when the window has no host; the home's load error.
    public func openHome(for user: User) async throws {
        guard let host = navigator?.host else { throw LoginError.noHome }
        try await host.gatePassed()
    }

    /// A step of the flow, as a route: the flow's navigator opens it from the sign-in screen's
    /// router, so a link to a step takes the same way as the command.
    public static func navigate(to step: LoginDestination) -> Route {
        let place: LoginPlace = step == .signup ? .signup : .forgotPassword
        return Route(flowStep: place) { (router: LoginRouter) in
            guard let flow = router.flow else { throw RoutingError.noSource }
            try await flow.navigate(to: step)
        }
    }
}

/// Moves the Login flow to one of its destinations: what the Login presenter does when the user
/// types signup, and what a link to the sign-up screen does.
@MainActor
public protocol LoginFlowNavigating: AnyObject {
    /// - Throws: the router's error when the destination cannot be shown.
    func navigate(to destination: LoginDestination) async throws
}

/// The Login flow's navigator (the coordinator pattern's `Navigator`): one enum of destinations,
/// screens made by a factory the host may inject. The steps of the flow are pushed on the Login
/// screen's stack; a completed sign-in leaves the module through the router, so Login never knows
/// what the host's home is.
@MainActor
final class LoginNavigator: LoginFlowNavigating {
    /// The Login screen's router: the steps open from it, and home opens through it.
    let router: LoginRouter
    private let screens: any LoginScreenFactory
    /// Told when a step of the flow (sign-up, forgot password) finishes.
    weak var listener: (any LoginStepListener)?

    init(router: LoginRouter, screens: any LoginScreenFactory) {
        self.router = router
        self.screens = screens
    }

    func navigate(to destination: LoginDestination) async throws {
        switch destination {
        case .loginCompleted(let user):
            try await router.openHome(for: user)
        case .forgotPassword:
            let stepRouter = Router<ForgotPasswordPresenter>(place: LoginPlace.forgotPassword)
            let view = screens.makeForgotPassword(end: LoginStepEnd(router: stepRouter, listener: listener))
            try router.open(view, of: stepRouter, transition: LoginStepTransition())
        case .signup:
            let stepRouter = Router<SignUpPresenter>(place: LoginPlace.signup)
            let view = screens.makeSignUp(end: LoginStepEnd(router: stepRouter, listener: listener))
            try router.open(view, of: stepRouter, transition: LoginStepTransition())
        }
    }
}
