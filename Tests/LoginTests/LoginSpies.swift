import Domain
import Routing
import TestSupport

@testable import Login

/// Records where the Login presenter navigates; fails on demand.
@MainActor
final class LoginNavigatorSpy: LoginFlowNavigating {
    private(set) var calls: [LoginDestination] = []
    var failure: (any Error)?

    func navigate(to destination: LoginDestination) async throws {
        calls.append(destination)
        if let failure { throw failure }
    }
}

/// Records what a step of the flow asks of its router, and what the flow hears of it.
@MainActor
final class LoginStepSpy: Closable, LoginStepListener {
    private(set) var calls: [String] = []

    func close() throws(RoutingError) { calls.append("close") }
    func stepFinished(_ outcome: LoginStepOutcome) { calls.append("finished \(outcome)") }

    /// How a step presenter under test ends: through this spy, which hears the outcome too.
    var end: LoginStepEnd { LoginStepEnd(router: self, listener: self) }
}

/// A host that adopts `LoginRoute`, as the app's launcher does: the Login module gets a stub
/// router that remembers who went home.
final class LoginHost: HostRouter, LoginRoute {
    let dependencies: Services
    private(set) weak var lastRouter: LoginModuleStub?

    init(dependencies: Services = .demo()) throws(RoutingError) {
        self.dependencies = dependencies
        try super.init()
    }

    override func makeRouter<T: Screen>(for screen: T.Type, place: AnyPlace) -> Router<T> {
        guard screen == LoginView.self, let stub = LoginModuleStub(place: place) as? Router<T> else {
            return super.makeRouter(for: screen, place: place)
        }
        lastRouter = stub as? LoginModuleStub
        return stub
    }
}

/// The router a Login module gets in these tests: it remembers who went home.
final class LoginModuleStub: Router<LoginView>, LoginRouting {
    private(set) var homes: [UserID] = []

    func openHome(for user: User) async throws { homes.append(user.id) }
}
