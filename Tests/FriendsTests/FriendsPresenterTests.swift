import Domain
import DomainTesting
import Links
import Routing
import TestSupport
import Testing

@testable import Friends

@MainActor
@Suite("Friends presenter")
struct FriendsPresenterTests {
    let dependencies = Services.demo(signedInAs: DemoData.alice)
    let router = FriendsRouterSpy()

    func presenter(router: any FriendsRouting) async throws -> FriendsPresenter {
        let presenter = FriendsPresenter(interactor: try FriendsInteractor(dependencies: dependencies), router: router)
        try await presenter.load()
        return presenter
    }

    @Test("loading shows the friends, numbered, and navigates nowhere")
    func load() async throws {
        let presenter = try await presenter(router: router)
        #expect(presenter.lines == DemoData.aliceList)
        #expect(presenter.actions == [.profile, .message])
        #expect(router.calls.isEmpty)
    }

    @Test("a friend's number opens that friend's profile or chat")
    func selection() async throws {
        let presenter = try await presenter(router: router)
        await presenter.perform(.profile, argument: "2")
        await presenter.perform(.message, argument: "1")

        #expect(router.calls == [.openProfile("carol"), .openChat("bob")])
        #expect(presenter.feedback.said.isEmpty)
    }

    @Test("a number that is not on the list is an error and goes nowhere", arguments: ["0", "-1", "5", "99"])
    func outOfRange(number: String) async throws {
        let presenter = try await presenter(router: router)
        await presenter.perform(.profile, argument: number)
        await presenter.perform(.message, argument: number)

        let error = "error: there is no friend \(number); choose a number from 1 to 4"
        #expect(presenter.feedback.said == [error, error])
        #expect(router.calls.isEmpty)
    }

    @Test("an empty list says so")
    func emptyList() async throws {
        let loner = User(id: "dan", name: "Dan Brown")
        let backend = InMemoryBackend(data: DemoData(accounts: [.init(user: loner, password: Password("secret99"))]))
        let services = Services.demo(signedInAs: loner, backend: backend)
        let presenter = FriendsPresenter(interactor: try FriendsInteractor(dependencies: services), router: router)
        try await presenter.load()
        await presenter.perform(.profile, argument: "1")

        #expect(
            presenter.lines == [.text("Signed in as Dan Brown (@dan)."), .text("You have no friends on Waypoint yet.")])
        #expect(presenter.feedback.said == ["error: there is no friend 1; your friends list is empty"])
    }

    @Test("a navigation that fails shows its error")
    func navigationFails() async throws {
        let presenter = try await presenter(router: router)
        router.failure = ServiceError.notFriends("bob")
        await presenter.perform(.message, argument: "1")

        #expect(router.calls == [.openChat("bob")])
        #expect(presenter.feedback.said == ["error: you and @bob are not friends; you can only chat with friends"])
    }

    @Test("a failed load leaves what is shown untouched")
    func loadFails() async {
        let stranger = User(id: "zed", name: "Zed")
        dependencies.session.begin(as: stranger)
        await #expect(throws: ServiceError.unknownUser("zed")) {
            try await FriendsPresenter(interactor: try FriendsInteractor(dependencies: dependencies), router: router)
                .load()
        }
    }
}

@MainActor
@Suite("Friends place")
struct FriendsPlaceTests {
    @Test(
        "its one place is the friends tab's first screen, linked as friends, which offers a profile or a chat of anyone"
    )
    func declaration() throws {
        let kinds = FriendsFeature.places(Services.demo(), friends: TestFriendsRouter.self)
        #expect(kinds.map(\.pattern) == ["friends"])
        let kind = try #require(kinds.first)
        #expect(kind.tab == "friends" && kind.access == .guarded)
        #expect(kind.path(of: AnyPlace(FriendsPlace.friends)) == "friends")
        #expect(kind.path(of: AnyPlace(FriendsPlace.pickFriend)) == nil)
        let offered = kind.routes(at: AnyPlace(FriendsPlace.friends), toward: UserID("carol"))
        #expect(
            offered.map { "\($0.action): \($0.route.method) -> \($0.route.place?.title ?? "-")" } == [
                "profile: openProfile(for:) -> Profile @carol", "message: openChat(with:) -> Chat @carol",
            ])
    }

    @Test("its tab opens the list for the signed-in user, and is released with the root")
    func tab() async throws {
        let host = try HostRouter()
        let kind = try #require(
            FriendsFeature.places(Services.demo(signedInAs: DemoData.alice), friends: TestFriendsRouter.self).first)
        // The provider holds the tab's router until it has opened: it is not kept here.
        try await host.openTabs([try #require(kind.tab(from: host))], selecting: try #require(kind.tab))

        #expect(host.stage.titles == NavigationState(tabs: [.init(name: "friends", stack: ["Friends"])], selected: 0))
        #expect(host.stage.topScreen?.content.lines == DemoData.aliceList)
        let module = try #require(
            (host.stage.topScreen as? FriendsPresenter).map { WeakProbe([$0, host.stage.router(of: $0)]) })
        #expect(module.aliveCount == 2)

        try RootOpener(window: host.stage).open(StubScreen("Login"), as: "Login", transition: RootTransition())
        #expect(module.isReleased)
    }

    @Test("the guard: a friends list is never shown to someone signed out")
    func guarded() async throws {
        let services = Services.demo(signedInAs: DemoData.alice)
        let host = try HostRouter()
        let kind = try #require(FriendsFeature.places(services, friends: TestFriendsRouter.self).first)
        let tab = try #require(kind.tab(from: host))
        services.session.end()
        await #expect(throws: SessionError.signedOut) { try await host.openTabs([tab], selecting: tab.name) }
        #expect(host.stage.titles == NavigationState(root: ["Host"]))
    }
}
