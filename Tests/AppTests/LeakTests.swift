import Navigation
import TestSupport
import Testing

@testable import App

/// Weak references to every part of a module the app opened that is an object: its screen (the
/// presenter, which holds its interactor by value) and its router (found through the window,
/// which holds it weakly). Nothing here names a feature.
@MainActor
func probe(_ screen: any Screen, in window: Window<AppPlace>) -> WeakProbe {
    WeakProbe([screen, window.state.screens.router(of: screen)])
}

@MainActor
@Suite("App leaks")
struct AppLeakTests {
    @Test("an app no one holds any more is released whole: the app, its windows, and every module they showed")
    func wholeApp() async throws {
        var probe: WeakProbe?
        do {
            let session = try ScriptedApp()
            try await session.signedIn()
            await session.type("message 1", "share", "window new", "profile 2", "window 1")
            let window = session.app.window
            let modules: [AnyObject?] = window.state.screens.stacks.all.flatMap { screen -> [AnyObject?] in
                [screen, window.state.screens.router(of: screen)]
            }
            probe = WeakProbe([session.app, window, session.app.windows.all[1], session.app.console] + modules)
        }
        #expect(probe?.isReleased == true, "\(probe?.aliveCount ?? -1) still alive")
    }

    @Test("sign-out releases every screen of the old root, in every tab, with its presenter and router")
    func signOut() async throws {
        let session = try ScriptedApp()
        try await session.start()
        await session.type("login alice", "wonderland", "tab chats", "chat 1", "tab friends", "profile 1", "message")
        #expect(session.state == NavigationState(root: ["Friends"], modals: [["Profile @bob", "Chat @bob"]]))
        let modules = session.app.window.state.screens.stacks.all.map { probe($0, in: session.app.window) }
        #expect(modules.count == 6)
        #expect(modules.allSatisfy { $0.aliveCount == 2 })

        await session.type("close", "tab me", "signout")

        #expect(session.state == NavigationState(root: ["Login"]))
        #expect(modules.allSatisfy { $0.isReleased })
    }

    @Test("a tab that is not shown keeps its modules alive; switching back shows them as they were")
    func hiddenTabsStayAlive() async throws {
        let session = try ScriptedApp()
        try await session.signedIn()
        await session.type("tab chats", "chat 2")
        let chat = try probe(#require(session.app.window.state.screens.topScreen), in: session.app.window)

        await session.type("tab me", "tab friends")
        #expect(chat.aliveCount == 2)
        #expect(session.titles.tabs.map(\.stack) == [["Friends"], ["Chats", "Chat @bob"], ["Profile @alice"]])

        await session.type("tab chats", "back")
        #expect(chat.isReleased)
    }

    @Test("sign-in releases Login and its steps")
    func signIn() async throws {
        let session = try ScriptedApp()
        try await session.start()
        await session.type("forgot", "back")
        let login = try probe(#require(session.app.window.state.screens.topScreen), in: session.app.window)
        #expect(login.aliveCount == 2)

        await session.type("login alice", "wonderland")

        #expect(session.state == NavigationState(root: ["Friends"]))
        #expect(login.isReleased)
    }

    @Test("a closed module is released: pushed, presented, and pushed inside a modal")
    func closedModules() async throws {
        let session = try ScriptedApp()
        try await session.start()
        await session.type("login alice", "wonderland", "profile 1", "message")
        let window = session.app.window
        let (profile, chat) = (
            probe(window.state.screens.stacks.path[1], in: window),
            probe(window.state.screens.stacks.path[2], in: window)
        )
        #expect([profile.aliveCount, chat.aliveCount] == [2, 2])

        await session.type("back")
        #expect(chat.isReleased)
        #expect(profile.aliveCount == 2)

        await session.type("close")
        #expect(profile.isReleased)
        #expect(session.state == NavigationState(root: ["Friends"]))
    }
}
