import Domain
import Routing

/// Where the Login flow can go (the navigator's `Destination` enum).
public enum LoginDestination: Hashable, Sendable {
    /// The user signed in: the flow is over, the host's home comes next.
    case loginCompleted(User)
    case forgotPassword
    case signup
}

/// What the Login flow may ask its router for: where a signed-in user goes. Login says only that
/// the flow is over; the host decides what home is.
public enum LoginNeeds {
    @MainActor
    public protocol OpenHome: AnyObject {
        /// Leaves Login for the host's home, signed in as `user`.
        func openHome(for user: User) async throws
    }
}

/// Every need of the Login flow.
public typealias LoginRouting = LoginNeeds.OpenHome

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
    /// The Login screen's router: the steps open from it, and it serves `OpenHome`.
    let router: Router<LoginView>
    private let screens: any LoginScreenFactory
    /// Told when a step of the flow (sign-up, forgot password) finishes.
    weak var listener: (any LoginStepListener)?

    init(router: Router<LoginView>, screens: any LoginScreenFactory) {
        self.router = router
        self.screens = screens
    }

    func navigate(to destination: LoginDestination) async throws {
        switch destination {
        case .loginCompleted(let user):
            guard let home = router as? any LoginNeeds.OpenHome else { throw LoginError.noHome }
            try await home.openHome(for: user)
        case .forgotPassword:
            let stepRouter = router.makeRouter(for: ForgotPasswordView.self, place: AnyPlace(LoginPlace.forgotPassword))
            let view = screens.makeForgotPassword(end: LoginStepEnd(router: stepRouter, listener: listener))
            try router.open(view, of: stepRouter, transition: LoginStepTransition())
        case .signup:
            let stepRouter = router.makeRouter(for: SignUpView.self, place: AnyPlace(LoginPlace.signup))
            let view = screens.makeSignUp(end: LoginStepEnd(router: stepRouter, listener: listener))
            try router.open(view, of: stepRouter, transition: LoginStepTransition())
        }
    }
}
