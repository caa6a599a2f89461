import Domain
import Routing
import TestSupport

@testable import Profile

/// Records what the Profile presenter asks of its router; fails on demand.
@MainActor
final class ProfileRouterSpy: ProfileRouting {
    enum Call: Hashable { case openChat(UserID), close }

    private(set) var calls: [Call] = []
    var failure: (any Error)?

    func openChat(with user: UserID) async throws {
        calls.append(.openChat(user))
        if let failure { throw failure }
    }

    func close() throws(RoutingError) {
        calls.append(.close)
    }
}

/// Records what the Profile presenter shows.
@MainActor
final class ProfileViewSpy: ProfilePresentable {
    enum Call: Hashable { case display(ProfileViewModel), error(String) }

    private(set) var calls: [Call] = []

    func display(_ model: ProfileViewModel) { calls.append(.display(model)) }
    func show(error: String) { calls.append(.error(error)) }
}

/// A host for the Profile route: it makes router stubs and remembers the last one.
class ProfileHostBase: HostRouter {
    let dependencies: Dependencies
    private(set) weak var lastRouter: ProfileModuleStub?

    init(dependencies: Dependencies = .demo(signedInAs: DemoData.alice)) throws(RoutingError) {
        self.dependencies = dependencies
        try super.init()
    }

    func makeProfileRouter() -> any ProfileModuleRouter {
        let router = ProfileModuleStub()
        lastRouter = router
        return router
    }
}

/// A host that adopts `ProfileRoute` with its default transition, as Friends' router does.
final class ProfileHost: ProfileHostBase, ProfileRoute {}

/// A host that overrides the route's transition, as Chat's router does in the app. The
/// override sits in the class that adopts the route: a subclass of an adopter could not
/// replace the default, because the conformance is fixed where it is declared.
final class PushingProfileHost: ProfileHostBase, ProfileRoute {
    var profileTransition: any Transition { PushTransition() }
}

/// The router a Profile module gets in these tests.
final class ProfileModuleStub: Router<ProfileView>, ProfileRouting {
    private(set) var chats: [UserID] = []

    func openChat(with user: UserID) async throws { chats.append(user) }
}

/// Bob's profile as Alice sees it.
let bobForAlice = ProfileViewModel(lines: [
    "Bob Builder (@bob)",
    "\"Can we fix it? Yes, we can.\"",
    "Friends with you. Mutual friends: Carol Singer.",
])
