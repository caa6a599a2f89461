import Domain
import DomainTesting
import Links
import Routing
import TestSupport
import Testing

@testable import Chat

@MainActor
@Suite("Chat interactor and presenter")
struct ChatPresenterTests {
    let dependencies = Services.demo(signedInAs: DemoData.alice)
    let router = ChatRouterSpy()

    func interactor(with friend: UserID) -> ChatInteractor {
        ChatInteractor(friend: friend, dependencies: dependencies)
    }

    func presenter(with friend: UserID = "bob", router: any ChatRouting) async throws -> ChatPresenter {
        let presenter = ChatPresenter(interactor: interactor(with: friend), router: router)
        try await presenter.load()
        return presenter
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

    @Test("loading shows the conversation; sending adds to it")
    func loadAndSend() async throws {
        let presenter = try await presenter(router: router)
        #expect(presenter.lines == aliceAndBob)
        await presenter.perform(.send, argument: "Here it is.")

        #expect(presenter.lines == aliceAndBob + [.text("  You: Here it is.")])
        #expect(router.calls.isEmpty)
        #expect(presenter.feedback.said.isEmpty)
    }

    @Test("share hands the friend picked to a message carrying the friend's profile link; follow opens it")
    func share() async throws {
        let presenter = try await presenter(router: router)
        router.picked = .success(DemoData.carol)
        await presenter.perform(.share, argument: "")
        await presenter.perform(.follow, argument: "1")

        #expect(
            presenter.lines.last
                == .text("  You: Shared a profile: Carol Singer (@carol) -> test://profile/carol (follow 1)"))
        #expect(presenter.links == ["test://profile/carol"])
        #expect(router.calls == [.pickFriend(excluding: ["bob"]), .follow("test://profile/carol")])
    }

    @Test("no choice sends nothing and says so; a picker that cannot open says why")
    func shareWithoutChoice() async throws {
        let presenter = try await presenter(router: router)
        await presenter.perform(.share, argument: "")
        router.picked = .failure(ChatRouterSpy.PickFailure())
        await presenter.perform(.share, argument: "")

        #expect(presenter.feedback.said == ["No friend picked; nothing was shared.", "error: nobody to pick"])
        #expect(presenter.lines == aliceAndBob)
        #expect(router.calls == [.pickFriend(excluding: ["bob"]), .pickFriend(excluding: ["bob"])])
    }

    @Test("follow is offered only while a shown message carries a link; with no such link it is one error")
    func followMissing() async throws {
        let presenter = try await presenter(router: router)
        #expect(presenter.actions == [.send, .share, .profile])
        await presenter.perform(.follow, argument: "1")
        router.picked = .success(DemoData.dave)
        await presenter.perform(.share, argument: "")
        #expect(presenter.actions == [.send, .share, .follow, .profile])
        await presenter.perform(.follow, argument: "2")

        #expect(
            presenter.feedback.said == [
                "error: no message here carries a link; share sends one",
                "error: there is no link 2; choose a number from 1 to 1",
            ])
        #expect(router.calls == [.pickFriend(excluding: ["bob"])])
    }

    @Test("a message that cannot be sent, or is empty, says why and changes nothing")
    func sendFails() async throws {
        let presenter = try await presenter(router: router)
        await presenter.perform(.send, argument: String(repeating: "x", count: 1_001))
        await presenter.perform(.send, argument: "")

        #expect(
            presenter.feedback.said == [
                "error: the message has 1001 characters; the limit is 1000, so split it",
                "error: send needs some text: send <text>",
            ])
        #expect(presenter.lines == aliceAndBob)
        #expect(try await dependencies.messages.conversation(between: "alice", and: "bob").count == 3)
    }

    @Test("a long conversation shows only its newest messages, with a count of the rest, and a send still counts them")
    func longConversation() async throws {
        let data = DemoData(
            accounts: DemoData.standard.accounts,
            friendships: [("alice", "bob")],
            messages: (1...25).map { (from: "bob", to: "alice", text: "m\($0)") }
        )
        let dependencies = Services.demo(signedInAs: DemoData.alice, backend: InMemoryBackend(data: data))
        let interactor = ChatInteractor(friend: "bob", dependencies: dependencies)
        let presenter = ChatPresenter(interactor: interactor, router: router)
        try await presenter.load()
        let heading = ScreenContent.Line.text("Chat with Bob Builder (@bob)")
        #expect(
            presenter.lines == [heading, .text("  (5 earlier messages)")] + (6...25).map { .text("  Bob: m\($0)") })

        await presenter.perform(.send, argument: "m26")

        #expect(
            presenter.lines
                == [heading, .text("  (6 earlier messages)")] + (7...25).map { .text("  Bob: m\($0)") }
                + [.text("  You: m26")])
    }

    @Test("profile opens the friend's profile; an empty chat invites a first message")
    func requests() async throws {
        let presenter = try await presenter(with: "dave", router: router)
        await presenter.perform(.profile, argument: "")

        #expect(router.calls == [.openProfile("dave")])
        #expect(
            presenter.lines == [
                .text("Chat with Dave Miller (@dave)"), .text("  No messages yet. Say hello with: send <text>"),
            ])
        #expect(presenter.title == "Chat @dave")
    }

    @Test("follow is offered only while a message carries a link")
    func followOnlyWithLinks() async throws {
        let presenter = try await presenter(router: router)
        #expect(presenter.actions == [.send, .share, .profile])
    }

    @Test(
        "a host that says it has no profiles gets a chat that offers neither profile nor share, and sends all the same")
    func withoutProfiles() async throws {
        let router = ProfilelessChatRouter()
        let presenter = try await presenter(router: router)
        // A screen added later from Chat is offered too; these two are not.
        #expect(presenter.actions.first == .send)
        #expect(!presenter.actions.contains(.profile) && !presenter.actions.contains(.share))
        #expect(!presenter.content.actions.map(\.name).contains("profile"))

        await presenter.perform("profile", argument: "")
        await presenter.perform(.send, argument: "Just us.")

        #expect(presenter.said() == [])
        #expect(presenter.lines.last == .text("  You: Just us."))
        await #expect(throws: RoutingError.leftOut("openProfile(for:)")) {
            try await router.openProfile(for: "bob").open()
        }
        await #expect(throws: RoutingError.leftOut("pickFriend(excluding:then:)")) {
            try await router.pickFriend(excluding: [], then: { _ in })
        }
        #expect(router.profileLink(for: "bob") == nil)
    }
}

@MainActor
@Suite("Chat route and place")
struct ChatRouteTests {
    @Test("openChat loads, then pushes by default; close pops")
    func pushedByDefault() async throws {
        let host = try ChatHost()
        try await host.openChat(with: "bob").open()
        #expect(host.stage.titles == NavigationState(root: ["Host", "Chat @bob"]))
        let view = try #require(host.stage.topScreen as? ChatPresenter)
        #expect(view.content.lines == aliceAndBob)
        // Chat's own transition: a slide from the trailing edge.
        #expect(host.stage.animator(of: view)?.animation(isPresenting: true) == ChatTransition.slide.animation)
        #expect(ChatTransition.slide.animation.effect == .slide(from: .trailing))

        try #require(host.stage.router(of: view) as? any Closable).close()
        #expect(host.motions.motions == ["push Chat @bob", "pop Chat @bob"])
    }

    @Test("a chat that cannot load opens nothing and leaves nothing alive")
    func failedLoad() async throws {
        let host = try ChatHost()
        await #expect(throws: ServiceError.notFriends("erin")) { try await host.openChat(with: "erin").open() }

        #expect(host.stage.titles == NavigationState(root: ["Host"]))
        #expect(host.motions.motions.isEmpty)
    }

    @Test("a closed chat is released: presenter and router")
    func released() async throws {
        let host = try ChatHost()
        try await host.openChat(with: "bob").open()
        let module = try #require(
            (host.stage.topScreen as? ChatPresenter).map { WeakProbe([$0, host.stage.router(of: $0)]) })
        #expect(module.aliveCount == 2)

        try #require(host.stage.topScreen.flatMap(host.stage.router(of:)) as? any Closable).close()

        #expect(module.isReleased)
    }

    @Test(
        "its places: the chats tab, and chat/<user>, offering the friend's profile and any shared one; a link parses and prints"
    )
    func declaration() throws {
        let kinds = ChatFeature.places(
            Services.demo(signedInAs: DemoData.alice), chats: TestChatsRouter.self, chat: TestChatRouter.self)
        #expect(kinds.map(\.pattern) == ["chats", "chat/<user>"])
        #expect(kinds.map(\.tab) == ["chats", nil])
        let chat = try #require(kinds.last)
        let bob = AnyPlace(ChatPlace.chat("bob"))
        #expect(chat.path(of: bob) == "chat/bob")
        #expect(chat.place(parameter: "bob") == bob)
        let offered = chat.routes(at: bob, toward: UserID("carol")).map {
            "\($0.action): \($0.route.place?.title ?? "-")"
        }
        #expect(offered == ["follow: Profile @carol", "profile: Profile @bob"])
        #expect(chat.parameter?.problem("Bob") == "write the handle in lowercase: bob")
        #expect(chat.parameter?.problem("b") == "the username is shorter than 3 characters")
        #expect(chat.path(of: AnyPlace(ChatPlace.chats)) == nil)
    }
}
