import Domain
import Routing
import TestSupport

@testable import Friends

/// Records what the Friends screens ask of their router; fails on demand. It serves every need.
@MainActor
final class FriendsRouterSpy: RouterSpy, FriendsRouting {
    enum Call: Hashable {
        case openProfile(UserID)
        case openChat(UserID)
        case close
    }

    private(set) var calls: [Call] = []
    var closeFailure: RoutingError?

    func openProfile(for user: UserID) -> Route { route("Profile \(user)") { self.calls.append(.openProfile(user)) } }
    func openChat(with user: UserID) -> Route { route("Chat \(user)") { self.calls.append(.openChat(user)) } }

    override func close() throws(RoutingError) {
        calls.append(.close)
        if let closeFailure { throw closeFailure }
    }
}

/// The friends list's router in these tests: its routes open places no kind here declares.
final class TestFriendsRouter: FriendsRouter<Services>, FriendsRouting {
    func openProfile(for user: UserID) -> Route { Route("Profile \(user)", from: self, transition: PushTransition()) }
    func openChat(with user: UserID) -> Route { Route("Chat \(user)", from: self, transition: PushTransition()) }
}

extension DemoData {
    /// The friends list of Alice, as the screen shows it.
    static let aliceList: [ScreenContent.Line] = [
        .text("Signed in as Alice Liddell (@alice)."), .text("Your friends:"), .item("Bob Builder (@bob)"),
        .item("Carol Singer (@carol)"), .item("Dave Miller (@dave)"), .item("Frank Outage (@frank)"),
    ]
}

/// A host that adopts `FriendPickerRoute`, as Chat's router does in the app.
final class PickerHost: HostRouter, FriendPickerRoute {
    let dependencies: Services

    init(dependencies: Services) throws(RoutingError) {
        self.dependencies = dependencies
        try super.init()
    }
}
