import Domain
import Routing
import TestSupport
import Testing

@testable import Friends

@MainActor
@Suite("Friends route")
struct FriendsRouteTests {
    @Test("openFriends loads the list, then makes it the new root")
    func opensAsRoot() async throws {
        let host = try FriendsHost(dependencies: .demo(signedInAs: DemoData.alice))
        try await host.openFriends(for: DemoData.alice)

        #expect(host.stage.titles == NavigationState(root: ["Friends"]))
        #expect(host.motions.motions == ["replaceRoot Friends"])
        let view = try #require(host.stage.topScreen as? FriendsView)
        #expect(view.body.count == 6)
        #expect(host.lastRouter?.view === view)
    }

    @Test("a failed load opens nothing and leaves nothing of the module alive")
    func failedLoad() async throws {
        let zed = User(id: "zed", name: "Zed")
        let host = try FriendsHost(dependencies: .demo(signedInAs: zed))
        await #expect(throws: ServiceError.unknownUser("zed")) { try await host.openFriends(for: zed) }

        #expect(host.stage.titles == NavigationState(root: ["Host"]))
        #expect(host.motions.motions.isEmpty)
        #expect(host.lastRouter == nil)
    }

    @Test(
        "the guard: a friends list is never shown to someone signed out, or to another user",
        arguments: [nil, DemoData.bob])
    func guarded(signedIn: User?) async throws {
        let host = try FriendsHost(dependencies: .demo(signedInAs: signedIn))
        await #expect(throws: SessionError.signedOut) { try await host.openFriends(for: DemoData.alice) }

        #expect(host.stage.titles == NavigationState(root: ["Host"]))
        #expect(host.motions.motions.isEmpty)
        #expect(host.lastRouter == nil)
    }

    @Test("a replaced Friends module is released: view, presenter and router")
    func released() async throws {
        let host = try FriendsHost(dependencies: .demo(signedInAs: DemoData.alice))
        try await host.openFriends(for: DemoData.alice)
        let module = try #require(
            (host.stage.topScreen as? FriendsView).map { WeakProbe([$0, $0.listener, host.lastRouter]) })
        #expect(module.aliveCount == 3)

        try RootOpener(window: host.stage).open(StubScreen("Login"), as: "Login", transition: RootTransition())

        #expect(module.isReleased)
    }
}
