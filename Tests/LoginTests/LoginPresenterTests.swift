import Domain
import DomainTesting
import Navigation
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

    @Test("a sign-in whose home cannot open ends the session and says why")
    func homeFails() async {
        navigator.failure = RoutingError.windowReleased
        let (presenter, _) = presenter(secrets: ["wonderland"])
        await presenter.perform(.login, argument: "alice")
        #expect(navigator.calls == [.loginCompleted(DemoData.alice)])
        #expect(presenter.feedback.lines.said == ["error: windowReleased"])
        #expect(session.user == nil)
    }

    @Test("a finished step is reported on the Login screen")
    func stepFinished() {
        let (presenter, _) = presenter()
        presenter.stepFinished(.accountCreated("dan"))
        presenter.stepFinished(.passwordResetRequested("alice"))
        #expect(
            presenter.feedback.lines.said == [
                "Account @dan created. Sign in with: login dan",
                "If the account \"alice\" exists, a password-reset link is on its way to its email.",
            ])
    }
}
