import Console
import Navigation
import TestSupport
import Testing

/// A window holding one stub screen, a console on it, and the session's output.
@MainActor
struct Session {
    let window = Window<TestPlace>()
    let output = RecordedOutput()
    let input: ScriptedInput
    let console: ConsoleFront<TestPlace>
    let screen: StubScreen

    init(
        _ screen: StubScreen = StubScreen(
            "Home", lines: ["Hello."], actions: [ScreenContent.Action("show", .item("thing"), summary: "show one")]),
        lines: [RawLine],
        interactive: Bool = false
    ) throws {
        self.screen = screen
        input = ScriptedInput(lines, isInteractive: interactive)
        console = ConsoleFront<TestPlace>(window: window, input: input, output: output)
        try window.replaceRoot(with: screen, as: .stub(StubPlace(screen.title)))
    }

    init(
        _ screen: StubScreen = StubScreen(
            "Home", lines: ["Hello."], actions: [ScreenContent.Action("show", .item("thing"), summary: "show one")]),
        script: String
    ) throws {
        let lines =
            script.isEmpty
            ? [] : script.split(separator: "\n", omittingEmptySubsequences: false).map { RawLine(String($0)) }
        try self.init(screen, lines: lines)
    }

    /// Runs the whole script and returns what the console wrote.
    func run() async -> String {
        await console.run()
        return output.text
    }
}

@MainActor
@Suite("Console front")
struct ConsoleFrontTests {
    let home = """
        == Home ==
        Hello.
        Commands: show <n>; also help, back, where, trace, open, explain, window, windows, quit

        """

    @Test("it draws the top screen, echoes each piped line, and says goodbye at the end of input")
    func drawEchoAndEnd() async throws {
        let session = try Session(script: "show 1")
        #expect(await session.run() == home + "> show 1\nBye.\n")
        #expect(session.screen.received == ["show 1"])
    }

    @Test("help lists the screen's commands and the global ones")
    func help() async throws {
        let session = try Session(script: "help")
        #expect(
            await session.run() == home + """
                > help
                Commands on Home:
                  show <n>               show one
                Everywhere:
                  help                   list the commands you can use here
                  back                   close this screen and go back
                  where                  show every open screen, stack by stack
                  trace on|off           print every change to the window, with its duration
                  open <link>            go to the screen a link names, as test://chat/bob (open --new-window <link>: in a new window)
                  explain <link>         say what open <link> would do, without doing it
                  window new|close|<n>   open a new window, close this one, or bring window n forward
                  windows                list the windows, this one marked
                  quit                   end the session
                Bye.

                """
        )
    }

    @Test("where shows each stack and the top screen")
    func whereShowsStacks() async throws {
        let session = try Session(script: "where")
        try session.window.replaceRoot(with: StubScreen("Root"), as: .stub(StubPlace("Root")))
        try session.window.push(
            StubScreen("Pushed"), as: "Pushed", from: #require(session.window.state.screens.topScreen))
        try session.window.present(
            StubScreen("Modal"), as: "Modal", from: #require(session.window.state.screens.topScreen))

        let output = await session.run()

        #expect(
            output.hasSuffix(
                "> where\nroot:    Root > Pushed\nmodal 1: Modal\ntop:     Modal\nlink:    test://stub/Pushed/stub/Modal\nBye.\n"
            ))
    }

    @Test("quit ends the session; the lines after it are not read")
    func quit() async throws {
        let session = try Session(script: "quit\nopen 1")
        #expect(await session.run() == home + "> quit\nBye.\n")
        #expect(session.screen.received.isEmpty)
        #expect(!session.input.isExhausted)
    }

    @Test("back goes to the screen first; one that does not go back its own way closes through its router")
    func back() async throws {
        let session = try Session(script: "back")
        let output = await session.run()
        #expect(session.screen.received == ["back"])
        // This screen was put up without a router: there is nothing to close it with.
        #expect(
            output.hasSuffix(
                "> back\nerror: Home was not opened through a transition, so there is nothing to reverse; open modules with open(_:of:transition:)\nBye.\n"
            ))

        let handling = try Session(script: "back")
        handling.screen.handlesBack = true
        #expect(await handling.run() == home + "> back\nBye.\n")
    }

    @Test(
        "an action that takes a number gets one, or one error line that names it",
        arguments: [
            ("show", "show needs one thing's number: show <n>, with n from the list"),
            ("show 1 2", "show needs one thing's number: show <n>, with n from the list"),
            ("show two", "\"two\" is not a number; type show <n>, with n from the list"),
            ("show 1.5", "\"1.5\" is not a number; type show <n>, with n from the list"),
        ])
    func badNumber(line: String, error: String) async throws {
        let session = try Session(script: line)
        #expect(await session.run() == home + "> \(line)\nerror: \(error)\nBye.\n")
        #expect(session.screen.received.isEmpty)
    }

    @Test(
        "bad input gets one error line and reaches no screen",
        arguments: [
            ("frobnicate", "unknown command \"frobnicate\" on Home; type help to list the commands here"),
            ("", "the line is empty; type a command, or help to list them"),
            ("   ", "the line is empty; type a command, or help to list them"),
            ("where now", "where takes nothing after it; type just where"),
            ("quit please", "quit takes nothing after it; type just quit"),
        ]
    )
    func badCommand(line: String, error: String) async throws {
        let session = try Session(lines: [RawLine(line)])
        let output = await session.run()
        #expect(output == home + "> \(line)\nerror: \(error)\nBye.\n")
        #expect(session.screen.received.isEmpty)
    }

    @Test("a command that takes no arguments refuses them")
    func argumentsRefused() async throws {
        let screen = StubScreen("Home", actions: [ScreenContent.Action("close", summary: "close it")])
        let session = try Session(screen, script: "close now")
        #expect(await session.run().contains("> close now\nerror: close takes nothing after it; type just close\n"))
        #expect(screen.received.isEmpty)
    }

    @Test("bytes that are not usable text get one error line each")
    func badBytes() async throws {
        let session = try Session(lines: [
            RawLine(bytes: [0xFF, 0xFE]),
            RawLine("show \u{1B}[2J"),
            RawLine(bytes: Array(repeating: UInt8(ascii: "a"), count: 10), length: 1_048_576),
        ])
        let output = await session.run()
        #expect(
            output == home + """
                > \u{FFFD}\u{FFFD}
                error: the line is not valid UTF-8 text; check your terminal's encoding and type it again
                > show <U+001B>[2J
                error: the line contains the control character U+001B; type plain text
                > aaaaaaaaaa… (1048576 bytes)
                error: the line is 1048576 bytes long; the limit is 4096, so type a shorter one
                Bye.

                """
        )
        #expect(session.screen.received.isEmpty)
        #expect(!output.contains("\u{1B}"))
    }

    @Test("a screen's errors and notices are said once; a changed content is drawn again")
    func feedback() async throws {
        let session = try Session(script: "")
        session.console.refresh()
        session.screen.feedback.error(InputRefused("that went wrong"))
        session.screen.feedback.notice("but this went well")
        session.console.refresh()
        session.console.refresh()
        session.screen.content.lines = [.text("Changed."), .item("One"), .item("Two")]
        session.console.refresh()

        #expect(
            session.output.text == home + """
                error: that went wrong
                but this went well
                == Home ==
                Changed.
                  1. One
                  2. Two
                Commands: show <n>; also help, back, where, trace, open, explain, window, windows, quit

                """
        )
    }

    @Test("text from a screen cannot drive the terminal")
    func screenTextIsMadeSafe() async throws {
        let session = try Session(StubScreen("Home", lines: ["evil \u{1B}]0;title\u{7}"]), script: "")
        #expect(
            await session.run()
                == "== Home ==\nevil <U+001B>]0;title<U+0007>\nCommands: help, back, where, trace, open, explain, window, windows, quit\nBye.\n"
        )
    }

    @Test("at a terminal it prompts instead of echoing, and ends the prompt line at the end of input")
    func interactive() async throws {
        let session = try Session(lines: [RawLine("show 2")], interactive: true)
        #expect(await session.run() == home + "> > \nBye.\n")
        #expect(session.screen.received == ["show 2"])
    }

    @Test("an empty window ends the session with an error")
    func noScreen() async {
        let output = RecordedOutput()
        await ConsoleFront<TestPlace>(window: Window(), input: ScriptedInput("help"), output: output).run()
        #expect(output.text == "error: there is no screen to show; the session ends here\n")
    }
}
