import Domain
import Navigation
import NavigationTesting
import TestSupport

@testable import Chat

/// Chat's test places, as a host composes them: Chat's places, shown by the test's router class
/// (`ChatRouterType`), and stubs for what a chat opens of other features (`Profile @bob`).
protocol ChatTestPlaces: TesterPlaces, ChatPlaces, ExpressibleByStringLiteral where Environment == Services {
    associatedtype ChatRouterType: ChatRouter<Self> & ChatRouting
    var chatPlace: ChatPlace? { get }
    var stubPlace: StubPlace { get }
}

extension ChatTestPlaces {
    @MainActor func visit<V: PlaceVisitor>(_ visitor: V) -> V.Result where V.Places == Self {
        if let place = chatPlace { return visitor.visit(place, of: ChatFeature<Self, ChatRouterType>.self) }
        return visitor.visit(stubPlace, of: StubFeature<Self>.self)
    }

    /// A stub titled `title`.
    init(stringLiteral title: String) { self = .stub(StubPlace(title)) }

    /// The chat with `user`.
    static func chat(_ user: UserID) -> Self { .chat(.chat(user)) }

    /// The conversations.
    static var chats: Self { .chat(.chats) }

    /// The stub that stands in for the friend picker a chat with Bob opens.
    static var picker: Self { picker(excluding: "bob") }

    /// The stub that stands in for the friend picker, titled by the friend it leaves out.
    static func picker(excluding user: UserID) -> Self {
        .stub(StubPlace("Pick a friend but \(user)", answers: true))
    }
}

/// Chat with the test's router: its profiles are stubs (`Profile @bob`), and its picker a stub
/// that answers, for which the test picks (`tester.pick("carol")`) or goes back.
enum ChatTest: ChatTestPlaces {
    typealias ChatRouterType = TestChatRouter
    typealias Environment = Services

    case chat(ChatPlace)
    case stub(StubPlace)

    var chatPlace: ChatPlace? { if case .chat(let place) = self { place } else { nil } }
    var stubPlace: StubPlace { if case .stub(let place) = self { place } else { "Tester" } }
}

final class TestChatRouter: ChatRouter<ChatTest>, ChatRouting {
    static func openProfile(for user: UserID) -> Route<ChatTest> {
        Route(.stub(StubPlace("Profile \(user)")), transition: profileTransition)
    }
    func profileLink(for user: UserID) -> String? { "test://profile/\(user.rawValue)" }
    static func pickFriend(excluding excluded: UserID) -> Route<ChatTest> {
        Route(.picker(excluding: excluded), transition: ModalTransition())
    }
}

/// Chat whose picker cannot open.
enum FailingPickChatTest: ChatTestPlaces {
    typealias ChatRouterType = FailingPickChatRouter
    typealias Environment = Services

    case chat(ChatPlace)
    case stub(StubPlace)

    var chatPlace: ChatPlace? { if case .chat(let place) = self { place } else { nil } }
    var stubPlace: StubPlace { if case .stub(let place) = self { place } else { "Tester" } }
}

final class FailingPickChatRouter: ChatRouter<FailingPickChatTest>, ChatRouting {
    static func openProfile(for user: UserID) -> Route<FailingPickChatTest> {
        Route(.stub(StubPlace("Profile \(user)")), transition: profileTransition)
    }
    func profileLink(for user: UserID) -> String? { nil }
    static func pickFriend(excluding excluded: UserID) -> Route<FailingPickChatTest> {
        Route(.stub(StubPlace("Pick a friend", answers: true, fails: true)), transition: ModalTransition())
    }
}

/// Chat in a host that has no profiles, and says so (`ChatWithoutProfiles`).
enum ProfilelessChatTest: ChatTestPlaces {
    typealias ChatRouterType = ProfilelessChatRouter
    typealias Environment = Services

    case chat(ChatPlace)
    case stub(StubPlace)

    var chatPlace: ChatPlace? { if case .chat(let place) = self { place } else { nil } }
    var stubPlace: StubPlace { if case .stub(let place) = self { place } else { "Tester" } }
}

final class ProfilelessChatRouter: ChatRouter<ProfilelessChatTest>, ChatWithoutProfiles {}

/// Alice's conversation with Bob, as the screen shows it.
let aliceAndBob: [ScreenContent.Line] = [
    .text("Chat with Bob Builder (@bob)"), .text("  Bob: Hi Alice! Did the new router land?"),
    .text("  You: It did. Protocols all the way down."), .text("  Bob: Send me a link when you can."),
]
