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
        #expect(try await interactor.details(of: "erin") == ProfileDetails(user: DemoData.erin, isViewer: false, isFriend: false, mutualFriends: [DemoData.carol, DemoData.dave]))
        #expect(try await interactor.details(of: "alice") == ProfileDetails(user: DemoData.alice, isViewer: true, isFriend: false, mutualFriends: []))
    }

    @Test("loading shows the profile and navigates nowhere")
    func load() async throws {
        try await presenter(for: "bob").load()
        #expect(view.calls == [.display(bobForAlice)])
        #expect(router.calls.isEmpty)
    }

    @Test("the profile says how the user relates to the viewer")
    func relations() {
        let stranger = ProfileDetails(user: User(id: "zoe", name: "Zoe"), isViewer: false, isFriend: false, mutualFriends: [])
        #expect(ProfilePresenter.model(for: stranger).lines == ["Zoe (@zoe)", "No bio yet.", "Not friends with you. No mutual friends."])
        let me = ProfileDetails(user: DemoData.alice, isViewer: true, isFriend: false, mutualFriends: [])
        #expect(ProfilePresenter.model(for: me).lines.last == "This is you.")
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
        func closeRequested() { calls.append("close") }
    }

    @Test("commands and back become the presenter's events")
    func commands() async throws {
        let listener = Listener()
        let view = ProfileView(user: "bob", listener: listener)
        await view.handle(try #require(Command("message")), in: SecretPrompt())
        await view.handle(try #require(Command("close")), in: SecretPrompt())
        await view.backRequested()

        #expect(view.title == "Profile @bob")
        #expect(listener.calls == ["message", "close", "close"])
    }
}

@MainActor
@Suite("Profile route")
struct ProfileRouteTests {
    @Test("openProfile loads, then presents modally by default")
    func modalByDefault() async throws {
        let host = try ProfileHost()
        try await host.openProfile(for: "bob")

        #expect(host.stage.state == NavigationState(root: ["Host"], modals: [["Profile @bob"]]))
        #expect(host.motions.motions == ["present Profile @bob"])
        #expect((host.stage.topScreen as? ProfileView)?.body == bobForAlice.lines)
    }

    @Test("a router that overrides profileTransition pushes instead, and close pops")
    func overriddenTransition() async throws {
        let host = try PushingProfileHost()
        try await host.openProfile(for: "bob")
        try host.lastRouter?.close()

        #expect(host.motions.motions == ["push Profile @bob", "pop Profile @bob"])
        #expect(host.stage.state == NavigationState(root: ["Host"]))
    }

    @Test(
        "a profile that cannot load opens nothing and leaves nothing alive",
        arguments: [(UserID("zed"), true), (UserID("bob"), false)]
    )
    func failedLoad(user: UserID, signedIn: Bool) async throws {
        let host = try ProfileHost(dependencies: .demo(signedInAs: signedIn ? DemoData.alice : nil))
        await #expect(throws: (any Error).self) { try await host.openProfile(for: user) }

        #expect(host.stage.state == NavigationState(root: ["Host"]))
        #expect(host.motions.motions.isEmpty)
        #expect(host.lastRouter == nil)
    }

    @Test("a closed profile is released: view, presenter and router")
    func released() async throws {
        let host = try ProfileHost()
        try await host.openProfile(for: "bob")
        let module = try #require((host.stage.topScreen as? ProfileView).map { WeakProbe([$0, $0.listener, host.lastRouter]) })
        #expect(module.aliveCount == 3)

        try host.lastRouter?.close()

        #expect(module.isReleased)
    }
}
