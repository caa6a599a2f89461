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
        case let view as ChatsView: [view, view.listener, (view.listener as? ChatsPresenter)?.router]
        case let view as FriendPickerView: [view, view.listener, (view.listener as? FriendPickerPresenter)?.router]
        case let view as BioEditorView: [view, view.listener, (view.listener as? BioEditorPresenter)?.router]
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
    @Test("sign-out releases every screen of the old root, in every tab, with its presenter and router")
    func signOut() async throws {
        let session = try ScriptedApp()
        try await session.start()
        await session.type("login alice", "wonderland", "tab chats", "chat 1", "tab friends", "profile 1", "message")
        #expect(session.state == NavigationState(root: ["Friends"], modals: [["Profile @bob", "Chat @bob"]]))
        let modules = session.app.window.screens.map(probe)
        #expect(modules.count == 6)
        #expect(modules.allSatisfy { $0.aliveCount == 3 })

        await session.type("close", "tab me", "signout")

        #expect(session.state == NavigationState(root: ["Login"]))
        #expect(modules.allSatisfy { $0.isReleased })
    }

    @Test("a tab that is not shown keeps its modules alive; switching back shows them as they were")
    func hiddenTabsStayAlive() async throws {
        let session = try ScriptedApp()
        try await session.signedIn()
        await session.type("tab chats", "chat 2")
        let chat = try probe(#require(session.app.window.topScreen))

        await session.type("tab me", "tab friends")
        #expect(chat.aliveCount == 3)
        #expect(session.titles.tabs.map(\.stack) == [["Friends"], ["Chats", "Chat @bob"], ["Profile @alice"]])

        await session.type("tab chats", "back")
        #expect(chat.isReleased)
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
        let (profile, chat) = (probe(session.app.window.shownScreens[1]), probe(session.app.window.shownScreens[2]))
        #expect([profile.aliveCount, chat.aliveCount] == [3, 3])

        await session.type("back")
        #expect(chat.isReleased)
        #expect(profile.aliveCount == 3)

        await session.type("close")
        #expect(profile.isReleased)
        #expect(session.state == NavigationState(root: ["Friends"]))
    }
}
