import Domain
import DomainTesting
import Routing
import TestSupport
import Testing

@testable import Login

@MainActor
@Suite("Login interactor and presenters")
struct LoginPresenterTests {
    let backend = InMemoryBackend()
    let session = Session()
    let navigator = LoginNavigatorSpy()
    var interactor: LoginInteractor {
        LoginInteractor(
            dependencies: Services(
                auth: backend, users: backend, messages: backend, session: session, flags: FeatureFlags(),
                prompt: NoOneToAsk()))
    }

    func presenter(secrets: [String] = []) -> (LoginPresenter, ScriptedPrompt) {
        let prompt = ScriptedPrompt(secrets: secrets)
        return (LoginPresenter(interactor: interactor, navigator: navigator, prompt: prompt), prompt)
    }

    @Test("the interactor starts a session on sign-in only")
    func interactor() async throws {
        await #expect(throws: AuthError.wrongCredentials(username: "alice", attemptsLeft: 4, lockMinutes: 5)) {
            try await interactor.signIn(username: "alice", password: Password("nope"))
        }
        #expect(session.user == nil)
        _ = try await interactor.signUp(username: "dan", name: "Dan Brown", password: Password("secret99"))
        #expect(session.user == nil)
        #expect(try await interactor.signIn(username: "alice", password: Password("wonderland")) == DemoData.alice)
        #expect(session.user == DemoData.alice)
    }

    @Test("login asks for the password as a secret, then completes the flow with the user")
    func signIn() async {
        let (presenter, prompt) = presenter(secrets: ["wonderland"])
        await presenter.perform(.login, argument: "alice")
        #expect(prompt.asked == ["Password"])
        #expect(navigator.calls == [.loginCompleted(DemoData.alice)])
        #expect(presenter.feedback.said.isEmpty)
        #expect(!presenter.lines.description.contains("wonderland"))
    }

    @Test("no password (the end of input) means no sign-in")
    func noPassword() async {
        let (presenter, _) = presenter()
        await presenter.perform(.login, argument: "alice")
        #expect(navigator.calls.isEmpty)
        #expect(presenter.feedback.said.isEmpty)
    }

    @Test(
        "a missing or split username is an error, and no password is asked",
        arguments: [
            ("", "error: login needs a username: login <username>"),
            ("alice smith", "error: a username is one word; type login <username>"),
        ])
    func badUsername(argument: String, error: String) async {
        let (presenter, prompt) = presenter(secrets: ["wonderland"])
        await presenter.perform(.login, argument: argument)
        #expect(presenter.feedback.said == [error])
        #expect(prompt.asked.isEmpty)
        #expect(navigator.calls.isEmpty)
    }

    @Test("wrong credentials, or an empty password, are an error; the flow stays")
    func wrongCredentials() async {
        let (presenter, _) = presenter(secrets: ["nope", ""])
        await presenter.perform(.login, argument: "alice")
        await presenter.perform(.login, argument: "alice")
        #expect(
            presenter.feedback.said == [
                "error: wrong username or password; 4 more failed attempts lock sign-in for 5 minutes",
                "error: the password is empty; sign in again and type your password",
            ])
        #expect(navigator.calls.isEmpty)
        #expect(session.user == nil)
    }

    @Test("a sign-in whose home cannot open ends the session and says why")
    func homeFails() async {
        navigator.failure = RoutingError.windowReleased
        let (presenter, _) = presenter(secrets: ["wonderland"])
        await presenter.perform(.login, argument: "alice")
        #expect(navigator.calls == [.loginCompleted(DemoData.alice)])
        #expect(presenter.feedback.said == ["error: windowReleased"])
        #expect(session.user == nil)
    }

    @Test("sign-up and forgot password go to the navigator")
    func destinations() async {
        let (presenter, _) = presenter()
        await presenter.perform(.signup, argument: "")
        await presenter.perform(.forgot, argument: "")
        #expect(navigator.calls == [.signup, .forgotPassword])
    }

    @Test("a finished step is reported on the Login screen")
    func stepFinished() {
        let (presenter, _) = presenter()
        presenter.stepFinished(.accountCreated("dan"))
        presenter.stepFinished(.passwordResetRequested("alice"))
        #expect(
            presenter.feedback.said == [
                "Account @dan created. Sign in with: login dan",
                "If the account \"alice\" exists, a password-reset link is on its way to its email.",
            ])
    }

    @Test("create takes a username and a whole name, then a hidden password; a refusal stays")
    func signUp() async throws {
        let step = LoginStepSpy()
        let prompt = ScriptedPrompt(secrets: ["secret99", "secret99"])
        let presenter = SignUpPresenter(interactor: interactor, end: step.end, prompt: prompt)
        await presenter.perform(.create, argument: "")
        await presenter.perform(.create, argument: "dan")
        await presenter.perform(.create, argument: "alice Alice Again")
        await presenter.perform(.create, argument: "dan Dan  van Brown")

        let needs = "error: create needs a username and a name: create <username> <full name>"
        #expect(presenter.feedback.said == [needs, needs, "error: the username @alice is taken; choose another one"])
        #expect(prompt.asked == ["Password", "Password"])
        #expect(step.calls == ["close", "finished accountCreated(@dan)"])
        #expect(try backend.signIn(username: "dan", password: Password("secret99")).name == "Dan van Brown")
    }

    @Test("reset takes exactly one username, asks for the link, and finishes the step")
    func forgotPassword() async {
        let step = LoginStepSpy()
        let presenter = ForgotPasswordPresenter(interactor: interactor, end: step.end)
        await presenter.perform(.reset, argument: "")
        await presenter.perform(.reset, argument: "a b")
        await presenter.perform(.reset, argument: "Alice")

        #expect(presenter.feedback.said.count == 2)
        #expect(step.calls == ["close", "finished passwordResetRequested(\"alice\")"])
        #expect(backend.passwordResetRequests == ["alice"])
    }
}
