import Domain
import DomainTesting
import Links
import Routing
import TestSupport
import Testing

@testable import Login

/// The whole Login flow, opened through its route and driven through its screens.
@MainActor
@Suite("Login flow")
struct LoginFlowTests {
    func openLogin(secrets: [String] = []) async throws -> (LoginHost, LoginPresenter) {
        let host = try LoginHost(dependencies: .demo(prompt: ScriptedPrompt(secrets: secrets)))
        try await host.openLogin().open()
        return (host, try #require(host.stage.topScreen as? LoginPresenter))
    }

    @Test("Login opens as the new root")
    func opensAsRoot() async throws {
        let (host, _) = try await openLogin()
        #expect(host.stage.titles == NavigationState(root: ["Login"]))
        #expect(host.motions.motions == ["replaceRoot Login"])
    }

    @Test("the flow's navigator, through which links reach the steps, is the sign-in screen's")
    func navigatorForLinks() async throws {
        let (host, login) = try await openLogin()
        let kind = try #require((host.stage.catalog as? PlaceCatalog)?.kinds.first)
        let offered = kind.routes(at: AnyPlace(LoginPlace.login), router: host.loginRouter)
        #expect(offered.map(\.action) == ["signup", "forgot"])
        try await #require(offered.last).route.open()
        #expect(host.stage.titles == NavigationState(root: ["Login", "Forgot password"]))
        #expect(host.stage.place(of: try #require(host.stage.topScreen)) == AnyPlace(LoginPlace.forgotPassword))
        #expect(login.navigator is LoginNavigator)
    }

    @Test("a sign-in starts the session and goes home through the router")
    func signIn() async throws {
        let (host, login) = try await openLogin(secrets: ["wonderland"])
        await login.perform("login", argument: "alice")

        #expect(host.home.homes == ["alice"])
        #expect(host.dependencies.session.user == DemoData.alice)
    }

    @Test("a host that serves no home says so, and the session ends")
    func noHome() async throws {
        let host = try LoginHost(
            dependencies: .demo(prompt: ScriptedPrompt(secrets: ["wonderland"])), servesHome: false)
        try await host.openLogin().open()
        let login = try #require(host.stage.topScreen as? LoginPresenter)
        await login.perform("login", argument: "alice")
        #expect(login.said() == ["error: this program has no home screen to open after signing in"])
        #expect(host.dependencies.session.user == nil)
    }

    @Test("sign-up is pushed on Login, creates the account, reports back, and is released")
    func signUp() async throws {
        let (host, login) = try await openLogin(secrets: ["secret99"])
        await login.perform("signup", argument: "")
        #expect(host.stage.titles == NavigationState(root: ["Login", "Sign up"]))
        weak let step = host.stage.topScreen as? SignUpPresenter

        await step?.perform("create", argument: "dan Dan Brown")

        #expect(host.stage.titles == NavigationState(root: ["Login"]))
        #expect(login.said() == ["Account @dan created. Sign in with: login dan"])
        #expect(step == nil)
        #expect(
            try await host.dependencies.auth.signIn(username: "dan", password: Password("secret99")).name == "Dan Brown"
        )
    }

    @Test("forgot password is pushed on Login, and closing it pops it")
    func forgotAndBack() async throws {
        let (host, login) = try await openLogin()
        await login.perform("forgot", argument: "")
        #expect(host.stage.titles == NavigationState(root: ["Login", "Forgot password"]))

        let top = try #require(host.stage.topScreen)
        // Login's own transition: a step slides up from the bottom edge.
        #expect(host.stage.animator(of: top)?.animation(isPresenting: true) == LoginStepTransition.slideUp.animation)
        try #require(host.stage.router(of: top) as? any Closable).close()

        #expect(host.stage.titles == NavigationState(root: ["Login"]))
        #expect(host.motions.motions == ["replaceRoot Login", "push Forgot password", "pop Forgot password"])
    }

    @Test("its places: the gate, passed while someone is signed in, and its steps, each linked")
    func declaration() async throws {
        let services = Services.demo()
        let kinds = LoginFeature.places(services)
        #expect(kinds.map(\.pattern) == ["login", "signup", "forgot-password"])
        let gate = try #require(kinds.first?.gate)
        #expect(!gate.isPassed() && gate.who() == nil)
        services.session.begin(as: DemoData.alice)
        #expect(gate.isPassed() && gate.who()?.name == "@alice" && gate.who()?.key == "alice")
        gate.close()
        #expect(services.session.user == nil)
        #expect(kinds.allSatisfy { $0.access == .unguarded })
    }
}
