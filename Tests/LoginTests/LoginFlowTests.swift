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
    func openLogin(secrets: [String] = []) async throws -> (Stage<LoginTest>, LoginPresenter) {
        let host = try await Stage<LoginTest>(.demo(prompt: ScriptedPrompt(secrets: secrets)))
        try await host.open(LoginHost.openLogin())
        return (host, try #require(host.stage.state.screens.topScreen as? LoginPresenter))
    }

    @Test("Login opens as the new root")
    func opensAsRoot() async throws {
        let (host, _) = try await openLogin()
        #expect(host.stage.state.screens.titles == NavigationState(root: ["Login"]))
        #expect(host.motions.motions == ["replaceRoot Login"])
    }

    @Test("the flow's navigator, through which links reach the steps, is the sign-in screen's")
    func navigatorForLinks() async throws {
        let (host, login) = try await openLogin()
        let offered = host.stage.offers(at: .login(.login))
        #expect(offered.map(\.action) == ["signup", "forgot"])
        try await login.navigator.navigate(to: .forgotPassword)
        #expect(host.stage.state.screens.titles == NavigationState(root: ["Login", "Forgot password"]))
        #expect(host.stage.state.place(of: try #require(host.stage.state.screens.topScreen)) == .login(.forgotPassword))
        #expect(login.navigator is LoginNavigator<LoginTest>)
    }

    @Test("a host that serves no home says so, and the session ends")
    func noHome() async throws {
        let (host, login) = try await openLogin(secrets: ["wonderland"])
        await login.perform("login", argument: "alice")
        #expect(login.said() == ["error: this program has no home screen to open after signing in"])
        #expect(host.stage.environment.session.user == nil)
    }

    @Test("its places: the gate, passed while someone is signed in, and its steps, each linked")
    func declaration() async throws {
        let services = Services.demo()
        let declarations = Declarations<LoginOnly>(environment: services, scheme: "l")
        #expect(declarations.kinds.map(\.facts.pattern) == ["login", "signup", "forgot-password"])
        #expect(LoginOnly.passer(in: services) == nil)
        services.session.begin(as: DemoData.alice)
        #expect(LoginOnly.passer(in: services) == GatePasser(key: "alice", name: "@alice"))
        LoginOnly.closeGate(in: services)
        #expect(services.session.user == nil)
        #expect(declarations.kinds.allSatisfy { $0.facts.access == .unguarded })
    }
}
