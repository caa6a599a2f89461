import Domain
import Routing
import TestSupport

@testable import Friends

/// Records what the Friends presenter asks of its router; fails on demand.
@MainActor
final class FriendsRouterSpy: FriendsRouting {
    enum Call: Hashable {
        case openProfile(UserID)
        case openChat(UserID)
        case close
    }

    private(set) var calls: [Call] = []
    /// Thrown by every navigation once set.
    var failure: (any Error)?
    var closeFailure: RoutingError?

    func openProfile(for user: UserID) async throws { try record(.openProfile(user)) }
    func openChat(with user: UserID) async throws { try record(.openChat(user)) }

    func close() throws(RoutingError) {
        calls.append(.close)
        if let closeFailure { throw closeFailure }
    }

    private func record(_ call: Call) throws {
        calls.append(call)
        if let failure { throw failure }
    }
}

/// Records what the Friends presenter shows.
@MainActor
final class FriendsViewSpy: FriendsPresentable {
    enum Call: Hashable {
        case display(FriendsViewModel)
        case error(String)
    }

    private(set) var calls: [Call] = []

    func display(_ model: FriendsViewModel) { calls.append(.display(model)) }
    func show(error: String) { calls.append(.error(error)) }
}

/// Records what the Friends screen tells its presenter.
@MainActor
final class FriendsListenerSpy: FriendsViewListener {
    private(set) var calls: [String] = []

    func friendSelected(number: Int) async { calls.append("friendSelected(\(number))") }
    func messageRequested(number: Int) async { calls.append("messageRequested(\(number))") }
    func closeRequested() { calls.append("closeRequested") }
}

/// A host that adopts `FriendsRoute`, as Login's router does in the app, with a router stub
/// for the modules it opens.
final class FriendsHost: HostRouter, FriendsRoute {
    let dependencies: Dependencies
    private(set) weak var lastRouter: FriendsModuleStub?

    init(dependencies: Dependencies) throws(RoutingError) {
        self.dependencies = dependencies
        try super.init()
    }

    func makeFriendsRouter() -> any FriendsModuleRouter {
        let router = FriendsModuleStub(place: "Friends")
        lastRouter = router
        return router
    }
}

/// The router a Friends module gets in these tests: it records and opens nothing.
final class FriendsModuleStub: Router<FriendsView>, FriendsRouting {
    private(set) var opened: [String] = []

    func openProfile(for user: UserID) async throws { opened.append("profile \(user)") }
    func openChat(with user: UserID) async throws { opened.append("chat \(user)") }
}

extension DemoData {
    /// The friends list of Alice, as the screen shows it.
    static let aliceList = FriendsViewModel(
        owner: "Alice Liddell (@alice)",
        friends: ["Bob Builder (@bob)", "Carol Singer (@carol)", "Dave Miller (@dave)", "Frank Outage (@frank)"]
    )
}

/// A host that adopts `FriendPickerRoute`, as Chat's router does in the app.
final class PickerHost: HostRouter, FriendPickerRoute {
    let dependencies: Dependencies
    private(set) weak var lastRouter: Router<FriendPickerView>?

    init(dependencies: Dependencies) throws(RoutingError) {
        self.dependencies = dependencies
        try super.init()
    }

    func makeFriendPickerRouter() -> any FriendPickerModuleRouter {
        let router = Router<FriendPickerView>(place: "Picker")
        lastRouter = router
        return router
    }
}

/// The tests' bag of every service serves what Friends uses.
extension Dependencies: FriendsDependencies {}
