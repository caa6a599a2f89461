import Console
import Navigation
import TestSupport
import Testing

/// A screen whose `ask` action asks the user a yes-or-no question through the console, and whose
/// `choose` action opens a place that answers it.
@MainActor
final class ParentScreen: Screen, AnswerReceiving {
    let title = "Parent"
    var feedback = ScreenFeedback()
    weak var console: ConsoleFront?
    let router = Router<ParentScreen>(place: "Parent")
    /// The answers and choices, in order.
    private(set) var results: [String] = []

    var content: ScreenContent {
        ScreenContent(
            lines: [.text("Results: " + results.joined(separator: ", "))],
            actions: [
                ScreenContent.Action("ask", summary: "ask a question"),
                ScreenContent.Action("choose", summary: "open a chooser"),
            ])
    }

    func takeFeedback() -> ScreenFeedback { feedback.take() }

    func perform(_ action: String, argument: String) async {
        switch action {
        case "ask":
            results.append(await console?.confirm("Go on?") == true ? "yes" : "no")
        default:
            do {
                try await router.open(Route("Child", transition: ModalTransition()))
            } catch {
                feedback.error(error)
            }
        }
    }

    func receive(_ answer: Answer) async {
        results.append(answer.value(as: .int("number")).map { "chose \($0)" } ?? "no choice")
    }

    /// The chooser: a place that takes the place before it (the parent) and answers a number.
    static let chooser = PlaceKind(
        "child", context: String.self, { _ in "Child" }, { $0 == "Child" ? "Parent" : nil }, access: .guarded,
        router: { Router<ChildScreen>(place: $0) }, screen: { router, _ in ChildScreen(router: router) },
        answers: Int.self)
}

/// A chooser: `pick <n>` answers the screen that opened it, then closes.
@MainActor
final class ChildScreen: Screen {
    let title = "Child"
    let content = ScreenContent(
        lines: [.text("Pick a number.")],
        actions: [ScreenContent.Action("pick", .number("number", from: "1 to 9"), summary: "answer n")])
    let router: Router<ChildScreen>

    init(router: Router<ChildScreen>) {
        self.router = router
    }

    func perform(_ action: String, argument: String) async {
        try? await router.answer(Int(argument) ?? 0, as: .int("number"))
    }
}

@MainActor
@Suite("Console: questions and commands that wait for the user", .timeLimit(.minutes(10)))
struct FlowConsoleTests {
    /// A console over a window whose root is a `ParentScreen`.
    func session(_ script: [String]) throws -> (ConsoleFront, ParentScreen, RecordedOutput, ScriptedInput) {
        let window = Window()
        let output = RecordedOutput()
        let input = ScriptedInput(script.map(RawLine.init))
        let console = ConsoleFront(window: window, input: input, output: output)
        let parent = ParentScreen()
        parent.console = console
        let navigator = Navigator(window: window, catalog: PlaceCatalog([ParentScreen.chooser]))
        try RootOpener(window: window, navigator: navigator).open(
            parent, of: parent.router, transition: RootTransition())
        return (console, parent, output, input)
    }

    @Test("quit at a question answers no, so nothing is given up, and ends the session after the command")
    func quitAtQuestion() async throws {
        let (console, parent, output, input) = try session(["ask", "quit", "ask"])
        await console.run()

        #expect(parent.results == ["no"])
        #expect(!input.isExhausted)
        #expect(
            output.text.hasSuffix(
                """
                > ask
                Go on? (yes/no)
                > quit
                You are quitting, so the answer is no: nothing is given up, and the session ends.
                Bye.

                """))
    }

    @Test("a question reads its answer from the next line; anything but yes or no is one error and the question again")
    func question() async throws {
        let (console, parent, output, _) = try session(["ask", "maybe", "YES", "ask", "n"])
        await console.run()

        #expect(parent.results == ["yes", "no"])
        #expect(
            output.text.contains(
                """
                > ask
                Go on? (yes/no)
                > maybe
                error: answer yes or no, or quit to leave without giving anything up
                Go on? (yes/no)
                > YES
                == Parent ==
                Results: yes
                """))
    }

    @Test("the end of input while a question is open answers no, then ends the session")
    func endOfInput() async throws {
        let (console, parent, output, _) = try session(["ask"])
        await console.run()

        #expect(parent.results == ["no"])
        #expect(
            output.text.hasSuffix(
                "> ask\nGo on? (yes/no)\nNo answer before the input ended, so the answer is no.\nBye.\n"))
    }

    @Test(
        "a child flow answers its opener when it answers: the console goes on reading lines meanwhile, and waits for none"
    )
    func childFlow() async throws {
        let (console, parent, output, _) = try session(["choose", "pick 5", "choose", "back"])
        await console.run()

        #expect(parent.results == ["chose 5", "no choice"])
        #expect(
            output.text.contains(
                """
                > choose
                == Parent > [Child] ==
                Pick a number.
                Commands: pick <n>; also help, back, where, trace, quit
                > pick 5
                == Parent ==
                Results: chose 5
                """))
    }

    @Test("the session ends while a child flow is open: nothing runs after Bye, and its opener hears nothing")
    func endWhileOpen() async throws {
        let (console, parent, output, _) = try session(["choose"])
        await console.run()

        #expect(parent.results.isEmpty)
        #expect(output.text.hasSuffix("Commands: pick <n>; also help, back, where, trace, quit\nBye.\n"))
    }
}
