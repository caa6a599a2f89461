import Console
import Domain
import Routing
import TestSupport
import Testing

@testable import Profile

@MainActor
@Suite("Profile interactor and presenter")
struct ProfilePresenterTests {
    let dependencies = Dependencies.demo(signedInAs: DemoData.alice)
    let router = ProfileRouterSpy()
    let view = ProfileViewSpy()

    func presenter(for user: UserID) -> ProfilePresenter {
        let interactor = ProfileInteractor(users: dependencies.users, session: dependencies.session)
        let presenter = ProfilePresenter(user: user, interactor: interactor, router: router)
        presenter.view = view
        return presenter
    }

    @Test("the interactor sees every profile through the signed-in user")
    func details() async throws {
        let interactor = ProfileInteractor(users: dependencies.users, session: dependencies.session)
        #expect(
            try await interactor.details(of: "erin")
                == ProfileDetails(
                    user: DemoData.erin, isViewer: false, isFriend: false,
                    mutualFriends: [DemoData.carol, DemoData.dave]))
        #expect(
            try await interactor.details(of: "alice")
                == ProfileDetails(user: DemoData.alice, isViewer: true, isFriend: false, mutualFriends: []))
    }

    @Test("loading shows the profile and navigates nowhere")
    func load() async throws {
        try await presenter(for: "bob").load()
        #expect(view.calls == [.display(bobForAlice)])
        #expect(router.calls.isEmpty)
    }

    @Test("on your own profile, edit asks the router for the bio editor; a failure is shown")
    func edit() async throws {
        let presenter = presenter(for: "alice")
        router.failure = RoutingError.windowReleased
        await presenter.editRequested()
        router.failure = nil
        await presenter.editRequested()

        #expect(router.calls == [.openBioEditor, .openBioEditor])
        #expect(view.calls == [.error("the window is gone; nothing can be opened or closed")])
    }

    @Test("shown again, the profile reloads: a bio saved meanwhile shows")
    func reloadsOnAppearing() async throws {
        let dependencies = Dependencies.demo(signedInAs: DemoData.alice)
        let presenter = ProfilePresenter(
            user: "alice", interactor: ProfileInteractor(users: dependencies.users, session: dependencies.session),
            router: router)
        presenter.view = view
        _ = try await dependencies.users.setBio("New here.", of: "alice")
        await presenter.appearing()
        let bio = view.calls.compactMap { call -> String?? in
            if case .display(let model) = call { model.bio } else { nil }
        }
        #expect(bio == ["New here."])
        #expect(router.calls.isEmpty)
    }

    @Test("the profile says how the user relates to the viewer")
    func relations() {
        let stranger = ProfileDetails(
            user: User(id: "zoe", name: "Zoe"), isViewer: false, isFriend: false, mutualFriends: [])
        #expect(
            ProfilePresenter.model(for: stranger)
                == ProfileViewModel(
                    name: "Zoe", handle: "@zoe", bio: nil, relation: "Not friends with you.", mutualFriends: [])
        )
        let me = ProfileDetails(user: DemoData.alice, isViewer: true, isFriend: false, mutualFriends: [])
        #expect(
            ProfilePresenter.model(for: me)
                == ProfileViewModel(
                    name: "Alice Liddell", handle: "@alice", bio: DemoData.alice.bio, relation: "This is you.",
                    mutualFriends: nil, isViewer: true)
        )
    }

    @Test("a profile service that is down fails the load")
    func unavailable() async {
        await #expect(throws: ServiceError.unavailable("frank")) { try await presenter(for: "frank").load() }
        #expect(view.calls.isEmpty)
    }

    @Test("a failed load shows nothing; the error goes to whoever opened the profile")
    func loadFails() async {
        await #expect(throws: ServiceError.unknownUser("zed")) { try await presenter(for: "zed").load() }
        dependencies.session.end()
        await #expect(throws: SessionError.signedOut) { try await presenter(for: "bob").load() }
        #expect(view.calls.isEmpty)
    }

    @Test("message opens the chat; close asks the router")
    func requests() async throws {
        let presenter = presenter(for: "bob")
        try await presenter.load()
        await presenter.messageRequested()
        presenter.closeRequested()

        #expect(router.calls == [.openChat("bob"), .close])
        #expect(view.calls == [.display(bobForAlice)])
    }

    @Test("a chat that cannot open shows why")
    func chatFails() async throws {
        let presenter = presenter(for: "erin")
        router.failure = ServiceError.notFriends("erin")
        await presenter.messageRequested()

        #expect(view.calls == [.error("you and @erin are not friends; you can only chat with friends")])
    }
}

@MainActor
@Suite("Profile view")
struct ProfileViewTests {
    final class Listener: ProfileViewListener {
        var calls: [String] = []
        func messageRequested() async { calls.append("message") }
        func editRequested() async { calls.append("edit") }
        func closeRequested() { calls.append("close") }
        func appearing() async { calls.append("appearing") }
    }

    @Test("your own profile offers edit instead of message and close, on both screens", arguments: [false, true])
    func ownProfile(card: Bool) async throws {
        let listener = Listener()
        let view: ProfileScreen =
            card ? ProfileCardView(user: "alice", listener: listener) : ProfileView(user: "alice", listener: listener)
        view.display(
            ProfilePresenter.model(
                for: ProfileDetails(user: DemoData.alice, isViewer: true, isFriend: false, mutualFriends: [])))
        #expect(view.commands.map(\.name) == ["edit"])
        await view.handle(try #require(Command("edit")), in: SecretPrompt())
        await view.willAppear()
        #expect(listener.calls == ["edit", "appearing"])
    }

    @Test("commands and back become the presenter's events, on both screens", arguments: [false, true])
    func commands(card: Bool) async throws {
        let listener = Listener()
        let view: ProfileScreen =
            card ? ProfileCardView(user: "bob", listener: listener) : ProfileView(user: "bob", listener: listener)
        await view.handle(try #require(Command("message")), in: SecretPrompt())
        await view.handle(try #require(Command("close")), in: SecretPrompt())
        await view.backRequested()

        #expect(view.title == "Profile @bob")
        #expect(view.user == "bob")
        #expect(listener.calls == ["message", "close", "close"])
    }

    @Test("the classic screen draws three lines, the card screen a box")
    func layouts() {
        let classic = ProfileView(user: "bob", listener: Listener())
        let card = ProfileCardView(user: "bob", listener: Listener())
        #expect(classic.body.isEmpty)
        classic.display(bobForAlice)
        card.display(bobForAlice)

        #expect(classic.body == bobClassic)
        #expect(card.body == bobCard)
    }

    @Test("the card screen of your own profile has no mutual friends line")
    func ownCard() {
        let card = ProfileCardView(user: "zoe", listener: Listener())
        card.display(
            ProfileViewModel(name: "Zoe", handle: "@zoe", bio: nil, relation: "This is you.", mutualFriends: nil))
        #expect(
            card.body == [
                "+--------------+", "| Zoe  @zoe    |", "| No bio yet.  |", "| This is you. |", "+--------------+",
            ])
    }
}

@MainActor
@Suite("Profile route")
struct ProfileRouteTests {
    @Test(
        "openProfile loads, then presents modally by default, on the screen profile.v2 picks", arguments: [false, true])
    func modalByDefault(card: Bool) async throws {
        let host = try ProfileHost(dependencies: .demo(cardScreen: card))
        try await host.openProfile(for: "bob")

        #expect(host.stage.titles == NavigationState(root: ["Host"], modals: [["Profile @bob"]]))
        #expect(host.motions.motions == ["present Profile @bob"])
        let screen = try #require(host.stage.topScreen as? ProfileScreen)
        #expect((screen is ProfileCardView) == card)
        #expect(screen.body == (card ? bobCard : bobClassic))
    }

    @Test(
        "turning profile.v2 while a profile is open leaves that screen be; the next open follows it",
        arguments: [false, true])
    func flagTurnedWhileOpen(from card: Bool) async throws {
        let dependencies = Dependencies.demo(cardScreen: card)
        let host = try PushingProfileHost(dependencies: dependencies)
        try await host.openProfile(for: "bob")
        let first = try #require(host.stage.topScreen as? ProfileScreen)

        try dependencies.flags.set("profile.v2", to: !card)
        #expect(first.body == (card ? bobCard : bobClassic))
        await first.handle(try #require(Command("message")), in: SecretPrompt())
        #expect(host.lastRouter?.chats == ["bob"])

        try await host.openProfile(for: "carol")
        let second = try #require(host.stage.topScreen as? ProfileScreen)
        #expect((second is ProfileCardView) == !card)
        #expect((first is ProfileCardView) == card)
        #expect(host.stage.titles == NavigationState(root: ["Host", "Profile @bob", "Profile @carol"]))
    }

    @Test("of two profiles loading at once, the newest opens and the older is cancelled", arguments: [0, 1])
    func newestWins(releasingFirst older: Int) async throws {
        let users = HeldUsers(InMemoryBackend())
        let host = try ProfileHost(dependencies: .demo(cardScreen: false, users: users))
        let first = Task { try await host.openProfile(for: "bob") }
        try await users.waitForHeld(1)
        weak let olderRouter = host.lastRouter
        let second = Task { try await host.openProfile(for: "carol") }
        try await users.waitForHeld(2)

        await users.release(older == 0 ? 0 : 1)
        await users.release(0)

        await #expect(throws: RoutingError.superseded) { try await first.value }
        try await second.value
        #expect(host.stage.titles == NavigationState(root: ["Host"], modals: [["Profile @carol"]]))
        #expect(host.motions.motions == ["present Profile @carol"])
        #expect(olderRouter == nil)
    }

    @Test("its tab provider opens the profile as a tab, on the screen the flag picks", arguments: [false, true])
    func tab(card: Bool) async throws {
        let host = try ProfileHost(dependencies: .demo(cardScreen: card))
        let router = ProfileModuleStub(place: "Me")
        try await host.openTabs(
            [.profile(named: "me", of: "alice", router: router, dependencies: host.dependencies)], selecting: "me")

        #expect(host.stage.titles == NavigationState(tabs: [.init(name: "me", stack: ["Profile @alice"])], selected: 0))
        #expect((host.stage.topScreen is ProfileCardView) == card)
        #expect(host.stage.router(of: try #require(router.view)) === router)
    }

    @Test("a router that overrides profileTransition pushes instead, and close pops")
    func overriddenTransition() async throws {
        let host = try PushingProfileHost()
        try await host.openProfile(for: "bob")
        try host.lastRouter?.close()

        #expect(host.motions.motions == ["push Profile @bob", "pop Profile @bob"])
        #expect(host.stage.titles == NavigationState(root: ["Host"]))
    }

    @Test(
        "a profile that cannot load opens nothing and leaves nothing alive",
        arguments: [(UserID("zed"), true), (UserID("frank"), true), (UserID("bob"), false)]
    )
    func failedLoad(user: UserID, signedIn: Bool) async throws {
        let host = try ProfileHost(dependencies: .demo(signedInAs: signedIn ? DemoData.alice : nil))
        await #expect(throws: (any Error).self) { try await host.openProfile(for: user) }

        #expect(host.stage.titles == NavigationState(root: ["Host"]))
        #expect(host.motions.motions.isEmpty)
        #expect(host.lastRouter == nil)
    }

    @Test("a closed profile is released: view, presenter and router")
    func released() async throws {
        let host = try ProfileHost()
        try await host.openProfile(for: "bob")
        let module = try #require(
            (host.stage.topScreen as? ProfileScreen).map { WeakProbe([$0, $0.listener, host.lastRouter]) })
        #expect(module.aliveCount == 3)

        try host.lastRouter?.close()

        #expect(module.isReleased)
    }
}
