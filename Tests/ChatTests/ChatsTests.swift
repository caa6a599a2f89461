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
            .load(.opened), .push(.chat("bob")))
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

    @Test("its module is the host's router class's, and a replaced root releases it")
    func released() async throws {
        let tester = try await chatTester(.chats)
        let window = tester.window
        let module = try #require(
            (window.state.screens.topScreen as? ChatsPresenter).map {
                WeakProbe([$0, window.state.screens.router(of: $0)])
            })
        #expect(module.aliveCount == 2)
        #expect(window.state.screens.topScreen?.content.actions.map(\.name) == ["chat"])

        try window.replaceRoot(with: StubScreen("Login"), as: "Login")

        #expect(module.isReleased)
    }
}
