import Domain
import DomainTesting
import Navigation
import NavigationTesting
import TestSupport
import Testing

@testable import Chat

@MainActor
@Suite("Chat interactor")
struct ChatInteractorTests {
    let dependencies = Services.demo(signedInAs: DemoData.alice)

    func interactor(with friend: UserID) -> ChatInteractor {
        ChatInteractor(friend: friend, dependencies: dependencies)
    }

    @Test("the interactor loads the signed-in user's conversation and sends as them")
    func interactor() async throws {
        let chat = interactor(with: "carol")
        let conversation = try await chat.conversation(newest: 20)
        #expect(conversation.me == DemoData.alice)
        #expect(conversation.friend == DemoData.carol)
        #expect(conversation.messages.map(\.text) == ["Choir at seven tonight?"])
        let newest = try await interactor(with: "bob").conversation(newest: 2)
        #expect(newest.messages.map(\.id) == [2, 3])
        #expect(newest.earlierCount == 1)
        #expect(
            try await chat.send("See you there.")
                == Message(id: 5, sender: "alice", recipient: "carol", text: "See you there."))
    }

    @Test("a conversation cannot load for a stranger, an unknown user, or nobody signed in")
    func loadFails() async {
        await #expect(throws: ServiceError.notFriends("erin")) {
            try await interactor(with: "erin").conversation(newest: 20)
        }
        await #expect(throws: ServiceError.unknownUser("zed")) {
            try await interactor(with: "zed").conversation(newest: 20)
        }
        dependencies.session.end()
        await #expect(throws: SessionError.signedOut) { try await interactor(with: "bob").conversation(newest: 20) }
    }

    @Test("Chat's rule for a link: a chat is with a user who exists and is a friend")
    func rule() async throws {
        try await ChatInteractor.checkChat(with: "bob", dependencies: dependencies)
        await #expect(throws: ServiceError.notFriends("erin")) {
            try await ChatInteractor.checkChat(with: "erin", dependencies: dependencies)
        }
        await #expect(throws: ServiceError.unknownUser("zed")) {
            try await ChatInteractor.checkChat(with: "zed", dependencies: dependencies)
        }
    }
}

/// A chat as its user uses it: what they do, what navigation did, what they see.
@MainActor
@Suite("Chat, as its user sees it")
struct ChatTests {
    @Test("it shows the conversation; send adds to it, and opens nothing")
    func loadAndSend() async throws {
        let tester = try await chatTester()
        tester.expectScreen("Chat @bob", aliceAndBob, actions: ["send", "share", "profile"])

        await tester.perform(ChatPresenter.Action.send, "Here it is.")

        tester.expectNothing()
        tester.expectScreen("Chat @bob", aliceAndBob + [.text("  You: Here it is.")])
        tester.finish()
    }

    @Test("a chat opened again shows its conversation as it is, whichever services hold it, and what was sent since")
    func openedAgain() async throws {
        let first = try await chatTester()
        await first.perform(ChatPresenter.Action.send, "Only here.")
        first.expectNothing()
        first.expectScreen("Chat @bob", aliceAndBob + [.text("  You: Only here.")])
        first.finish()

        // Other services, whose messages have the same ids: their own conversation is shown.
        let second = try await chatTester()
        second.expectScreen("Chat @bob", aliceAndBob, actions: ["send", "share", "profile"])
        await second.perform(ChatPresenter.Action.send, "Over there.")
        second.expectNothing()
        second.expectScreen("Chat @bob", aliceAndBob + [.text("  You: Over there.")])
        second.finish()
    }

    @Test("share sends the friend picked, as a message carrying their profile's link; follow opens it")
    func share() async throws {
        let tester = try await chatTester()
        await tester.perform(ChatPresenter.Action.share)
        tester.expect(.present(.picker), .awaitingReply(.picker))
        await tester.pick("carol")
        tester.expect(.dismiss(.picker), .replied(.picker, answered: true))
        await tester.perform(ChatPresenter.Action.follow, "1")

        tester.expect(.followed("test://profile/carol"))
        tester.expectScreen(
            "Chat @bob",
            aliceAndBob + [.text("  You: Shared a profile: Carol Singer (@carol) -> test://profile/carol (follow 1)")],
            actions: ["send", "share", "follow", "profile"])
        tester.finish()
    }

    @Test(
        "an answer kept before a relaunch is sent once: the message consumes its record, and the same answer given again sends nothing"
    )
    func keptAnswerSentOnce() async throws {
        let backend = InMemoryBackend()
        let tester = try await chatTester(services: { .demo(signedInAs: DemoData.alice, backend: backend, prompt: $0) })
        let record = backend.keepAnswer("carol", action: "share", asker: "chat/bob", of: "alice")
        let answer = Answer(action: "share", text: "carol", record: record)
        let chat = try #require(tester.top as? ChatPresenter)

        await chat.receive(answer)
        await chat.receive(answer)

        tester.expectNothing()
        tester.expectScreen(
            "Chat @bob",
            aliceAndBob + [.text("  You: Shared a profile: Carol Singer (@carol) -> test://profile/carol (follow 1)")])
        #expect(backend.keptAnswers(of: "alice").isEmpty)
        tester.finish()
    }

    @Test("no choice sends nothing and says so; a picker that cannot open says why")
    func shareWithoutChoice() async throws {
        let none = try await chatTester()
        await none.perform(ChatPresenter.Action.share)
        await none.back()
        none.expect(
            .present(.picker), .awaitingReply(.picker), .dismiss(.picker), .replied(.picker, answered: false),
            .said("No friend picked; nothing was shared."))
        none.expectScreen("Chat @bob", aliceAndBob)
        none.finish()

        let failing = try await chatTester(in: FailingPickChatTest.self)
        await failing.perform(ChatPresenter.Action.share)
        failing.expect(.said("error: Pick a friend could not open"))
        failing.finish()
    }

    @Test("follow is offered only while a shown message carries a link; a number with no link is one error")
    func followMissing() async throws {
        let tester = try await chatTester()
        await tester.perform(ChatPresenter.Action.share)
        await tester.pick("carol")
        await tester.perform(ChatPresenter.Action.follow, "2")

        tester.expect(
            .present(.picker), .awaitingReply(.picker), .dismiss(.picker), .replied(.picker, answered: true),
            .said("error: there is no link 2; choose a number from 1 to 1"))
        tester.finish()
    }

    @Test("a message that cannot be sent, or is empty, says why and changes nothing")
    func sendFails() async throws {
        let tester = try await chatTester()
        await tester.perform(ChatPresenter.Action.send, String(repeating: "x", count: 1_001))
        await tester.perform(ChatPresenter.Action.send, "")

        tester.expect(
            .said("error: the message has 1001 characters; the limit is 1000, so split it"),
            .said("error: send needs some text: send <text>"))
        tester.expectScreen("Chat @bob", aliceAndBob)
        tester.finish()
    }

    @Test(
        "a long conversation shows only its newest messages, with a count of the rest, and opens at its end; a send still counts them"
    )
    func longConversation() async throws {
        let data = DemoData(
            accounts: DemoData.standard.accounts, friendships: [("alice", "bob")],
            messages: (1...25).map { (from: "bob", to: "alice", text: "m\($0)") })
        let tester = try await chatTester {
            .demo(signedInAs: DemoData.alice, backend: InMemoryBackend(data: data), prompt: $0)
        }
        let heading = ScreenContent.Line.text("Chat with Bob Builder (@bob)")
        tester.expectScreen(
            "Chat @bob", [heading, .text("  (5 earlier messages)")] + (6...25).map { .text("  Bob: m\($0)") })
        // A front short of rows for them all shows the newest first.
        #expect(tester.top?.content.opensAtEnd == true)

        await tester.perform(ChatPresenter.Action.send, "m26")

        tester.expectScreen(
            "Chat @bob",
            [heading, .text("  (6 earlier messages)")] + (7...25).map { .text("  Bob: m\($0)") } + [.text("  You: m26")]
        )
        tester.finish()
    }

    @Test("profile pushes the friend's profile on the chat's stack; an empty chat invites a first message")
    func profile() async throws {
        let tester = try await chatTester(.chat("dave"))
        tester.expectScreen(
            "Chat @dave",
            [.text("Chat with Dave Miller (@dave)"), .text("  No messages yet. Say hello with: send <text>")])

        await tester.perform(ChatPresenter.Action.profile)

        tester.expect(.push("Profile @dave"))
        tester.finish()
    }

    @Test("a query item marks a message; one it does not have leaves it unmarked, with a note")
    func query() async throws {
        let tester = try await chatTester()
        var mark = QueryItems()
        mark["message"] = .int(2)
        await tester.deliver(mark)
        mark["message"] = .int(9)
        await tester.deliver(mark)

        tester.expect(.delivered(.chat("bob"), "message=2"), .delivered(.chat("bob"), "message=9"))
        tester.expect(.said("Not marked: there is no message 9; this chat shows 3."))
        tester.finish()
    }

    @Test(
        "a host that says it has no profiles gets a chat that offers neither profile nor share, and sends all the same")
    func withoutProfiles() async throws {
        let tester = try await chatTester(in: ProfilelessChatTest.self)
        tester.expectScreen("Chat @bob", aliceAndBob, actions: ["send"])

        await tester.perform(ChatPresenter.Action.send, "Just us.")

        tester.expectNothing()
        tester.expectScreen("Chat @bob", aliceAndBob + [.text("  You: Just us.")])
        tester.finish()
    }
}

/// How a chat opens, and what it leaves behind.
@MainActor
@Suite("Chat route and place")
struct ChatRouteTests {
    @Test("from the conversations, a chat loads, then is pushed with Chat's slide; back pops it, and it is released")
    func pushedAndReleased() async throws {
        let tester = try await chatTester(.chats)
        await tester.perform(ChatsPresenter.Action.chat, "2")
        tester.expect(.load(.opened), .push(.chat("bob")))
        let animation = tester.top.flatMap { tester.window.state.screens.entry(of: $0)?.animator }?.animation(
            isPresenting: true)
        #expect(animation == ChatTransition.slide.animation)
        #expect(ChatTransition.slide.animation.effect == .slide(from: .trailing))
        let module = try #require(tester.top.map { WeakProbe([$0, tester.window.state.screens.router(of: $0)]) })

        await tester.back()

        tester.expect(.pop(.chat("bob")))
        #expect(module.isReleased)
        tester.finish()
    }

    @Test("a chat its rule refuses opens nothing, and says which rule and why")
    func failedLoad() async throws {
        let error = await #expect(throws: PlaceRule.Broken.self) { _ = try await chatTester(.chat("erin")) }
        guard case .doesNotHold(let rule, let reason as ServiceError)? = error else {
            Issue.record("not the rule: \(String(describing: error))")
            return
        }
        #expect(rule == "friendship" && reason == .notFriends("erin"))
    }

    @Test(
        "its places: the conversations, and chat/<user>, offering the friend's profile and any shared one; a link reads and prints"
    )
    func declaration() throws {
        #expect([ChatTest.chats, .chat("bob")].map(\.link.pattern) == ["chats", "chat/<user>"])
        let bob = ChatTest.chat("bob")
        #expect(bob.link.description == "chat/bob")
        // What each action opens toward a user a link names.
        let offered = Services.demo(signedInAs: DemoData.alice).demoOffers(at: bob)
        #expect(offered == ["share: Pick a friend but @bob", "follow: Profile @carol", "profile: Profile @bob"])
        let user = try #require(bob.link.types.first)
        #expect(user.problem("Bob") == "write the handle in lowercase: bob")
        #expect(user.problem("b") == "the username is shorter than 3 characters")
        #expect(ChatTest.chats.link.description == "chats")
    }
}

extension Services {
    /// What each action of `place`'s screen opens toward the user `carol`, as `action: title`.
    @MainActor func demoOffers(at place: ChatTest) -> [String] {
        ChatFeature<ChatTest, TestChatRouter>.offers(at: .chat("bob"), in: self).compactMap { offer in
            let route = offer.argument.isEmpty ? offer.route() : offer.route(["carol"])
            return route?.place.map { "\(offer.action): \($0.title)" }
        }
    }
}
