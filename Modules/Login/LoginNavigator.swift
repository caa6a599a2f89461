import Domain
import Navigation

/// Where the Login flow can go (the navigator's `Destination` enum).
public enum LoginDestination: Hashable, Sendable {
    /// The user signed in: the flow is over, the host's home comes next.
    case loginCompleted(User)
    case forgotPassword
    case signup
}

/// The Login flow's navigator (the coordinator pattern's `Navigator`): one enum of destinations.
/// A step opens by the sign-in screen's offer for it, the way a link to the step goes, and its
/// screen is made by the factory the host gave (`LoginScreenFactory`); a completed sign-in
/// leaves the module through the router, so Login never knows what the host's home is.
@MainActor
final class LoginNavigator<Places: LoginPlaces>: LoginFlowNavigating {
    /// The Login screen's router: the steps open from it, and home opens through it.
    let router: LoginRouter<Places>
    /// Told when a step of the flow (sign-up, forgot password) finishes.
    weak var listener: (any LoginStepListener)?

    init(router: LoginRouter<Places>) {
        self.router = router
    }

    func navigate(to destination: LoginDestination) async throws {
        switch destination {
        case .loginCompleted(let user): try await router.openHome(for: user)
        case .forgotPassword: try await router.follow(LoginPresenter.Action.forgot.rawValue)
        case .signup: try await router.follow(LoginPresenter.Action.signup.rawValue)
        }
    }
}
