import TestSupport
import Testing

@testable import Navigation

/// A back gesture the front drives (a swipe back, a sheet pulled down): the motion it will make,
/// and what the window's observers hear of it.
@MainActor
@Suite("Back gestures")
struct BackGestureTests {
    @Test(
        "a gesture on a pushed screen will pop it, on a modal's first screen dismiss it; a second gesture cancels the first"
    )
    func motionAndSecondGesture() async throws {
        let app = StopApp()
        app.signedIn = true
        try await app.stage.open("x://home/item/1")
        let item = try #require(app.stage.state.screens.topScreen)
        let onItem = try app.stage.backGestureBegan(on: item)
        try app.stage.backGestureCancelled(onItem)
        try await app.stage.open("x://home/item/1/pick")
        let picker = try #require(app.stage.state.screens.topScreen)
        app.motions.reset()

        let first = try app.stage.backGestureBegan(on: picker)
        let second = try app.stage.backGestureBegan(on: picker)

        #expect(onItem.motion == .pop)
        #expect(first.motion == .dismiss && second.motion == .dismiss)
        #expect(app.motions.events == ["gesture began Picker", "gesture cancelled Picker", "gesture began Picker"])
        #expect(try await app.stage.backGestureFinished(second))
        #expect(app.state?.modals.isEmpty == true)
    }
}
