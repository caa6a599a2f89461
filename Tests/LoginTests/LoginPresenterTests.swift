import Domain
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
    let view = LoginViewSpy()
    var interactor: LoginInteractor { LoginInteractor(auth: backend, session: session) }

    func presenter() -> LoginPresenter {
        let presenter = LoginPresenter(interactor: interactor, navigator: navigator)
        presenter.view = view
        return presenter
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

    @Test("a sign-in completes the flow with the user")
    func signIn() async {
        await presenter().signInRequested(username: "alice", password: Password("wonderland"))
        #expect(navigator.calls == [.navigate(.loginCompleted(DemoData.alice))])
        #expect(view.calls.isEmpty)
    }

    @Test("wrong credentials are an error; the flow stays")
    func wrongCredentials() async {
        await presenter().signInRequested(username: "alice", password: Password("nope"))
        #expect(view.calls == [.error("wrong username or password; 4 more failed attempts lock sign-in for 5 minutes")])
        #expect(navigator.calls.isEmpty)
        #expect(session.user == nil)
    }

    @Test("an empty password is an error before anything is asked")
    func emptyPassword() async {
        await presenter().signInRequested(username: "alice", password: Password(""))
        #expect(view.calls == [.error("the password is empty; sign in again and type your password")])
        #expect(navigator.calls.isEmpty)
    }

    @Test("a sign-in whose home cannot open ends the session and says why")
    func homeFails() async {
        navigator.failure = RoutingError.windowReleased
        await presenter().signInRequested(username: "alice", password: Password("wonderland"))
        #expect(navigator.calls == [.navigate(.loginCompleted(DemoData.alice))])
        #expect(view.calls == [.error("the window is gone; nothing can be opened or closed")])
        #expect(session.user == nil)
    }

    @Test("sign-up, forgot password and back go to the navigator")
    func destinations() async {
        let presenter = presenter()
        await presenter.signUpRequested()
        await presenter.forgotPasswordRequested()
        presenter.closeRequested()

        #expect(navigator.calls == [.navigate(.signup), .navigate(.forgotPassword), .close])
        #expect(
            view.calls == [
                .error(
                    "Login is a root screen, so there is nothing to close or go back to"
                )
            ])
    }

    @Test("a finished step is reported on the Login screen")
    func stepFinished() {
        let presenter = presenter()
        presenter.stepFinished(.accountCreated("dan"))
        presenter.stepFinished(.passwordResetRequested("alice"))
        #expect(
            view.calls == [
                .notice("Account @dan created. Sign in with: login dan"),
                .notice("If the account \"alice\" exists, a password-reset link is on its way to its email."),
            ])
    }

    @Test("sign-up creates the account and finishes the step; a refusal stays")
    func signUp() async {
        let router = LoginStepRouterSpy()
        let presenter = SignUpPresenter(interactor: interactor, router: router)
        presenter.view = view
        await presenter.createRequested(username: "alice", name: "Alice Again", password: Password("secret99"))
        await presenter.createRequested(username: "dan", name: "Dan Brown", password: Password("secret99"))
        presenter.closeRequested()

        #expect(view.calls == [.error("the username @alice is taken; choose another one")])
        #expect(router.calls == [.finish(.accountCreated("dan")), .close])
    }

    @Test("forgot password asks for the link and finishes the step")
    func forgotPassword() async {
        let router = LoginStepRouterSpy()
        let presenter = ForgotPasswordPresenter(interactor: interactor, router: router)
        presenter.view = view
        await presenter.resetRequested(username: "alice")

        #expect(router.calls == [.finish(.passwordResetRequested("alice"))])
        #expect(backend.passwordResetRequests == ["alice"])
        #expect(view.calls.isEmpty)
    }
}
