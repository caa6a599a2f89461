import Console
import Navigation
import TestSupport
import Testing

/// The test app of the console's flows: a parent screen, the root, whose `ask` asks the user a
/// yes-or-no question through the console, and whose `choose` opens a chooser that answers it.
enum FlowPlace: FeaturePlace {
    case parent, child

    var title: String { self == .parent ? "Parent" : "Child" }
}

enum FlowPlaces: AppPlaces {
    typealias Environment = FlowWorld

    case flow(FlowPlace)

    func visit<V: PlaceVisitor>(_ visitor: V) -> V.Result where V.Places == FlowPlaces {
        switch self {
        case .flow(let place): visitor.visit(place, of: FlowFeature.self)
        }
    }

    static var gate: FlowPlaces { .flow(.parent) }
    static var tabs: [FlowPlaces] { [] }
    static func passer(in environment: FlowWorld) -> GatePasser? { nil }
    static func closeGate(in environment: FlowWorld) {}
}

/// What the flow's screens are built with: the console that asks, and the parent once it is made.
@MainActor
final class FlowWorld {
    weak var console: ConsoleFront<FlowPlaces>?
    weak var parent: ParentScreen?
}

enum FlowFeature: Feature {
    typealias Place = FlowPlace
    typealias Places = FlowPlaces

    static var name: String { "Flow" }
    static func embed(_ place: FlowPlace) -> FlowPlaces { .flow(place) }
    static func link(of place: FlowPlace) -> PlaceLink { PlaceLink(place == .parent ? "parent" : "child") }
    static func access(of place: FlowPlace) -> PlaceAccess { .unguarded }
    static func policy(of place: FlowPlace) -> LoadPolicy? { nil }
    static func answers(_ place: FlowPlace) -> Bool { place == .child }

    static func offers(at place: FlowPlace, in environment: FlowWorld) -> [Offer<FlowPlaces>] {
        place == .parent ? [Offer("choose", Route(.flow(.child), transition: ModalTransition()))] : []
    }

    static func check(_ place: FlowPlace, in environment: FlowPlaces.Environment) async throws {}

    static func open(_ place: FlowPlace, checking: Checking<Void>, in opening: Opening<FlowPlaces>) throws
        -> ModuleLoad
    {
        let router = Router<ParentScreen, FlowPlaces>(place: embed(.parent))
        guard place == .child else {
            let parent = ParentScreen(router: router, world: opening.environment)
            opening.environment.parent = parent
            return try opening.open(parent, of: router)
        }
        let child = Router<ChildScreen, FlowPlaces>(place: embed(.child))
        return try opening.open(ChildScreen(router: child), of: child)
    }
}

@MainActor
final class ParentScreen: Screen, AnswerReceiving {
    let title = "Parent"
    let feedback = ScreenFeedback()
    let router: Router<ParentScreen, FlowPlaces>
    private let world: FlowWorld
    /// The answers and choices, in order.
    private(set) var results: [String] = []

    init(router: Router<ParentScreen, FlowPlaces>, world: FlowWorld) {
        self.router = router
        self.world = world
    }

    var content: ScreenContent {
        ScreenContent(
            lines: [.text("Results: " + results.joined(separator: ", "))],
            actions: [
                ScreenContent.Action("ask", summary: "ask a question"),
                ScreenContent.Action("choose", summary: "open a chooser"),
            ])
    }

    func perform(_ action: String, argument: String) async {
        switch action {
        case "ask":
            results.append(await world.console?.confirm("Go on?") == true ? "yes" : "no")
        default:
            do { try await router.follow(action) } catch { feedback.error(error) }
        }
    }

    func receive(_ answer: Answer) async {
        results.append(answer.value(as: .int("number")).map { "chose \($0)" } ?? "no choice")
    }
}

/// A chooser: `pick <n>` answers the screen that opened it, then closes.
@MainActor
final class ChildScreen: Screen {
    let title = "Child"
    let content = ScreenContent(
        lines: [.text("Pick a number.")],
        actions: [ScreenContent.Action("pick", .number("number", from: "1 to 9"), summary: "answer n")])
    let router: Router<ChildScreen, FlowPlaces>

    init(router: Router<ChildScreen, FlowPlaces>) {
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
    func session(_ script: [String]) async throws -> (
        ConsoleFront<FlowPlaces>, ParentScreen, RecordedOutput, ScriptedInput
    ) {
        let world = FlowWorld()
        let window = Window(Declarations<FlowPlaces>(environment: world, scheme: "flow"))
        let output = RecordedOutput()
        let input = ScriptedInput(script.map(RawLine.init))
        let console = ConsoleFront(window: window, input: input, output: output)
        world.console = console
        try await window.openGate()
        let parent = try #require(world.parent)
        return (console, parent, output, input)
    }

    @Test("quit at a question answers no, so nothing is given up, and ends the session after the command")
    func quitAtQuestion() async throws {
        let (console, parent, output, input) = try await session(["ask", "quit", "ask"])
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
        let (console, parent, output, _) = try await session(["ask", "maybe", "YES", "ask", "n"])
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
        let (console, parent, output, _) = try await session(["ask"])
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
        let (console, parent, output, _) = try await session(["choose", "pick 5", "choose", "back"])
        await console.run()

        #expect(parent.results == ["chose 5", "no choice"])
        #expect(
            output.text.contains(
                """
                > choose
                == Parent > [Child] ==
                Pick a number.
                Commands: pick <n>; also help, back, where, trace, open, explain, window, windows, quit
                > pick 5
                == Parent ==
                Results: chose 5
                """))
    }

    @Test("the session ends while a child flow is open: nothing runs after Bye, and its opener hears nothing")
    func endWhileOpen() async throws {
        let (console, parent, output, _) = try await session(["choose"])
        await console.run()

        #expect(parent.results.isEmpty)
        #expect(
            output.text.hasSuffix(
                "Commands: pick <n>; also help, back, where, trace, open, explain, window, windows, quit\nBye.\n"))
    }
}
