import Console
import Domain
import Routing
import TestSupport
import Testing

@testable import Chat

/// Records what the Chats presenter asks of its router.
@MainActor
final class ChatsRouterSpy: ChatsRouting {
    private(set) var calls: [String] = []

    func openChat(with user: UserID) async throws { calls.append("openChat(\(user))") }
    func close() throws(RoutingError) {
        calls.append("close")
        throw .cannotCloseRoot(screen: "Chats")
    }
}

/// Records what the Chats presenter shows.
@MainActor
final class ChatsViewSpy: ChatsPresentable {
    private(set) var calls: [String] = []

    func display(_ model: ChatsViewModel) { calls.append("display \(model.rows)") }
    func show(error: String) { calls.append("error \(error)") }
}

/// Records what the Chats screen tells its presenter.
@MainActor
final class ChatsListenerSpy: ChatsViewListener {
    private(set) var calls: [String] = []

    func appeared() async { calls.append("appeared") }
    func conversationSelected(number: Int) async { calls.append("conversationSelected(\(number))") }
    func closeRequested() { calls.append("closeRequested") }
}

/// A host whose window the Chats tab opens into, as the app's launcher is.
final class ChatsHost: HostRouter {
    let dependencies: Dependencies
    private(set) weak var lastRouter: ChatsModuleStub?

    init(dependencies: Dependencies = .demo(signedInAs: DemoData.alice)) throws(RoutingError) {
        self.dependencies = dependencies
        try super.init()
    }

    func openChatsTab() async throws {
        let router = ChatsModuleStub(place: "Chats")
        lastRouter = router
        try await openTabs([.chats(named: "chats", router: router, dependencies: dependencies)], selecting: "chats")
    }
}

/// The router the Chats screen gets in these tests: it records and opens nothing.
final class ChatsModuleStub: Router<ChatsView>, ChatsRouting {
    private(set) var opened: [UserID] = []

    func openChat(with user: UserID) async throws { opened.append(user) }
}

@MainActor
@Suite("Chats: the list of conversations")
struct ChatsTests {
    let router = ChatsRouterSpy()
    let view = ChatsViewSpy()

    func presenter(_ dependencies: Dependencies = .demo(signedInAs: DemoData.alice)) -> ChatsPresenter {
        let presenter = ChatsPresenter(
            interactor: ChatsInteractor(messages: dependencies.messages, session: dependencies.session),
            router: router)
        presenter.view = view
        return presenter
    }

    @Test("it shows the conversations most recent first, each with its last message, and opens the one picked")
    func loadAndPick() async throws {
        let presenter = presenter()
        try await presenter.load()
        await presenter.conversationSelected(number: 2)
        await presenter.conversationSelected(number: 3)
        await presenter.conversationSelected(number: 0)
        presenter.closeRequested()

        #expect(
            view.calls == [
                "display [\"Carol Singer (@carol): Carol: Choir at seven tonight?\", \"Bob Builder (@bob): Bob: Send me a link when you can.\"]",
                "error there is no conversation 3; choose a number from 1 to 2",
                "error there is no conversation 0; choose a number from 1 to 2",
                "error Chats is a root screen, so there is nothing to close or go back to",
            ])
        #expect(router.calls == ["openChat(@bob)", "close"])
    }

    @Test("shown again, it reloads: a message sent meanwhile moves its conversation up")
    func reloadsWhenShownAgain() async throws {
        let dependencies = Dependencies.demo(signedInAs: DemoData.alice)
        let presenter = presenter(dependencies)
        try await presenter.load()
        _ = try await dependencies.messages.send("See you soon", from: "alice", to: "bob")

        await presenter.appeared()

        #expect(
            view.calls.last
                == "display [\"Bob Builder (@bob): You: See you soon\", \"Carol Singer (@carol): Carol: Choir at seven tonight?\"]"
        )
    }

    @Test("nobody signed in: the load fails and shows nothing")
    func signedOut() async {
        await #expect(throws: SessionError.signedOut) { try await presenter(.demo()).load() }
        #expect(view.calls.isEmpty)
    }

    @Test("the screen turns commands into events, refuses a bad number, and lists rows or says there are none")
    func screen() async throws {
        let listener = ChatsListenerSpy()
        let screen = ChatsView(listener: listener)
        for line in ["chat 2", "chat", "chat two"] {
            await screen.handle(try #require(Command(line)), in: SecretPrompt())
        }
        await screen.willAppear()
        await screen.backRequested()

        #expect(listener.calls == ["conversationSelected(2)", "appeared", "closeRequested"])
        #expect(
            screen.feedback.lines == [
                .error("chat needs one conversation's number: chat <n>, with n from the list"),
                .error("\"two\" is not a number; type chat <n>, with n from the list"),
            ])
        #expect(screen.body == ["No conversations yet. Start one on the friends tab: message <n>."])
        screen.display(ChatsViewModel(rows: ["Bob Builder (@bob): Bob: Hi"]))
        #expect(screen.body == ["Your conversations, most recent first:", "  1. Bob Builder (@bob): Bob: Hi"])
    }

    @Test("its tab provider opens it as a tab with the router it is given; a replaced root releases it")
    func tab() async throws {
        let host = try ChatsHost()
        try await host.openChatsTab()
        #expect(host.stage.tabs == ["chats"])
        let module = try #require(
            (host.stage.topScreen as? ChatsView).map { WeakProbe([$0, $0.listener, host.lastRouter]) })
        #expect(module.aliveCount == 3)

        try RootOpener(window: host.stage).open(StubScreen("Login"), as: "Login", transition: RootTransition())

        #expect(module.isReleased)
    }
}
