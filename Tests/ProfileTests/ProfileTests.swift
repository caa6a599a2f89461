import Domain
import DomainTesting
import Navigation
import NavigationTesting
import TestSupport
import Testing
import VirtualTime

@testable import Profile

@MainActor
@Suite("Profile interactor")
struct ProfileInteractorTests {
    let dependencies = Services.demo(signedInAs: DemoData.alice)

    @Test("the interactor sees every profile through the signed-in user")
    func details() async throws {
        let interactor = ProfileInteractor(dependencies: dependencies)
        #expect(
            try await interactor.details(of: "erin")
                == ProfileDetails(
                    user: DemoData.erin, isViewer: false, isFriend: false,
                    mutualFriends: [DemoData.carol, DemoData.dave]))
        #expect(
            try await interactor.details(of: "alice")
                == ProfileDetails(user: DemoData.alice, isViewer: true, isFriend: false, mutualFriends: []))
    }

}

/// `place` shown by the navigation tester, presented as a friends list presents it, in the test's
/// places (`ProfileTest` by default), on `services`.
@MainActor
func profileTester<Places: ProfileTestPlaces>(
    _ place: ProfilePlace = .profile("bob"), in places: Places.Type = ProfileTest.self,
    services: @MainActor (any UserPrompt) -> Services = { .demo(signedInAs: DemoData.alice, prompt: $0) }
) async throws -> NavigationTester<Places> {
    try await NavigationTester(showing: .profile(place), transition: ModalTransition()) { prompt in services(prompt) }
}

/// A profile as its user uses it.
@MainActor
@Suite("Profile, as its user sees it")
struct ProfileTests {
    @Test("someone else's profile shows who they are to you, offers message and close; message pushes the chat")
    func other() async throws {
        let tester = try await profileTester()
        tester.expectScreen("Profile @bob", bobClassic, actions: ["message", "close", "unfriend"])

        await tester.perform(ProfilePresenter.Action.message)
        await tester.back()
        await tester.perform(ProfilePresenter.Action.close)

        tester.expect(.push("Chat @bob"), .pop("Chat @bob"), .dismiss(.profile("bob")))
        tester.finish()
    }

    @Test("unfriending is the one action going back does not undo: a front asks before one key does it")
    func destructive() {
        #expect(ProfilePresenter.Action.allCases.filter(\.isDestructive) == [.unfriend])
    }

    @Test("your own profile offers edit, which presents the bio editor over it")
    func own() async throws {
        let tester = try await profileTester(.profile("alice"))
        tester.expectScreen(
            "Profile @alice",
            [
                .text("Alice Liddell (@alice)"), .text("\"Follows white rabbits; reads routing tables for fun.\""),
                .text("This is you."),
            ], actions: ["edit"])

        await tester.perform(ProfilePresenter.Action.edit)

        tester.expect(.load(.opened), .present(.editBio))
        tester.finish()
    }

    @Test("shown again, the profile reloads: a bio saved meanwhile shows")
    func reloadsOnAppearing() async throws {
        let services = Services.demo(signedInAs: DemoData.alice)
        let tester = try await profileTester(.profile("alice")) { _ in services }
        _ = try await services.users.setBio("New here.", of: "alice")

        await tester.reappear()

        tester.expectScreen(
            "Profile @alice", [.text("Alice Liddell (@alice)"), .text("\"New here.\""), .text("This is you.")])
        tester.finish()
    }

    @Test("a chat that cannot open says why, and the profile stays")
    func chatRefused() async throws {
        let tester = try await profileTester(in: RefusingProfileTest.self)
        await tester.perform(ProfilePresenter.Action.message)

        tester.expect(.said("error: Chat @bob could not open"))
        tester.finish()
    }

    @Test(
        "unfriend on a friend's profile ends the friendship and the profile shows it, offering befriend; befriend makes it again"
    )
    func friendship() async throws {
        let services = Services.demo(signedInAs: DemoData.alice)
        let tester = try await profileTester { _ in services }
        await tester.perform(ProfilePresenter.Action.unfriend)

        tester.expectScreen(
            "Profile @bob",
            Array(bobClassic.prefix(2)) + [.text("Not friends with you. Mutual friends: Carol Singer.")],
            actions: ["message", "close", "befriend"])
        #expect(try await services.areFriends("alice", "bob") == false)

        await tester.perform(ProfilePresenter.Action.befriend)
        tester.expectScreen("Profile @bob", bobClassic, actions: ["message", "close", "unfriend"])
        #expect(try await services.areFriends("alice", "bob"))
        tester.finish()
    }

    @Test("a host that leaves chats out, saying so (ProfileWithoutChats), gets profiles that offer no message")
    func needsLeftOut() async throws {
        let other = try await profileTester(in: ChatlessProfileTest.self)
        other.expectScreen("Profile @bob", bobClassic, actions: ["close", "unfriend"])
        other.finish()
        let own = try await profileTester(.profile("alice"), in: ChatlessProfileTest.self)
        #expect(own.top?.availableActions.map(\.name) == ["edit"])
        own.finish()
    }

    @Test(
        "Profile's load policy, on the virtual clock: a slow profile has a placeholder after 300 ms; one not answering is tried twice more, after 500 ms and 1 s, then says so"
    )
    func loadPolicy() async throws {
        let clock = VirtualClock()
        func services(_ bob: DemoNetwork.Behaviour, _ prompt: any UserPrompt) -> Services {
            let backend = InMemoryBackend()
            let network = DemoNetwork(users: backend, messages: backend, behaviours: ["bob": bob], clock: clock)
            let services = Services(
                auth: backend, users: network, messages: network, session: Session(), flags: FeatureFlags(),
                prompt: prompt)
            services.session.begin(as: DemoData.alice)
            return services
        }
        let tester = try await NavigationTester<ProfileTest>(showing: .profile("alice"), clock: clock) {
            services(.slow(.seconds(1)), $0)
        }
        tester.advancesTime = false
        await tester.open(.profile("bob"), transition: ModalTransition())
        await tester.advance(by: .milliseconds(299))
        tester.expectNothing()
        await tester.advance(by: .milliseconds(1))
        tester.expect(.load(.placeholder(after: .milliseconds(300))), .present(.profile("bob")))
        await tester.advance(by: .milliseconds(700))
        tester.expect(.load(.opened))
        tester.expectScreen("Profile @bob", bobClassic)

        // Frank's profile service is down: two more tries, then the error.
        tester.advancesTime = true
        await tester.open(.profile("frank"), transition: ModalTransition())
        // The first try fails at once; the placeholder comes at 300 ms, during the first wait.
        let down = "the profile service is not answering for @frank; try again later"
        tester.expect(
            .load(.retrying(attempt: 2, after: .milliseconds(500))),
            .load(.placeholder(after: .milliseconds(300))), .present(.profile("frank")),
            .load(.retrying(attempt: 3, after: .seconds(1))), .load(.failed(down)),
            .dismiss(.profile("frank")), .said("error: " + down))
        tester.finish()
    }

    @Test("a profile service that is down, an unknown user, or nobody signed in opens nothing")
    func loadFails() async {
        await #expect(throws: ServiceError.unavailable("frank")) { _ = try await profileTester(.profile("frank")) }
        await #expect(throws: ServiceError.unknownUser("zed")) { _ = try await profileTester(.profile("zed")) }
        await #expect(throws: SessionError.signedOut) { _ = try await profileTester { .demo(prompt: $0) } }
    }
}

@MainActor
@Suite("Profile presenter's layouts")
struct ProfileLayoutTests {
    let dependencies = Services.demo(signedInAs: DemoData.alice)
    let router = ProfileRouterSpy()

    func presenter(for user: UserID, router: ProfileRouterSpy, style: ProfilePresenter.Style = .classic)
        -> ProfilePresenter
    {
        let interactor = ProfileInteractor(dependencies: dependencies)
        return ProfilePresenter(user: user, interactor: interactor, router: router, style: style)
    }

    @Test(
        "the profile says how the user relates to the viewer, and the card lays it out in a box",
        arguments: [false, true])
    func relations(card: Bool) async throws {
        let style: ProfilePresenter.Style = card ? .card : .classic
        let own = presenter(for: "alice", router: router, style: style)
        try await own.load()
        let stranger = presenter(for: "erin", router: router, style: style)
        try await stranger.load()
        if card {
            #expect(
                own.lines.map { if case .text(let text) = $0 { text } else { "" } } == [
                    "+------------------------------------------------------+",
                    "| Alice Liddell  @alice                                |",
                    "| Follows white rabbits; reads routing tables for fun. |",
                    "| This is you.                                         |",
                    "+------------------------------------------------------+",
                ])
        } else {
            #expect(own.lines.last == .text("This is you."))
            #expect(stranger.lines.last == .text("Not friends with you. Mutual friends: Carol Singer, Dave Miller."))
        }
    }
}

@MainActor
@Suite("Profile route")
struct ProfileRouteTests {
    @Test(
        "openProfile loads, then presents modally by default, laid out as profile.v2 says", arguments: [false, true])
    func modalByDefault(card: Bool) async throws {
        let host = try await Stage<ProfileTest>(.demo(cardScreen: card))
        try await host.open(ProfileHost.openProfile(for: "bob"))

        #expect(host.window.state.screens.titles == NavigationState(root: ["Tester"], modals: [["Profile @bob"]]))
        #expect(host.motions.motions == ["present Profile @bob"])
        let screen = try #require(host.profile)
        #expect(screen.content.lines == (card ? bobCard : bobClassic))
        // The card fades in with Profile's own transition; the classic screen rises as a modal.
        let expected = card ? ProfileTransition.fade.animation : StandardAnimator.modal.animation
        #expect(host.window.state.screens.entry(of: screen)?.animator.animation(isPresenting: true) == expected)
    }

    @Test(
        "turning profile.v2 while a profile is open leaves that screen be; the next open follows it",
        arguments: [false, true])
    func flagTurnedWhileOpen(from card: Bool) async throws {
        let dependencies = Services.demo(cardScreen: card)
        let host = try await Stage<ProfileTest>(dependencies)
        try await host.open(PushingProfileHost.openProfile(for: "bob"))
        let first = try #require(host.profile)

        try dependencies.flags.set("profile.v2", to: !card)
        #expect(first.content.lines == (card ? bobCard : bobClassic))
        await first.perform("message", argument: "")
        #expect(host.window.state.screens.titles.root.last == "Chat @bob")
        try host.close(try #require(host.top))

        try await host.open(PushingProfileHost.openProfile(for: "carol"))
        let second = try #require(host.profile)
        #expect((second.style == .card) == !card)
        #expect((first.style == .card) == card)
        #expect(
            host.window.state.screens.titles == NavigationState(root: ["Tester", "Profile @bob", "Profile @carol"]))
    }

    @Test(
        // On the virtual clock, whose test ends at the pace of the whole run (see LoadPolicyTests).
        "of two profiles loading at once, the newest opens and the older is cancelled", .timeLimit(.minutes(10)),
        arguments: [0, 1])
    func newestWins(releasingFirst older: Int) async throws {
        let users = HeldUsers(InMemoryBackend())
        let host = try await Stage<ProfileTest>(.demo(cardScreen: false, users: users))
        let first = Task { try await host.open(ProfileHost.openProfile(for: "bob")) }
        await users.waitForHeld(1)
        let second = Task { try await host.open(ProfileHost.openProfile(for: "carol")) }
        await users.waitForHeld(2)

        await users.release(older == 0 ? 0 : 1)
        await users.release(0)

        await #expect(throws: RoutingError.superseded) { try await first.value }
        try await second.value
        #expect(host.window.state.screens.titles == NavigationState(root: ["Tester"], modals: [["Profile @carol"]]))
        #expect(host.motions.motions == ["present Profile @carol"])
    }

    @Test("your own profile, the me tab's first screen, is laid out as the flag says", arguments: [false, true])
    func me(card: Bool) async throws {
        let host = try await Stage<ProfileTest>(.demo(cardScreen: card))
        try await host.open(Route(.profile(.me), transition: PushTransition()))

        #expect(host.window.state.screens.titles == NavigationState(root: ["Tester", "Profile @alice"]))
        let view = try #require(host.profile)
        #expect((view.style == .card) == card)
        #expect(host.window.state.screens.router(of: view) is TestProfileRouter)
        #expect(view.content.actions.map(\.name) == ["edit"])
    }

    @Test("a router that overrides profileTransition pushes instead, and close pops")
    func overriddenTransition() async throws {
        let host = try await Stage<ProfileTest>(.demo(signedInAs: DemoData.alice))
        try await host.open(PushingProfileHost.openProfile(for: "bob"))
        try host.close(try #require(host.top))

        #expect(host.motions.motions == ["push Profile @bob", "pop Profile @bob"])
        #expect(host.window.state.screens.titles == NavigationState(root: ["Tester"]))
    }

    @Test(
        "a profile that cannot load opens nothing and leaves nothing alive",
        arguments: [(UserID("zed"), true), (UserID("frank"), true), (UserID("bob"), false)]
    )
    func failedLoad(user: UserID, signedIn: Bool) async throws {
        let host = try await Stage<ProfileTest>(.demo(signedInAs: signedIn ? DemoData.alice : nil))
        // A service that is down is tried again, in virtual time, before the load fails.
        await #expect(throws: (any Error).self) {
            try await host.clock.run { try await host.open(ProfileHost.openProfile(for: user)) }
        }

        #expect(host.window.state.screens.titles == NavigationState(root: ["Tester"]))
        // The retries take longer than the placeholder's threshold: it stood in, and went.
        let placeholder = ["present Profile @frank", "dismiss Profile @frank"]
        #expect(host.motions.motions == (user == "frank" ? placeholder : []))
    }

    @Test("a closed profile is released: presenter and router")
    func released() async throws {
        let host = try await Stage<ProfileTest>(.demo(signedInAs: DemoData.alice))
        try await host.open(ProfileHost.openProfile(for: "bob"))
        let module = try #require(host.top.map(host.probe))
        #expect(module.aliveCount == 2)

        try host.close(try #require(host.top))

        #expect(module.isReleased)
    }
}

@MainActor
@Suite("Profile places")
struct ProfilePlaceTests {
    let services = Services.demo(signedInAs: DemoData.alice)
    typealias Declared = ProfileFeature<ProfileTest, TestProfileRouter>

    @Test("your own profile offers the bio editor, someone else's a chat with them only: a link reaches only those")
    func offers() throws {
        #expect(
            [ProfileTest.profile(.me), .profile("bob"), .editBio].map(\.link.pattern) == [
                "me", "profile/<user>", "edit-bio",
            ])
        func offered(_ place: ProfilePlace) -> [String] {
            Declared.offers(at: place, in: services).compactMap { offer in
                offer.route().map { "\(offer.action): \($0.call(argument: nil)) -> \($0.place?.title ?? "-")" }
            }
        }
        #expect(offered(.me) == ["edit: openBioEditor() -> Edit bio"])
        #expect(offered(.profile("alice")) == ["edit: openBioEditor() -> Edit bio"])
        #expect(offered(.profile("bob")) == ["message: openChat(with:) -> Chat @bob"])
        #expect(offered(.editBio) == [])
    }

    @Test("Profile's check for a link: the user it names exists, read once for the screen")
    func check() async throws {
        #expect(try await Declared.check(.profile("erin"), in: services) == DemoData.erin)
        #expect(try await Declared.check(.me, in: services) == nil)
        await #expect(throws: ServiceError.unknownUser("zed")) {
            try await Declared.check(.profile("zed"), in: services)
        }
    }
}
