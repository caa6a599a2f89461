import Routing
import TestSupport
import Testing

@testable import App
@testable import Chat
@testable import Friends
@testable import Login
@testable import Profile

/// Weak references to every part of a module the app opened: its screen, presenter and router
/// (and Login's navigator).
@MainActor
func probe(_ screen: any Screen) -> WeakProbe {
    let parts: [AnyObject?] =
        switch screen {
        case let view as FriendsView: [view, view.listener, (view.listener as? FriendsPresenter)?.router]
        case let view as ProfileScreen: [view, view.listener, (view.listener as? ProfilePresenter)?.router]
        case let view as ChatView: [view, view.listener, (view.listener as? ChatPresenter)?.router]
        case let view as LoginView:
            [
                view, view.listener, (view.listener as? LoginPresenter)?.navigator,
                ((view.listener as? LoginPresenter)?.navigator as? LoginNavigator)?.router,
            ]
        default: [screen]
        }
    return WeakProbe(parts)
}

@MainActor
@Suite("App leaks")
struct AppLeakTests {
    @Test("sign-out releases every screen of the old root, with its presenter and router")
    func signOut() async throws {
        let session = try ScriptedApp()
        try await session.start()
        await session.type("login alice", "wonderland", "profile 1", "message", "profile")
        #expect(
            session.state
                == NavigationState(root: ["Friends"], modals: [["Profile @bob", "Chat @bob", "Profile @bob"]]))
        let modules = session.app.window.screens.map(probe)
        #expect(modules.map(\.aliveCount) == [3, 3, 3, 3])

        await session.type("close", "back", "close", "signout")

        #expect(session.state == NavigationState(root: ["Login"]))
        #expect(modules.map(\.aliveCount) == [0, 0, 0, 0])
    }

    @Test("sign-in releases Login and its steps")
    func signIn() async throws {
        let session = try ScriptedApp()
        try await session.start()
        await session.type("forgot", "back")
        let login = try probe(#require(session.app.window.topScreen))
        #expect(login.aliveCount == 4)

        await session.type("login alice", "wonderland")

        #expect(session.state == NavigationState(root: ["Friends"]))
        #expect(login.isReleased)
    }

    @Test("a closed module is released: pushed, presented, and pushed inside a modal")
    func closedModules() async throws {
        let session = try ScriptedApp()
        try await session.start()
        await session.type("login alice", "wonderland", "profile 1", "message")
        let (profile, chat) = (probe(session.app.window.screens[1]), probe(session.app.window.screens[2]))
        #expect([profile.aliveCount, chat.aliveCount] == [3, 3])

        await session.type("back")
        #expect(chat.isReleased)
        #expect(profile.aliveCount == 3)

        await session.type("close")
        #expect(profile.isReleased)
        #expect(session.state == NavigationState(root: ["Friends"]))
    }
}
