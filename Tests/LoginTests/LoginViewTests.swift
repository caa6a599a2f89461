import Console
import Domain
import TestSupport
import Testing

@testable import Login

/// Records what the Login flow's screens tell their presenters.
@MainActor
final class LoginListenerSpy: LoginViewListener, SignUpViewListener, ForgotPasswordViewListener {
    private(set) var calls: [String] = []
    /// The passwords received, kept apart so they are compared, never printed.
    private(set) var passwords: [Password] = []

    func signInRequested(username: String, password: Password) async {
        calls.append("signIn \(username)")
        passwords.append(password)
    }
    func signUpRequested() async { calls.append("signUp") }
    func forgotPasswordRequested() async { calls.append("forgot") }
    func createRequested(username: String, name: String, password: Password) async {
        calls.append("create \(username) / \(name)")
        passwords.append(password)
    }
    func resetRequested(username: String) async { calls.append("reset \(username)") }
    func closeRequested() { calls.append("close") }
}

@MainActor
@Suite("Login views")
struct LoginViewTests {
    let listener = LoginListenerSpy()

    @Test("login asks for the password as a secret, then signs in")
    func login() async throws {
        let view = LoginView(listener: listener)
        let prompt = SecretPrompt(["wonderland"])
        await view.handle(try #require(Command("login alice")), in: prompt)

        #expect(prompt.prompts == ["Password"])
        #expect(listener.calls == ["signIn alice"])
        #expect(listener.passwords == [Password("wonderland")])
        #expect(!view.body.joined().contains("wonderland"))
    }

    @Test("no password (the end of input) means no sign-in")
    func loginWithoutPassword() async throws {
        let view = LoginView(listener: listener)
        await view.handle(try #require(Command("login alice")), in: SecretPrompt())
        #expect(listener.calls.isEmpty)
        #expect(view.feedback.lines.isEmpty)
    }

    @Test(
        "a missing or split username is an error, and no password is asked",
        arguments: [
            ("login", "login needs a username: login <username>"),
            ("login alice smith", "a username is one word; type login <username>"),
        ]
    )
    func badLogin(line: String, error: String) async throws {
        let view = LoginView(listener: listener)
        let prompt = SecretPrompt(["wonderland"])
        await view.handle(try #require(Command(line)), in: prompt)

        #expect(view.feedback.lines == [.error(error)])
        #expect(prompt.prompts.isEmpty)
        #expect(listener.calls.isEmpty)
    }

    @Test("signup, forgot and back become events")
    func otherCommands() async throws {
        let view = LoginView(listener: listener)
        await view.handle(try #require(Command("signup")), in: SecretPrompt())
        await view.handle(try #require(Command("forgot")), in: SecretPrompt())
        await view.backRequested()
        #expect(listener.calls == ["signUp", "forgot", "close"])
    }

    @Test("create takes a username and a whole name, then a hidden password")
    func create() async throws {
        let view = SignUpView(listener: listener)
        await view.handle(try #require(Command("create")), in: SecretPrompt(["x"]))
        await view.handle(try #require(Command("create dan")), in: SecretPrompt(["x"]))
        await view.handle(try #require(Command("create dan Dan  van Brown")), in: SecretPrompt(["secret99"]))
        await view.backRequested()

        let error = ScreenFeedback.Line.error("create needs a username and a name: create <username> <full name>")
        #expect(view.feedback.lines == [error, error])
        #expect(listener.calls == ["create dan / Dan van Brown", "close"])
        #expect(listener.passwords == [Password("secret99")])
    }

    @Test("reset takes exactly one username")
    func reset() async throws {
        let view = ForgotPasswordView(listener: listener)
        await view.handle(try #require(Command("reset")), in: SecretPrompt())
        await view.handle(try #require(Command("reset a b")), in: SecretPrompt())
        await view.handle(try #require(Command("reset Alice")), in: SecretPrompt())
        await view.backRequested()

        #expect(view.feedback.lines.count == 2)
        #expect(listener.calls == ["reset alice", "close"])
    }
}
