import Domain
import DomainTesting
import Links
import Routing
import TestSupport
import Testing

@testable import Chat

/// Records what the Chats presenter asks of its router.
@MainActor
final class ChatsRouterSpy: RouterSpy, ChatsRouting {
    private(set) var calls: [String] = []

    func openChat(with user: UserID) -> Route { route("Chat \(user)") { self.calls.append("openChat(\(user))") } }
    override func close() throws(RoutingError) {
        calls.append("close")
        throw .cannotCloseRoot(screen: "Chats")
    }
}

@MainActor
@Suite("Chats: the list of conversations")
struct ChatsTests {
    let router = ChatsRouterSpy()

    func presenter(_ dependencies: Services = .demo(signedInAs: DemoData.alice)) -> ChatsPresenter {
        ChatsPresenter(interactor: ChatsInteractor(dependencies: dependencies), router: router)
    }

    @Test("it shows the conversations most recent first, each with its last message, and opens the one picked")
    func loadAndPick() async throws {
        let presenter = presenter()
        try await presenter.load()
        await presenter.perform(.chat, argument: "2")
        await presenter.perform(.chat, argument: "3")
        await presenter.perform(.chat, argument: "0")

        #expect(
            presenter.lines == [
                .text("Your conversations, most recent first:"),
                .item("Carol Singer (@carol): Carol: Choir at seven tonight?"),
                .item("Bob Builder (@bob): Bob: Send me a link when you can."),
            ])
        #expect(
            presenter.feedback.said == [
                "error: there is no conversation 3; choose a number from 1 to 2",
                "error: there is no conversation 0; choose a number from 1 to 2",
            ])
        #expect(router.calls == ["openChat(@bob)"])
    }

    @Test("shown again, it reloads: a message sent meanwhile moves its conversation up")
    func reloadsWhenShownAgain() async throws {
        let dependencies = Services.demo(signedInAs: DemoData.alice)
        let presenter = presenter(dependencies)
        try await presenter.load()
        _ = try await dependencies.messages.send("See you soon", from: "alice", to: "bob")

        await presenter.reappearing()

        #expect(presenter.lines.dropFirst().first == .item("Bob Builder (@bob): You: See you soon"))
    }

    @Test("nobody signed in: the load fails and shows nothing")
    func signedOut() async {
        let presenter = presenter(.demo())
        await #expect(throws: SessionError.signedOut) { try await presenter.load() }
        #expect(presenter.lines == [.text("No conversations yet. Start one on the friends tab: message <n>.")])
    }

    @Test("its tab opens it with the router class the host gives it; a replaced root releases it")
    func tab() async throws {
        let host = try HostRouter()
        let kind = try #require(
            ChatFeature.places(
                Services.demo(signedInAs: DemoData.alice), chats: TestChatsRouter.self, chat: TestChatRouter.self
            ).first)
        // The provider holds the tab's router until it has opened: it is not kept here.
        try await host.openTabs([try #require(kind.tab(from: host))], selecting: try #require(kind.tab))
        #expect(host.stage.stacks.tabNames == ["chats"])
        let module = try #require(
            (host.stage.topScreen as? ChatsPresenter).map { WeakProbe([$0, host.stage.router(of: $0)]) })
        #expect(module.aliveCount == 2)
        #expect(host.stage.topScreen?.content.actions.map(\.name) == ["chat"])

        try RootOpener(window: host.stage).open(StubScreen("Login"), as: "Login", transition: RootTransition())

        #expect(module.isReleased)
    }
}
