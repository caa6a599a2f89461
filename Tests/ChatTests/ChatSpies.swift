import Domain
import DomainTesting
import Links
import Routing
import TestSupport

@testable import Chat

/// Records what the Chat presenter asks of its router. It serves every need.
@MainActor
final class ChatRouterSpy: RouterSpy, ChatRouting {
    enum Call: Hashable {
        case openProfile(UserID)
        case pickFriend(excluding: [UserID])
        case follow(String)
        case close
    }

    private(set) var calls: [Call] = []
    var closeFailure: RoutingError?
    /// What the picker answers: a friend, no choice, or an error it cannot open with.
    var picked: Result<User?, PickFailure> = .success(nil)

    struct PickFailure: Error, CustomStringConvertible {
        var description: String { "nobody to pick" }
    }

    func openProfile(for user: UserID) -> Route {
        route("Profile \(user)") { self.calls.append(.openProfile(user)) }
    }

    func pickFriend(excluding excluded: [UserID], then answered: @escaping @MainActor (User?) async -> Void)
        async throws
    {
        calls.append(.pickFriend(excluding: excluded))
        await answered(try picked.get())
    }

    func profileLink(for user: UserID) -> String? { "test://profile/\(user.rawValue)" }

    func follow(_ link: String) async {
        calls.append(.follow(link))
    }

    override func close() throws(RoutingError) {
        calls.append(.close)
        if let closeFailure { throw closeFailure }
    }
}

/// A router whose host has no profiles, and says so (`ChatWithoutProfiles`).
@MainActor
final class ProfilelessChatRouter: RouterSpy, ChatWithoutProfiles {
    func follow(_ link: String) async {}
}

/// A host that adopts `ChatRoute`, as Friends' and Profile's routers do in the app: its stage
/// knows Chat's places, whose screens get the test routers below.
final class ChatHost: HostRouter, ChatRoute {
    let dependencies: Services

    init(dependencies: Services = .demo(signedInAs: DemoData.alice)) throws(RoutingError) {
        self.dependencies = dependencies
        try super.init()
        stage.catalog = PlaceCatalog(
            ChatFeature.places(dependencies, chats: TestChatsRouter.self, chat: TestChatRouter.self))
    }
}

/// A chat's router in these tests: its profiles and picker are places no kind here declares.
final class TestChatRouter: ChatRouter<Services>, ChatRouting {
    func openProfile(for user: UserID) -> Route { Route("Profile \(user)", from: self, transition: profileTransition) }
    func profileLink(for user: UserID) -> String? { nil }
    func pickFriend(excluding excluded: [UserID], then answered: @escaping @MainActor (User?) async -> Void)
        async throws
    {
        await answered(nil)
    }
}

/// The conversations' router in these tests: it opens Chat's own chats.
final class TestChatsRouter: ChatsRouter<Services>, ChatsRouting, ChatRoute {}

/// Alice's conversation with Bob, as the screen shows it.
let aliceAndBob: [ScreenContent.Line] = [
    .text("Chat with Bob Builder (@bob)"), .text("  Bob: Hi Alice! Did the new router land?"),
    .text("  You: It did. Protocols all the way down."), .text("  Bob: Send me a link when you can."),
]
