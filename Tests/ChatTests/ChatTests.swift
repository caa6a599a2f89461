import Console
import Domain
import Routing
import TestSupport
import Testing

@testable import Chat

@MainActor
@Suite("Chat interactor and presenter")
struct ChatPresenterTests {
    let dependencies = Dependencies.demo(signedInAs: DemoData.alice)
    let router = ChatRouterSpy()
    let view = ChatViewSpy()

    func interactor(with friend: UserID) -> ChatInteractor {
        ChatInteractor(
            friend: friend, users: dependencies.users, messages: dependencies.messages, session: dependencies.session)
    }

    func presenter(with friend: UserID = "bob") async throws -> ChatPresenter {
        let presenter = ChatPresenter(interactor: interactor(with: friend), router: router)
        presenter.view = view
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

    @Test("loading shows the conversation; sending adds to it")
    func loadAndSend() async throws {
        let presenter = try await presenter()
        await presenter.sendRequested(text: "Here it is.")

        var sent = aliceAndBob
        sent.lines.append("You: Here it is.")
        #expect(view.calls == [.display(aliceAndBob), .display(sent)])
        #expect(router.calls.isEmpty)
    }

    @Test("share awaits the friend picked, then sends a message carrying the friend's profile link; follow opens it")
    func share() async throws {
        let presenter = try await presenter()
        router.picked = .success(DemoData.carol)
        await presenter.shareRequested()
        await presenter.followRequested(number: 1)

        var shared = aliceAndBob
        shared.lines.append("You: Shared a profile: Carol Singer (@carol) -> test://profile/carol (follow 1)")
        shared.links = ["test://profile/carol"]
        #expect(view.calls == [.display(aliceAndBob), .display(shared)])
        #expect(router.calls == [.pickFriend(excluding: ["bob"]), .follow("test://profile/carol")])
    }

    @Test("no choice sends nothing and says so; a picker that cannot open says why")
    func shareWithoutChoice() async throws {
        let presenter = try await presenter()
        await presenter.shareRequested()
        router.picked = .failure(ChatRouterSpy.PickFailure())
        await presenter.shareRequested()

        #expect(
            view.calls == [
                .display(aliceAndBob), .notice("No friend picked; nothing was shared."), .error("nobody to pick"),
            ])
        #expect(router.calls == [.pickFriend(excluding: ["bob"]), .pickFriend(excluding: ["bob"])])
    }

    @Test("follow with no such link is one error and follows nothing")
    func followMissing() async throws {
        let presenter = try await presenter()
        await presenter.followRequested(number: 1)
        router.picked = .success(DemoData.dave)
        await presenter.shareRequested()
        await presenter.followRequested(number: 2)

        #expect(view.calls.first == .display(aliceAndBob))
        #expect(
            view.calls.filter { if case .error = $0 { true } else { false } } == [
                .error("no message here carries a link; share sends one"),
                .error("there is no link 2; choose a number from 1 to 1"),
            ])
        #expect(router.calls == [.pickFriend(excluding: ["bob"])])
    }

    @Test("a message that cannot be sent shows why and changes nothing")
    func sendFails() async throws {
        let presenter = try await presenter()
        await presenter.sendRequested(text: String(repeating: "x", count: 1_001))

        #expect(
            view.calls == [
                .display(aliceAndBob), .error("the message has 1001 characters; the limit is 1000, so split it"),
            ])
        #expect(try await dependencies.messages.conversation(between: "alice", and: "bob").count == 3)
    }

    @Test("only the newest messages show, with a count of the rest")
    func longConversation() {
        let messages = (1...25).map {
            Message(id: $0, sender: $0.isMultiple(of: 2) ? "alice" : "bob", recipient: "x", text: "m\($0)")
        }
        let model = ChatPresenter.model(for: ChatHistory(me: DemoData.alice, friend: DemoData.bob, messages: messages))
        #expect(model.hiddenCount == 5)
        #expect(model.lines.first == "You: m6")
        #expect(model.lines.last == "Bob: m25")
    }

    @Test("a long conversation keeps only what the screen shows, and a send still counts the rest")
    func longConversationSend() async throws {
        let data = DemoData(
            accounts: DemoData.standard.accounts,
            friendships: [("alice", "bob")],
            messages: (1...25).map { (from: "bob", to: "alice", text: "m\($0)") }
        )
        let dependencies = Dependencies.demo(signedInAs: DemoData.alice, backend: InMemoryBackend(data: data))
        let interactor = ChatInteractor(
            friend: "bob", users: dependencies.users, messages: dependencies.messages, session: dependencies.session)
        let presenter = ChatPresenter(interactor: interactor, router: router)
        presenter.view = view
        try await presenter.load()
        await presenter.sendRequested(text: "m26")

        let heading = "Chat with Bob Builder (@bob)"
        #expect(
            view.calls == [
                .display(ChatViewModel(heading: heading, lines: (6...25).map { "Bob: m\($0)" }, hiddenCount: 5)),
                .display(
                    ChatViewModel(
                        heading: heading, lines: (7...25).map { "Bob: m\($0)" } + ["You: m26"], hiddenCount: 6)),
            ])
    }

    @Test("profile opens the friend's profile; back asks the router and shows why it cannot")
    func requests() async throws {
        let presenter = try await presenter()
        await presenter.profileRequested()
        router.closeFailure = .notInWindow(screen: "Chat @bob")
        presenter.closeRequested()

        #expect(router.calls == [.openProfile("bob"), .close])
        #expect(
            view.calls == [
                .display(aliceAndBob), .error("Chat @bob is not on screen; it was closed already or never opened"),
            ])
    }
}

@MainActor
@Suite("Chat view")
struct ChatViewTests {
    final class Listener: ChatViewListener {
        var calls: [String] = []
        func sendRequested(text: String) async { calls.append("send \(text)") }
        func shareRequested() async { calls.append("share") }
        func followRequested(number: Int) async { calls.append("follow \(number)") }
        func profileRequested() async { calls.append("profile") }
        func closeRequested() { calls.append("close") }
    }

    @Test("send keeps the text as typed between its ends; share, follow, profile and back become events")
    func commands() async throws {
        let listener = Listener()
        let view = ChatView(user: "bob", listener: listener)
        for line in ["send  Hello,   Bob!  ", "share", "follow 2", "profile"] {
            await view.handle(try #require(Command(line)), in: SecretPrompt())
        }
        await view.backRequested()

        #expect(view.title == "Chat @bob")
        #expect(listener.calls == ["send Hello,   Bob!", "share", "follow 2", "profile", "close"])
    }

    @Test("follow is listed only while a shown message carries a link, and takes one number")
    func followCommand() async throws {
        let listener = Listener()
        let view = ChatView(user: "bob", listener: listener)
        #expect(view.commands.map(\.name) == ["send", "share", "profile"])
        view.display(ChatViewModel(heading: "H", lines: ["You: x -> l (follow 1)"], links: ["l"], hiddenCount: 0))
        #expect(view.commands.map(\.name) == ["send", "share", "follow", "profile"])
        await view.handle(try #require(Command("follow one")), in: SecretPrompt())
        #expect(view.feedback.lines == [.error("follow needs one link's number: follow <n>, with n from (follow n)")])
        #expect(listener.calls.isEmpty)
    }

    @Test("send without text is an error and reaches no presenter")
    func emptySend() async throws {
        let listener = Listener()
        let view = ChatView(user: "bob", listener: listener)
        await view.handle(try #require(Command("send   ")), in: SecretPrompt())

        #expect(view.feedback.lines == [.error("send needs some text: send <text>")])
        #expect(listener.calls.isEmpty)
    }

    @Test("the body shows the heading, the earlier count, and the messages or an invitation")
    func body() {
        let view = ChatView(user: "bob", listener: Listener())
        view.display(ChatViewModel(heading: "Chat with Bob Builder (@bob)", lines: [], hiddenCount: 0))
        #expect(view.body == ["Chat with Bob Builder (@bob)", "  No messages yet. Say hello with: send <text>"])

        view.display(ChatViewModel(heading: "H", lines: ["Bob: hi"], hiddenCount: 3))
        #expect(view.body == ["H", "  (3 earlier messages)", "  Bob: hi"])
    }
}

@MainActor
@Suite("Chat route")
struct ChatRouteTests {
    @Test("openChat loads, then pushes by default; close pops")
    func pushedByDefault() async throws {
        let host = try ChatHost()
        try await host.openChat(with: "bob")
        #expect(host.stage.titles == NavigationState(root: ["Host", "Chat @bob"]))
        #expect((host.stage.topScreen as? ChatView)?.body.count == 4)

        try host.lastRouter?.close()
        #expect(host.motions.motions == ["push Chat @bob", "pop Chat @bob"])
    }

    @Test("a chat that cannot load opens nothing and leaves nothing alive")
    func failedLoad() async throws {
        let host = try ChatHost()
        await #expect(throws: ServiceError.notFriends("erin")) { try await host.openChat(with: "erin") }

        #expect(host.stage.titles == NavigationState(root: ["Host"]))
        #expect(host.lastRouter == nil)
    }

    @Test("a closed chat is released: view, presenter and router")
    func released() async throws {
        let host = try ChatHost()
        try await host.openChat(with: "bob")
        let module = try #require(
            (host.stage.topScreen as? ChatView).map { WeakProbe([$0, $0.listener, host.lastRouter]) })
        #expect(module.aliveCount == 3)

        try host.lastRouter?.close()

        #expect(module.isReleased)
    }
}
