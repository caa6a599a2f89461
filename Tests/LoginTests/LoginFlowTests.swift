import Console
import Domain
import Routing
import TestSupport
import Testing

@testable import Login

/// The whole Login flow, opened through its route and driven through its screens.
@MainActor
@Suite("Login flow")
struct LoginFlowTests {
    func openLogin() async throws -> (LoginHost, LoginView) {
        let host = try LoginHost()
        try await host.openLogin()
        return (host, try #require(host.stage.topScreen as? LoginView))
    }

    @Test("Login opens as the new root")
    func opensAsRoot() async throws {
        let (host, _) = try await openLogin()
        #expect(host.stage.titles == NavigationState(root: ["Login"]))
        #expect(host.motions.motions == ["replaceRoot Login"])
    }

    @Test("the router is handed the flow's navigator, through which an app's links reach the steps")
    func navigatorForLinks() async throws {
        let (host, login) = try await openLogin()
        let navigator = try #require(host.lastRouter?.navigator)
        #expect(navigator === (login.listener as? LoginPresenter)?.navigator)

        try await navigator.navigate(to: .forgotPassword)
        #expect(host.stage.titles == NavigationState(root: ["Login", "Forgot password"]))
        #expect(host.stage.router(of: try #require(host.stage.topScreen)) is LoginStepRouter<ForgotPasswordView>)
    }

    @Test("a sign-in starts the session and goes home through the router")
    func signIn() async throws {
        let (host, login) = try await openLogin()
        await login.handle(try #require(Command("login alice")), in: SecretPrompt(["wonderland"]))

        #expect(host.lastRouter?.homes == ["alice"])
        #expect(host.dependencies.session.user == DemoData.alice)
    }

    @Test("sign-up is pushed on Login, creates the account, reports back, and is released")
    func signUp() async throws {
        let (host, login) = try await openLogin()
        await login.handle(try #require(Command("signup")), in: SecretPrompt())
        #expect(host.stage.titles == NavigationState(root: ["Login", "Sign up"]))
        weak let step = host.stage.topScreen as? SignUpView
        weak let presenter = step?.listener as? SignUpPresenter

        await step?.handle(try #require(Command("create dan Dan Brown")), in: SecretPrompt(["secret99"]))

        #expect(host.stage.titles == NavigationState(root: ["Login"]))
        #expect(login.feedback.lines == [.notice("Account @dan created. Sign in with: login dan")])
        #expect(step == nil)
        #expect(presenter == nil)
        #expect(
            try await host.dependencies.auth.signIn(username: "dan", password: Password("secret99")).name == "Dan Brown"
        )
    }

    @Test("forgot password is pushed on Login and back pops it")
    func forgotAndBack() async throws {
        let (host, login) = try await openLogin()
        await login.handle(try #require(Command("forgot")), in: SecretPrompt())
        #expect(host.stage.titles == NavigationState(root: ["Login", "Forgot password"]))

        await (host.stage.topScreen as? ForgotPasswordView)?.backRequested()

        #expect(host.stage.titles == NavigationState(root: ["Login"]))
        #expect(host.motions.motions == ["replaceRoot Login", "push Forgot password", "pop Forgot password"])
    }

    @Test("back on Login says it is the root")
    func backOnRoot() async throws {
        let (host, login) = try await openLogin()
        await login.backRequested()
        #expect(
            login.feedback.lines == [
                .error(
                    "Login is a root screen, so there is nothing to close or go back to"
                )
            ])
        #expect(host.stage.titles == NavigationState(root: ["Login"]))
    }
}
