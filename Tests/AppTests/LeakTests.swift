import Chat
import Friends
import Login
import Profile
import Routing
import Testing

@testable import App
@testable import Chat
@testable import Friends
@testable import Login
@testable import Profile

/// Every part of a module the app opened: its screen, presenter and router (and Login's
/// navigator), held weakly.
@MainActor
struct ModuleProbe {
    private var parts: [() -> AnyObject?] = []
    let title: String

    init(_ screen: any Screen) {
        title = screen.title
        func keep(_ object: AnyObject?) {
            weak let weakObject = object
            parts.append { weakObject }
        }
        keep(screen)
        switch screen {
        case let view as FriendsView:
            let presenter = view.listener as? FriendsPresenter
            keep(presenter)
            keep(presenter?.router)
        case let view as ProfileView:
            let presenter = view.listener as? ProfilePresenter
            keep(presenter)
            keep(presenter?.router)
        case let view as ChatView:
            let presenter = view.listener as? ChatPresenter
            keep(presenter)
            keep(presenter?.router)
        case let view as LoginView:
            let presenter = view.listener as? LoginPresenter
            let navigator = presenter?.navigator as? LoginNavigator
            keep(presenter)
            keep(navigator)
            keep(navigator?.router)
        default:
            break
        }
    }

    /// How many parts were found (a failed cast would make a leak check pass for nothing).
    var count: Int { parts.count }
    var isReleased: Bool { parts.allSatisfy { $0() == nil } }
}

@MainActor
@Suite("App leaks")
struct AppLeakTests {
    @Test("sign-out releases every screen of the old root, with its presenter and router")
    func signOut() async throws {
        let session = ScriptedApp()
        try await session.start()
        await session.type("login alice", "wonderland", "open 1", "message", "profile")
        #expect(session.state == NavigationState(root: ["Friends"], modals: [["Profile @bob", "Chat @bob", "Profile @bob"]]))
        let probes = session.app.window.screens.map(ModuleProbe.init)
        #expect(probes.map(\.count) == [3, 3, 3, 3])

        await session.type("close", "back", "close", "signout")

        #expect(session.state == NavigationState(root: ["Login"]))
        #expect(probes.filter { !$0.isReleased }.map(\.title) == [])
    }

    @Test("sign-in releases Login and its steps")
    func signIn() async throws {
        let session = ScriptedApp()
        try await session.start()
        await session.type("forgot", "back")
        let login = try ModuleProbe(#require(session.app.window.topScreen))
        #expect(login.count == 4)

        await session.type("login alice", "wonderland")

        #expect(session.state == NavigationState(root: ["Friends"]))
        #expect(login.isReleased)
    }

    @Test("a closed module is released: pushed, presented, and pushed inside a modal")
    func closedModules() async throws {
        let session = ScriptedApp()
        try await session.start()
        await session.type("login alice", "wonderland", "open 1", "message")
        let (profile, chat) = (ModuleProbe(session.app.window.screens[1]), ModuleProbe(session.app.window.screens[2]))

        await session.type("back")
        #expect(chat.isReleased)
        #expect(!profile.isReleased)

        await session.type("close")
        #expect(profile.isReleased)
        #expect(session.state == NavigationState(root: ["Friends"]))
    }
}
