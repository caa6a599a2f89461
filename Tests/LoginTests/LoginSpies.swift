import Domain
import Routing
import TestSupport

@testable import Login

/// Records where the Login presenter navigates; fails on demand.
@MainActor
final class LoginNavigatorSpy: LoginNavigating {
    enum Call: Hashable {
        case navigate(LoginDestination)
        case close
    }

    private(set) var calls: [Call] = []
    var failure: (any Error)?

    func navigate(to destination: LoginDestination) async throws {
        calls.append(.navigate(destination))
        if let failure { throw failure }
    }

    func close() throws(RoutingError) {
        calls.append(.close)
        throw .cannotCloseRoot(screen: "Login")
    }
}

/// Records what a Login presenter shows.
@MainActor
final class LoginViewSpy: LoginPresentable, LoginStepPresentable {
    enum Call: Hashable {
        case error(String)
        case notice(String)
    }

    private(set) var calls: [Call] = []

    func show(error: String) { calls.append(.error(error)) }
    func show(notice: String) { calls.append(.notice(notice)) }
}

/// Records what the presenter of a step asks of its router.
@MainActor
final class LoginStepRouterSpy: LoginStepRouting {
    enum Call: Hashable {
        case finish(LoginStepOutcome)
        case close
    }

    private(set) var calls: [Call] = []

    func finish(with outcome: LoginStepOutcome) throws(RoutingError) { calls.append(.finish(outcome)) }
    func close() throws(RoutingError) { calls.append(.close) }
}

/// A host that adopts `LoginRoute`, as the app's launcher does.
final class LoginHost: HostRouter, LoginRoute {
    let dependencies: Dependencies
    private(set) weak var lastRouter: LoginModuleStub?

    init(dependencies: Dependencies = .demo()) throws(RoutingError) {
        self.dependencies = dependencies
        try super.init()
    }

    func makeLoginRouter() -> any LoginModuleRouter {
        let router = LoginModuleStub(place: "Login")
        lastRouter = router
        return router
    }
}

/// The router a Login module gets in these tests: it remembers who went home.
final class LoginModuleStub: Router<LoginView>, LoginRouting {
    private(set) var homes: [UserID] = []
    weak var navigator: (any LoginFlowNavigating)?

    func openHome(for user: User) async throws { homes.append(user.id) }

    /// The steps' places, as the tests read them: "Sign up", "Forgot password".
    func place(of step: LoginDestination) -> AnyPlace {
        AnyPlace(step == .signup ? "Sign up" : "Forgot password")
    }
}

/// The tests' bag of every service serves what Login uses.
extension Dependencies: LoginDependencies {}
