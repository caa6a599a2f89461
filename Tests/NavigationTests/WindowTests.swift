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

    @Test("the state reads as a breadcrumb, each modal stack in brackets")
    func breadcrumb() {
        let state = NavigationState(
            root: ["Friends", "Chat @bob"], modals: [["Profile @bob", "Chat @bob"], ["Profile @carol"]])
        #expect(state.description == "Friends > Chat @bob > [Profile @bob > Chat @bob] > [Profile @carol]")
        #expect(state.top == "Profile @carol")
        #expect(NavigationState(root: ["Login"]).top == "Login")
    }
}
