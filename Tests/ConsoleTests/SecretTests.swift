import Console
import Domain
import Navigation
import TestSupport
import Testing

/// A screen that asks the console for a password on `login` and keeps what it got.
@MainActor
final class PasswordScreen: Screen {
    let title = "Login"
    let content = ScreenContent(actions: [ScreenContent.Action("login", summary: "sign in")])
    weak var console: ConsoleFront<TestPlace>?
    var secrets: [String?] = []

    func perform(_ action: String, argument: String) async {
        secrets.append(await console?.secret("Password"))
    }
}

@MainActor
@Suite("Secret prompts")
struct SecretTests {
    func run(_ lines: [RawLine], interactive: Bool = false) async throws -> (output: String, screen: PasswordScreen) {
        let window = Window<TestPlace>()
        let screen = PasswordScreen()
        try window.replaceRoot(with: screen, as: .stub(StubPlace(screen.title)))
        let output = RecordedOutput()
        let console = ConsoleFront<TestPlace>(
            window: window, input: ScriptedInput(lines, isInteractive: interactive), output: output)
        screen.console = console
        await console.run()
        return (output.text, screen)
    }

    let drawn = "== Login ==\nCommands: login; also help, back, where, trace, open, explain, window, windows, quit\n"

    @Test("a secret goes to the screen and is never printed")
    func hidden() async throws {
        let (output, screen) = try await run([RawLine("login"), RawLine("wonderland")])
        #expect(output == drawn + "> login\nPassword: (hidden)\nBye.\n")
        #expect(screen.secrets == ["wonderland"])
    }

    @Test("at a terminal the prompt comes first and the line ends after the hidden input")
    func interactive() async throws {
        let (output, screen) = try await run([RawLine("login"), RawLine("wonderland")], interactive: true)
        #expect(output == drawn + "> Password: \n> \nBye.\n")
        #expect(screen.secrets == ["wonderland"])
    }

    @Test("the end of input at the prompt ends the session cleanly")
    func endOfInput() async throws {
        let (output, screen) = try await run([RawLine("login")])
        #expect(output == drawn + "> login\nBye.\n")
        #expect(screen.secrets == [nil])
    }

    @Test("an unusable secret line gets an error, and the screen gets nothing")
    func badSecret() async throws {
        let (output, screen) = try await run([RawLine("login"), RawLine(bytes: [0xFF]), RawLine("help")])
        #expect(
            output.hasPrefix(
                drawn
                    + "> login\nPassword: (hidden)\nerror: the line is not valid UTF-8 text; check your terminal's encoding and type it again\n> help\n"
            ))
        #expect(screen.secrets == [nil])
    }
}
