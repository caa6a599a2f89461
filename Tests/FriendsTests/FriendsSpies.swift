import Domain
import Navigation
import NavigationTesting
import TestSupport

@testable import Friends

/// Friends' test places, shown by the test's router class (`FriendsRouterType`): Friends' places,
/// and stubs for what the list opens of other features (`Profile @carol`, `Chat @bob`).
protocol FriendsTestPlaces: TesterPlaces, FriendsPlaces, ExpressibleByStringLiteral where Environment == Services {
    associatedtype FriendsRouterType: FriendsRouter<Self> & FriendsRouting
    var friendsPlace: FriendsPlace? { get }
    var stubPlace: StubPlace { get }
}

extension FriendsTestPlaces {
    @MainActor func visit<V: PlaceVisitor>(_ visitor: V) -> V.Result where V.Places == Self {
        if let place = friendsPlace { return visitor.visit(place, of: FriendsFeature<Self, FriendsRouterType>.self) }
        return visitor.visit(stubPlace, of: StubFeature<Self>.self)
    }

    init(stringLiteral title: String) { self = .stub(StubPlace(title)) }

    /// The picker without `user`.
    static func picker(excluding user: UserID) -> Self { .friends(.pickFriend(excluding: user)) }
}

/// The friends list with the test's router: its profiles and chats are stubs.
enum FriendsTest: FriendsTestPlaces {
    typealias FriendsRouterType = TestFriendsRouter
    typealias Environment = Services

    case friends(FriendsPlace)
    case stub(StubPlace)

    var friendsPlace: FriendsPlace? { if case .friends(let place) = self { place } else { nil } }
    var stubPlace: StubPlace { if case .stub(let place) = self { place } else { "Tester" } }
}

final class TestFriendsRouter: FriendsRouter<FriendsTest>, FriendsRouting {
    static func openProfile(for user: UserID) -> Route<FriendsTest> {
        Route(.stub(StubPlace("Profile \(user)")), transition: PushTransition())
    }
    static func openChat(with user: UserID) -> Route<FriendsTest> {
        Route(.stub(StubPlace("Chat \(user)")), transition: PushTransition())
    }
}

/// A friends list whose chats cannot open.
enum RefusingFriendsTest: FriendsTestPlaces {
    typealias FriendsRouterType = RefusingFriendsRouter
    typealias Environment = Services

    case friends(FriendsPlace)
    case stub(StubPlace)

    var friendsPlace: FriendsPlace? { if case .friends(let place) = self { place } else { nil } }
    var stubPlace: StubPlace { if case .stub(let place) = self { place } else { "Tester" } }
}

final class RefusingFriendsRouter: FriendsRouter<RefusingFriendsTest>, FriendsRouting {
    static func openProfile(for user: UserID) -> Route<RefusingFriendsTest> {
        Route(.stub(StubPlace("Profile \(user)")), transition: PushTransition())
    }
    static func openChat(with user: UserID) -> Route<RefusingFriendsTest> {
        Route(.stub(StubPlace("Chat \(user)", fails: true)), transition: PushTransition())
    }
}

/// A host that adopts `FriendPickerRoute`, as Chat's router does in the app.
final class PickerHost: Router<StubScreen, FriendsTest>, FriendPickerRoute {}

extension DemoData {
    /// The friends list of Alice, as the screen shows it.
    static let aliceList: [ScreenContent.Line] = [
        .text("Signed in as Alice Liddell (@alice)."), .text("Your friends:"), .item("Bob Builder (@bob)"),
        .item("Carol Singer (@carol)"), .item("Dave Miller (@dave)"), .item("Frank Outage (@frank)"),
    ]
}
