import Domain
import Navigation
import TestSupport

@testable import Friends

/// The friends list's router in these tests: its routes open places no kind here declares.
final class TestFriendsRouter: FriendsRouter<Services>, FriendsRouting {
    static func openProfile(for user: UserID) -> Route { Route("Profile \(user)", transition: PushTransition()) }
    static func openChat(with user: UserID) -> Route { Route("Chat \(user)", transition: PushTransition()) }
}

/// A friends list's router whose chats cannot open: the friend is not one any more.
final class RefusingFriendsRouter: FriendsRouter<Services>, FriendsRouting {
    static func openProfile(for user: UserID) -> Route { Route("Profile \(user)", transition: PushTransition()) }
    static func openChat(with user: UserID) -> Route {
        Route(flowStep: "Chat \(user)") { (_: RefusingFriendsRouter) in throw ServiceError.notFriends(user) }
    }
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
    init(dependencies: Services) throws(RoutingError) {
        try super.init()
        declare(FriendsFeature.places(dependencies, friends: TestFriendsRouter.self))
    }

    /// The host's screen: it hears the picker's answers (`"answer dave"`).
    var screen: StubScreen? { stage.state.stacks.all.first as? StubScreen }
}
