import TestSupport
import Testing

@testable import Navigation

@MainActor
@Suite("Window")
struct WindowTests {
    @Test("an empty window has no screens and an empty state")
    func empty() {
        let window = Window<TestPlace>()
        #expect(window.state.screens.topScreen == nil)
        #expect(window.state.screens.stacks.all.isEmpty)
        #expect(window.state.screens.titles == NavigationState(root: []))
        #expect(window.state.screens.titles.description == "(no screen)")
    }

    @Test("a modal is presented on top of the top-most screen, wherever it is opened from")
    func modalOnTopOfTopMost() async throws {
        let host = try await HostRouter()
        try openModule("Profile", from: host, transition: ModalTransition())
        try openModule("Settings", from: host, transition: ModalTransition())

        #expect(
            host.stage.state.screens.titles == NavigationState(root: ["Host"], modals: [["Profile"], ["Settings"]]))
    }

    @Test("screens are listed bottom to top")
    func screensInOrder() async throws {
        let host = try await HostRouter()
        let chat = try openModule("Chat", from: host, transition: PushTransition())
        try openModule("Profile", from: router(of: chat), transition: ModalTransition())

        #expect(host.stage.state.screens.stacks.all.map(\.title) == ["Host", "Chat", "Profile"])
        #expect(host.stage.state.screens.topScreen?.title == "Profile")
        #expect(host.stage.state.screens.contains(try #require(chat.screen)))
    }

    @Test("a screen is in the window from when it arrives until it leaves, whatever moved it")
    func membershipFollowsEveryChange() throws {
        let window = Window<TestPlace>()
        let (root, chat, profile, settings, placeholder, loaded) = (
            StubScreen("Root"), StubScreen("Chat"), StubScreen("Profile"), StubScreen("Settings"),
            StubScreen("Loading"), StubScreen("Loaded")
        )
        let all = [root, chat, profile, settings, placeholder, loaded]
        func inWindow() -> [String] { all.filter { window.state.screens.contains($0) }.map(\.title) }
        try window.replaceRoot(with: root, as: "Root")
        try window.push(chat, as: "Chat", from: root)
        try window.present(profile, as: "Profile", from: chat)
        try window.push(placeholder, as: "Loading", from: profile)
        #expect(inWindow() == ["Root", "Chat", "Profile", "Loading"])

        try window.replace(placeholder, with: loaded, router: nil)
        #expect(inWindow() == ["Root", "Chat", "Profile", "Loaded"])
        #expect(throws: RoutingError.notInWindow(screen: "Loading")) { try window.pop(placeholder) }

        try window.dismiss(profile)
        #expect(inWindow() == ["Root", "Chat"])
        try window.pop(chat)
        #expect(inWindow() == ["Root"])
        // A screen that left may come back; one that is here may not come twice.
        try window.push(chat, as: "Chat", from: root)
        #expect(throws: RoutingError.alreadyInWindow(screen: "Chat")) {
            try window.present(chat, as: "Chat", from: root)
        }

        try window.replaceRoot(withTabs: [("a", settings, "Settings")], selecting: "a")
        #expect(inWindow() == ["Settings"])
        #expect(window.state.screens.position(of: root) == nil)
    }

    @Test("the state reads as a breadcrumb, each modal stack in brackets")
    func breadcrumb() {
        let state = NavigationState(
            root: ["Friends", "Chat @bob"], modals: [["Profile @bob", "Chat @bob"], ["Profile @carol"]])
        #expect(state.description == "Friends > Chat @bob > [Profile @bob > Chat @bob] > [Profile @carol]")
        #expect(state.top == "Profile @carol")
        #expect(NavigationState(root: ["Login"]).top == "Login")
    }
}
