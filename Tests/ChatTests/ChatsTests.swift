import Domain
import DomainTesting
import Navigation
import NavigationTesting
import TestSupport
import Testing

@testable import Chat

/// The conversations as their user uses them.
@MainActor
@Suite("Chats: the list of conversations")
struct ChatsTests {
    @Test("it shows the conversations most recent first, each with its last message, and opens the one picked")
    func loadAndPick() async throws {
        let tester = try await chatTester(.chats)
        tester.expectScreen(
            "Chats",
            [
                .text("Your conversations, most recent first:"),
                .item("Carol Singer (@carol): Carol: Choir at seven tonight?"),
                .item("Bob Builder (@bob): Bob: Send me a link when you can."),
            ], actions: ["chat"])
        await tester.perform(ChatsPresenter.Action.chat, "3")
        await tester.perform(ChatsPresenter.Action.chat, "0")
        await tester.perform(ChatsPresenter.Action.chat, "2")

        tester.expect(
            .said("error: there is no conversation 3; choose a number from 1 to 2"),
            .said("error: there is no conversation 0; choose a number from 1 to 2"),
            .load(.opened), .push(ChatPlace.chat("bob")))
        tester.finish()
    }

    @Test("shown again, it reloads: a message sent meanwhile moves its conversation up")
    func reloadsWhenShownAgain() async throws {
        let services = Services.demo(signedInAs: DemoData.alice)
        let tester = try await chatTester(.chats) { _ in services }
        _ = try await services.messages.send("See you soon", from: "alice", to: "bob")

        await tester.reappear()

        tester.expectScreen(
            "Chats",
            [
                .text("Your conversations, most recent first:"), .item("Bob Builder (@bob): You: See you soon"),
                .item("Carol Singer (@carol): Carol: Choir at seven tonight?"),
            ])
        tester.finish()
    }

    @Test("nobody signed in: it opens nothing")
    func signedOut() async {
        await #expect(throws: SessionError.signedOut) { _ = try await chatTester(.chats) { .demo(prompt: $0) } }
    }

    @Test("its tab opens it with the router class the host gives it; a replaced root releases it")
    func tab() async throws {
        let host = try HostRouter()
        let kind = try #require(
            ChatFeature.places(
                Services.demo(signedInAs: DemoData.alice), chats: TestChatsRouter.self, chat: TestChatRouter.self
            ).first)
        // The provider holds the tab's router until it has opened: it is not kept here.
        try await host.openTabs([try #require(kind.tab(by: host.navigator))], selecting: try #require(kind.tab))
        #expect(host.stage.state.stacks.tabNames == ["chats"])
        let module = try #require(
            (host.stage.state.topScreen as? ChatsPresenter).map { WeakProbe([$0, host.stage.state.router(of: $0)]) })
        #expect(module.aliveCount == 2)
        #expect(host.stage.state.topScreen?.content.actions.map(\.name) == ["chat"])

        try RootOpener(window: host.stage).open(StubScreen("Login"), as: "Login", transition: RootTransition())

        #expect(module.isReleased)
    }
}
