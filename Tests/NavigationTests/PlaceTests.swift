import TestSupport
import Testing

@testable import Navigation

@MainActor
@Suite("Places")
struct PlaceTests {
    @Test("every screen enters the window with its router's place; the state is a value of them")
    func stateOfPlaces() async throws {
        let host = try await HostRouter()
        let item = try await host.open("Item 7")
        try await host.open("Item 8", by: ModalTransition())

        let state = host.window.state.places
        #expect(state == NavigationState(root: ["Host", "Item 7"], modals: [["Item 8"]]))
        #expect(state.path == ["Host", "Item 7", "Item 8"])
        #expect(state.top == "Item 8")
        #expect(host.window.state.screens.titles == NavigationState(root: ["Host", "Item 7"], modals: [["Item 8"]]))
        #expect(host.window.state.place(of: item) == "Item 7")
        #expect(host.window.state.places.path.map(\.title) == ["Host", "Item 7", "Item 8"])
    }
}
