import TestSupport
import Testing

@testable import Navigation

/// The questions open in a window, each with the record the store keeps it by.
@MainActor
@Suite("Open questions")
struct QuestionsTests {
    @Test("a record is kept with the question the screen answers, among several open; another screen's is refused")
    func recordOfItsQuestion() {
        let questions = Questions()
        let (chat, picker, inbox, other) = (
            StubScreen("Chat"), StubScreen("Picker"), StubScreen("Inbox"), StubScreen("X")
        )
        questions.ask(picker, by: chat, action: "share")
        questions.ask(other, by: inbox, action: "forward")

        questions.keep(7, forQuestionAnsweredBy: other)
        questions.keep(8, forQuestionAnsweredBy: inbox)

        #expect(questions.open.map(\.record) == [nil, 7])
        #expect(questions.take(answeredBy: other)?.action == "forward")
        #expect(questions.open.map(\.action) == ["share"])
    }
}
