import TestSupport
import Testing

@testable import Navigation

/// Every misuse of the routing core gives a clear error value and leaves the window as it was.
@MainActor
@Suite("Router misuse")
struct RouterMisuseTests {
    @Test("close without an opening transition")
    func closeWithoutTransition() async throws {
        let host = try await HostRouter()
        let router = Router<ProbeScreen, TestPlace>(place: "Probe")

        #expect(throws: RoutingError.noOpeningTransition(screen: "this module")) { try router.close() }
        #expect(host.stage.state.screens.titles == NavigationState(root: ["Host"]))
    }

    @Test("close of a released screen")
    func closeOfReleasedScreen() async throws {
        let host = try await HostRouter()
        let chat = try openModule("Chat", from: host, transition: PushTransition())
        let router = try router(of: chat)
        let sibling = try openModule("Other", from: host, transition: RootTransition())
        #expect(chat.screen == nil)

        #expect(throws: RoutingError.screenReleased) { try router.close() }
        #expect(host.stage.state.screens.titles == NavigationState(root: ["Other"]))
        #expect(!sibling.isReleased)
    }

    @Test("close of the root")
    func closeOfRoot() async throws {
        let host = try await HostRouter()
        let login = try openModule("Login", from: host, transition: RootTransition())

        #expect(throws: RoutingError.cannotCloseRoot(screen: "Login")) { try router(of: login).close() }
        #expect(host.stage.state.screens.titles == NavigationState(root: ["Login"]))
    }

    @Test("close twice")
    func closeTwice() async throws {
        let host = try await HostRouter()
        let router = Router<ProbeScreen, TestPlace>(place: "Probe")
        let screen = ProbeScreen("Chat", presenter: ProbePresenter(router: router))
        try host.open(screen, of: router, transition: PushTransition())
        try router.close()

        #expect(throws: RoutingError.notInWindow(screen: "Chat")) { try router.close() }
        #expect(host.stage.state.screens.titles == NavigationState(root: ["Host"]))
    }

    @Test("close after the window is gone")
    func closeWithoutWindow() async throws {
        var host: HostRouter? = try await HostRouter()
        let router = Router<ProbeScreen, TestPlace>(place: "Probe")
        let screen = ProbeScreen("Chat", presenter: ProbePresenter(router: router))
        try host?.open(screen, of: router, transition: PushTransition())
        host = nil

        #expect(throws: RoutingError.windowReleased) { try router.close() }
    }

    @Test("push or present without a screen to open from")
    func openWithoutSource() async throws {
        let window = Window<TestPlace>()
        let opener = RootOpener(window: window)

        #expect(throws: RoutingError.noSource) { try openModule("Chat", from: opener, transition: PushTransition()) }
        #expect(throws: RoutingError.noSource) {
            try openModule("Profile", from: opener, transition: ModalTransition())
        }
        #expect(window.state.screens.titles == NavigationState(root: []))
    }

    @Test("open the same screen twice")
    func openTwice() async throws {
        let host = try await HostRouter()
        let router = Router<ProbeScreen, TestPlace>(place: "Probe")
        let screen = ProbeScreen("Chat", presenter: ProbePresenter(router: router))
        try host.open(screen, of: router, transition: PushTransition())

        #expect(throws: RoutingError.alreadyInWindow(screen: "Chat")) {
            try host.open(screen, of: Router<ProbeScreen, TestPlace>(place: "Probe"), transition: ModalTransition())
        }
        #expect(host.stage.state.screens.titles == NavigationState(root: ["Host", "Chat"]))
    }

    @Test("a failed open leaves the module's router untouched")
    func failedOpenLeavesRouter() async throws {
        let router = Router<ProbeScreen, TestPlace>(place: "Probe")
        let screen = ProbeScreen("Chat", presenter: ProbePresenter(router: router))

        let window = Window<TestPlace>()
        #expect(throws: RoutingError.noSource) {
            try RootOpener(window: window).open(screen, of: router, transition: PushTransition())
        }
        #expect(router.view == nil)
        #expect(router.openTransition == nil)
        #expect(router.window == nil)
    }

    @Test("pop of a first screen, and dismissal of a pushed one")
    func wrongTransitionForScreen() async throws {
        let host = try await HostRouter()
        let profile = try openModule("Profile", from: host, transition: ModalTransition())
        let chat = try openModule("Chat", from: router(of: profile), transition: PushTransition())
        let profileScreen = try #require(profile.screen)
        let chatScreen = try #require(chat.screen)

        #expect(throws: RoutingError.notPushed(screen: "Profile")) { try host.stage.pop(profileScreen) }
        #expect(throws: RoutingError.notPresented(screen: "Chat")) { try host.stage.dismiss(chatScreen) }
        #expect(host.stage.state.screens.titles == NavigationState(root: ["Host"], modals: [["Profile", "Chat"]]))
    }
}
