import Domain
import Routing

/// Where the Login flow can go (the navigator's `Destination` enum).
public enum LoginDestination: Hashable, Sendable {
    /// The user signed in: the flow is over, the app's home comes next.
    case loginCompleted(User)
    case forgotPassword
    case signup
}

/// What the Login flow needs from the router the app gives it.
@MainActor
public protocol LoginRouting: Closable {
    /// Leaves Login for the app's home screen, signed in as `user`.
    func openHome(for user: User) async throws
    /// The navigator of the flow this router runs, set by the module when it assembles the
    /// flow. The router must hold it weakly (the Login presenter owns it). An app's link
    /// handling reaches Login's steps through it: URL handling is injected at the
    /// navigator.
    var navigator: (any LoginFlowNavigating)? { get set }
    /// What a step of the flow (`.signup`, `.forgotPassword`) shows, in the app's terms: the
    /// window keeps it with the step's screen.
    func place(of step: LoginDestination) -> AnyPlace
}

/// Moves the Login flow to one of its destinations: what the Login presenter does when the user
/// types signup, and what a link to the sign-up screen does.
@MainActor
public protocol LoginFlowNavigating: AnyObject {
    /// - Throws: the router's error when the destination cannot be shown.
    func navigate(to destination: LoginDestination) async throws
}

/// How Login's presenter moves: the flow's navigator, or a spy in tests.
@MainActor
protocol LoginNavigating: LoginFlowNavigating {
    func close() throws(RoutingError)
}

/// The Login flow's navigator (the coordinator pattern's `Navigator`): one enum of destinations, screens made by a factory.
/// The steps of the flow are pushed on the Login screen's stack; a completed sign-in leaves the
/// module through the router, so Login never knows what the app's home is.
@MainActor
final class LoginNavigator: LoginNavigating {
    let router: any LoginModuleRouter
    private let factory: LoginScreenFactory
    /// Told when a step of the flow (sign-up, forgot password) finishes.
    weak var listener: (any LoginStepListener)?

    init(router: any LoginModuleRouter, factory: LoginScreenFactory) {
        self.router = router
        self.factory = factory
    }

    func navigate(to destination: LoginDestination) async throws {
        switch destination {
        case .loginCompleted(let user):
            try await router.openHome(for: user)
        case .forgotPassword:
            try openStep(factory.makeForgotPassword(place: router.place(of: destination)))
        case .signup:
            try openStep(factory.makeSignUp(place: router.place(of: destination)))
        }
    }

    func close() throws(RoutingError) {
        try router.close()
    }

    private func openStep<V>(_ step: (view: V, router: LoginStepRouter<V>)) throws(RoutingError) {
        step.router.onFinish = { [weak listener] outcome in listener?.stepFinished(outcome) }
        try router.open(step.view, of: step.router, transition: PushTransition())
    }
}
