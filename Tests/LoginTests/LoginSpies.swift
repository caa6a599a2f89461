import Domain
import DomainTesting
import Navigation
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

/// A host that adopts `LoginRoute`, as the app's launcher does: its stage knows Login's places,
/// and its window's host remembers who went home.
final class LoginHost: HostRouter, LoginRoute {
    let dependencies: Services
    let home: HomeSpy

    init(dependencies: Services = .demo(), servesHome: Bool = true) throws(RoutingError) {
        self.dependencies = dependencies
        home = HomeSpy(session: dependencies.session)
        try super.init()
        declare(LoginFeature.places(dependencies))
        if servesHome { navigator?.host = home }
    }

    /// The sign-in screen's router.
    var loginRouter: LoginRouter? {
        stage.state.stacks.all.first.flatMap { stage.state.router(of: $0) } as? LoginRouter
    }
}

/// A window's host that remembers who went home (`gatePassed()`).
@MainActor
final class HomeSpy: WindowHost {
    let session: Session
    private(set) var homes: [UserID] = []

    init(session: Session) { self.session = session }

    func link(to place: AnyPlace) -> String? { nil }
    func follow(_ link: String, from screen: any Screen) async {}
    func gatePassed() async throws {
        if let user = session.user { homes.append(user.id) }
    }
}
