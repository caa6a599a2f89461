import Domain
import DomainTesting
import Navigation
import TestSupport
import Testing

@testable import Login

/// The whole Login flow, opened through its route and driven through its screens.
@MainActor
@Suite("Login flow")
struct LoginFlowTests {
    func openLogin(secrets: [String] = []) async throws -> (LoginHost, LoginPresenter) {
        let host = try LoginHost(dependencies: .demo(prompt: ScriptedPrompt(secrets: secrets)))
        try await host.open(type(of: host).openLogin())
        return (host, try #require(host.stage.state.topScreen as? LoginPresenter))
    }

    @Test("Login opens as the new root")
    func opensAsRoot() async throws {
        let (host, _) = try await openLogin()
        #expect(host.stage.state.titles == NavigationState(root: ["Login"]))
        #expect(host.motions.motions == ["replaceRoot Login"])
    }

    @Test("the flow's navigator, through which links reach the steps, is the sign-in screen's")
    func navigatorForLinks() async throws {
        let (host, login) = try await openLogin()
        let kind = try #require(host.navigator?.catalog.kinds.first)
        let offered = kind.offers(at: AnyPlace(LoginPlace.login))
        #expect(offered.map(\.action) == ["signup", "forgot"])
        try await #require(host.loginRouter).open(#require(offered.last?.route()))
        #expect(host.stage.state.titles == NavigationState(root: ["Login", "Forgot password"]))
        #expect(
            host.stage.state.place(of: try #require(host.stage.state.topScreen)) == AnyPlace(LoginPlace.forgotPassword))
        #expect(login.navigator is LoginNavigator)
    }

    @Test("a host that serves no home says so, and the session ends")
    func noHome() async throws {
        let host = try LoginHost(
            dependencies: .demo(prompt: ScriptedPrompt(secrets: ["wonderland"])), servesHome: false)
        try await host.open(type(of: host).openLogin())
        let login = try #require(host.stage.state.topScreen as? LoginPresenter)
        await login.perform("login", argument: "alice")
        #expect(login.said() == ["error: this program has no home screen to open after signing in"])
        #expect(host.dependencies.session.user == nil)
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
