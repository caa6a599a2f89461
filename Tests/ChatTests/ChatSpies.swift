import Domain
import Routing
import TestSupport

@testable import Chat

/// Records what the Chat presenter asks of its router.
@MainActor
final class ChatRouterSpy: ChatRouting {
    enum Call: Hashable {
        case openProfile(UserID)
        case pickFriend(excluding: [UserID])
        case follow(String)
        case close
    }

    private(set) var calls: [Call] = []
    var closeFailure: RoutingError?
    /// What `pickFriend()` answers: a friend, no choice, or an error.
    var picked: Result<User?, PickFailure> = .success(nil)

    struct PickFailure: Error, CustomStringConvertible {
        var description: String { "nobody to pick" }
    }

    func openProfile(for user: UserID) async throws {
        calls.append(.openProfile(user))
    }

    func pickFriend(excluding excluded: [UserID]) async throws -> User? {
        calls.append(.pickFriend(excluding: excluded))
        return try picked.get()
    }

    func profileLink(for user: UserID) -> String? { "test://profile/\(user.rawValue)" }

    func follow(_ link: String) async {
        calls.append(.follow(link))
    }

    func close() throws(RoutingError) {
        calls.append(.close)
        if let closeFailure { throw closeFailure }
    }
}

/// Records what the Chat presenter shows.
@MainActor
final class ChatViewSpy: ChatPresentable {
    enum Call: Hashable {
        case display(ChatViewModel)
        case error(String)
        case notice(String)
    }

    private(set) var calls: [Call] = []

    func display(_ model: ChatViewModel) { calls.append(.display(model)) }
    func show(error: String) { calls.append(.error(error)) }
    func show(notice: String) { calls.append(.notice(notice)) }
}

/// A host that adopts `ChatRoute`, as Friends' and Profile's routers do in the app.
final class ChatHost: HostRouter, ChatRoute {
    let dependencies: Dependencies
    private(set) weak var lastRouter: ChatModuleStub?

    init(dependencies: Dependencies = .demo(signedInAs: DemoData.alice)) throws(RoutingError) {
        self.dependencies = dependencies
        try super.init()
    }

    func makeChatRouter(with user: UserID) -> any ChatModuleRouter {
        let router = ChatModuleStub(place: "Chat \(user)")
        lastRouter = router
        return router
    }
}

/// The router a Chat module gets in these tests.
final class ChatModuleStub: Router<ChatView>, ChatRouting {
    func openProfile(for user: UserID) async throws {}
    func pickFriend(excluding excluded: [UserID]) async throws -> User? { nil }
    func profileLink(for user: UserID) -> String? { nil }
    func follow(_ link: String) async {}
}

/// Alice's conversation with Bob, as the screen shows it.
let aliceAndBob = ChatViewModel(
    heading: "Chat with Bob Builder (@bob)",
    lines: [
        "Bob: Hi Alice! Did the new router land?", "You: It did. Protocols all the way down.",
        "Bob: Send me a link when you can.",
    ],
    hiddenCount: 0
)

/// The tests' bag of every service serves what Chat uses.
extension Dependencies: ChatDependencies {}
