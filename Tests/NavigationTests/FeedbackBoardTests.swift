import TestSupport
import Testing

@testable import Navigation

/// A front takes what screens have to say only from a window whose board lists some: the board
/// holds exactly the feedback with lines no front has taken.
@MainActor
@Suite("Feedback board")
struct FeedbackBoardTests {
    @Test("a screen that says something is listed once, in order; taking its lines unlists it")
    func listsWhatWaits() async throws {
        let host = try await HostRouter()
        let chat = try openModule("Chat", from: host, transition: PushTransition())
        let profile = try openModule("Profile", from: router(of: chat), transition: ModalTransition())
        let (chatScreen, profileScreen) = (try #require(chat.screen), try #require(profile.screen))
        let board = host.stage.feedback
        #expect(board.waiting.isEmpty)

        profileScreen.feedback.notice("saved")
        chatScreen.feedback.error(InputRefused("no such message"))
        profileScreen.feedback.notice("saved again")
        #expect(board.waiting.map { $0 === profileScreen.feedback } == [true, false])

        #expect(profileScreen.feedback.take().said == ["saved", "saved again"])
        #expect(board.waiting.map { $0 === chatScreen.feedback } == [true])
        #expect(chatScreen.feedback.take().said == ["error: no such message"])
        #expect(board.waiting.isEmpty)
        #expect(chatScreen.feedback.take().isEmpty)
    }

    @Test("what a screen said before it arrived is listed as it arrives; a stopped load says nothing")
    func saidBeforeArriving() async throws {
        let host = try await HostRouter()
        let router = Router<ProbeScreen, TestPlace>(place: .stub(StubPlace("Early")))
        let screen = ProbeScreen("Early", presenter: ProbePresenter(router: router))
        screen.feedback.error(RoutingError.stopped)
        screen.feedback.notice("loaded from the cache")
        #expect(host.stage.feedback.waiting.isEmpty)

        try opening(from: host.view, in: host.stage, by: PushTransition()).open(screen, of: router)
        #expect(host.stage.feedback.waiting.map { $0 === screen.feedback } == [true])
        #expect(screen.feedback.take().said == ["loaded from the cache"])
        #expect(host.stage.feedback.waiting.isEmpty)
    }
}

extension FeedbackBoardTests {
    @Test("a screen that leaves is no longer listed, and what it says afterwards is its own to hand over")
    func leavingUnlists() async throws {
        let host = try await HostRouter()
        let chat = try openModule("Chat", from: host, transition: PushTransition())
        let screen = try #require(chat.screen)
        screen.feedback.notice("typed but not sent")
        #expect(host.stage.feedback.waiting.count == 1)

        try router(of: chat).close()
        #expect(host.stage.feedback.waiting.isEmpty)
        screen.feedback.notice("closed")
        #expect(host.stage.feedback.waiting.isEmpty)
        #expect(screen.feedback.take().said == ["typed but not sent", "closed"])
    }
}
