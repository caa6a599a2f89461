import Domain
import DomainTesting
import Navigation
import NavigationTesting
import Testing

@testable import Login

/// Login shown by the navigation tester, on the demo's services with nobody signed in; the
/// passwords typed are `secrets`.
@MainActor
func loginTester(secrets: [String] = []) async throws -> NavigationTester<LoginTest> {
    let tester = try await NavigationTester<LoginTest>(showing: .login(.login)) { .demo(prompt: $0) }
    tester.prompt.secrets = secrets
    return tester
}

/// Signing in, and its steps, as their user goes through them.
@MainActor
@Suite("Login, as its user sees it")
struct LoginTests {
    @Test("login asks for the password as a secret, then passes the gate: the host goes home")
    func signIn() async throws {
        let tester = try await loginTester(secrets: ["wonderland"])
        tester.expectScreen(
            "Login",
            [
                .text("Sign in to see your friends and chats."),
                .text("New here? Sign up. Forgot your password? Ask for a reset link."),
            ], actions: ["login", "signup", "forgot"])

        await tester.perform(LoginPresenter.Action.login, "alice")

        tester.expect(.asked("Password"), .gatePassed)
        tester.finish()
    }

    @Test("no password (the end of input) means no sign-in")
    func noPassword() async throws {
        let tester = try await loginTester()
        await tester.perform(LoginPresenter.Action.login, "alice")
        tester.expect(.asked("Password"))
        tester.finish()
    }

    @Test(
        "a missing or split username is an error, and no password is asked",
        arguments: [
            ("", "error: login needs a username: login <username>"),
            ("alice smith", "error: a username is one word, with no spaces; try again"),
        ])
    func badUsername(argument: String, error: String) async throws {
        let tester = try await loginTester(secrets: ["wonderland"])
        await tester.perform(LoginPresenter.Action.login, argument)
        tester.expect(.said(error))
        tester.finish()
    }

    @Test("wrong credentials, or an empty password, are an error; Login stays")
    func wrongCredentials() async throws {
        let tester = try await loginTester(secrets: ["nope", ""])
        await tester.perform(LoginPresenter.Action.login, "alice")
        await tester.perform(LoginPresenter.Action.login, "alice")
        tester.expect(
            .asked("Password"),
            .said("error: wrong username or password; 4 more failed attempts lock sign-in for 5 minutes"),
            .asked("Password"), .said("error: the password is empty; sign in again and type your password"))
        tester.finish()
    }

    @Test("sign-up is pushed on Login; create checks its words, asks a password, creates the account and reports back")
    func signUp() async throws {
        let tester = try await loginTester(secrets: ["secret99", "secret99"])
        await tester.perform(LoginPresenter.Action.signup)
        tester.expect(.push(.login(.signup)))
        await tester.perform(SignUpPresenter.Action.create, "")
        await tester.perform(SignUpPresenter.Action.create, "alice Alice Again")
        await tester.perform(SignUpPresenter.Action.create, "dan Dan  van Brown")

        tester.expect(
            .said("error: create needs a username and a name: create <username> <full name>"),
            .asked("Password"), .said("error: the username @alice is taken; choose another one"),
            .asked("Password"), .pop(.login(.signup)), .said("Account @dan created. Sign in with: login dan"))
        tester.finish()
    }

    @Test("forgot password slides up on Login; reset takes one username, asks for the link, and pops back")
    func forgot() async throws {
        let tester = try await loginTester()
        await tester.perform(LoginPresenter.Action.forgot)
        let animation = tester.top.flatMap { tester.window.state.screens.entry(of: $0)?.animator }?.animation(
            isPresenting: true)
        #expect(animation == LoginStepTransition.slideUp.animation)
        await tester.perform(ForgotPasswordPresenter.Action.reset, "a b")
        await tester.perform(ForgotPasswordPresenter.Action.reset, "Alice")

        tester.expect(
            .push(.login(.forgotPassword)), .said("error: reset needs one username: reset <username>"),
            .pop(.login(.forgotPassword)),
            .said("If the account \"alice\" exists, a password-reset link is on its way to its email."))
        tester.finish()
    }

    @Test("back on a step pops it, with nothing said")
    func back() async throws {
        let tester = try await loginTester()
        await tester.perform(LoginPresenter.Action.forgot)
        await tester.back()
        tester.expect(.push(.login(.forgotPassword)), .pop(.login(.forgotPassword)))
        tester.finish()
    }
}
