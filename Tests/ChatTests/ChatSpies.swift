import Domain
import Routing
import TestSupport

@testable import Chat

/// Records what the Chat presenter asks of its router.
@MainActor
final class ChatRouterSpy: ChatRouting {
    enum Call: Hashable {
        case openProfile(UserID)
        case close
    }

    private(set) var calls: [Call] = []
    var closeFailure: RoutingError?

    func openProfile(for user: UserID) async throws {
        calls.append(.openProfile(user))
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
    }

    private(set) var calls: [Call] = []

    func display(_ model: ChatViewModel) { calls.append(.display(model)) }
    func show(error: String) { calls.append(.error(error)) }
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
