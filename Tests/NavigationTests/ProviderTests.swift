import TestSupport
import Testing

@testable import Navigation

/// Providers: a screen that loads before it opens, may fail, and loses to a newer navigation.
@MainActor
@Suite("Providers and the window's load", .timeLimit(.minutes(10)))
struct ProviderTests {
    /// A provider that builds a probe module, then waits until cancelled (or an hour passes).
    func slowModule(
        _ title: String, router: Router<ProbeScreen, TestPlace>, built: @escaping @MainActor (ProbeScreen) -> Void
    )
        -> @MainActor () async throws -> ProbeScreen
    {
        {
            let screen = ProbeScreen(title, presenter: ProbePresenter(router: router))
            built(screen)
            try await Task.sleep(for: .seconds(3_600))
            return screen
        }
    }

    /// Starts presenting a slow module from `host` in a task of its own, and returns once its
    /// provider has started.
    func startSlowLoad(from host: HostRouter) async throws -> Task<Void, any Error> {
        var started = false
        let loading = Task {
            try await host.open(
                Router<ProbeScreen, TestPlace>(place: "Probe"), transition: ModalTransition(),
                provide: slowModule("Slow", router: Router(place: "Slow")) { _ in started = true })
        }
        try #require(await yield(until: { started }), "the slow provider never started")
        return loading
    }

    @Test("a provided screen opens once it is provided, and its router closes it")
    func provided() async throws {
        let host = try await HostRouter()
        let router = Router<ProbeScreen, TestPlace>(place: "Probe")
        try await host.open(router, transition: PushTransition()) {
            ProbeScreen("Loaded", presenter: ProbePresenter(router: router))
        }
        #expect(host.stage.state.screens.titles == NavigationState(root: ["Host", "Loaded"]))
        #expect(host.stage.state.screens.router(of: try #require(router.view)) === router)
        #expect(!host.stage.loader.isLoading)

        try router.close()
        #expect(host.motions.motions == ["push Loaded", "pop Loaded"])
    }

    @Test("a feature's open declares its module and returns: nothing is built or shown until the core runs the load")
    func declaredThenRun() async throws {
        let host = try await HostRouter()
        let router = Router<ProbeScreen, TestPlace>(place: "Probe")
        var built: [String] = []
        let load = opening(from: host.top, in: host.window, by: PushTransition()).open(router, Checking { "Bob" }) {
            name in
            built.append(name)
            return ProbeScreen("Loaded", presenter: ProbePresenter(router: router))
        }
        #expect(built == [])
        #expect(host.stage.state.screens.titles == NavigationState(root: ["Host"]))

        try await load.run()
        #expect(built == ["Bob"])
        #expect(host.stage.state.screens.titles == NavigationState(root: ["Host", "Loaded"]))
        #expect(host.motions.motions == ["push Loaded"])
    }

    @Test("a provider that fails opens nothing and leaves nothing alive")
    func failing() async throws {
        struct Unavailable: Error {}
        let host = try await HostRouter()
        weak var built: ProbeScreen?
        var router: Router<ProbeScreen, TestPlace>? = Router(place: "Failing")
        weak let weakRouter = router
        await #expect(throws: Unavailable.self) {
            try await host.open(try #require(router), transition: ModalTransition()) {
                [weak router] () async throws -> ProbeScreen in
                let screen = ProbeScreen("Failing", presenter: ProbePresenter(router: try #require(router)))
                built = screen
                throw Unavailable()
            }
        }
        router = nil

        #expect(host.stage.state.screens.titles == NavigationState(root: ["Host"]))
        #expect(host.motions.motions.isEmpty)
        #expect(built == nil)
        #expect(weakRouter == nil)
    }

    @Test("a newer load cancels the load in flight: the newest wins, the older opens nothing and is released")
    func newestWins() async throws {
        let host = try await HostRouter()
        var probe = WeakProbe([])
        let older = Task {
            try await host.open(
                Router<ProbeScreen, TestPlace>(place: "Probe"), transition: PushTransition(),
                provide: slowModule("Older", router: Router(place: "Older")) {
                    probe = WeakProbe([$0, $0.presenter, $0.presenter.router])
                })
        }
        try #require(await yield(until: { probe.aliveCount > 0 }), "the older provider never built its module")
        #expect(host.stage.loader.isLoading)

        let router = Router<ProbeScreen, TestPlace>(place: "Probe")
        try await host.open(router, transition: PushTransition()) {
            ProbeScreen("Newer", presenter: ProbePresenter(router: router))
        }

        await #expect(throws: RoutingError.superseded) { try await older.value }
        #expect(host.stage.state.screens.titles == NavigationState(root: ["Host", "Newer"]))
        #expect(host.motions.motions == ["push Newer"])
        #expect(probe.isReleased)
        #expect(!host.stage.loader.isLoading)
    }

    @Test(
        "a provider whose data is at hand and that changes the window before it returns opens nothing: the change won")
    func providerChangesTheWindow() async throws {
        let host = try await HostRouter()
        let router = Router<ProbeScreen, TestPlace>(place: "Probe")
        weak var provided: ProbeScreen?
        await #expect(throws: RoutingError.superseded) {
            try await host.open(router, transition: PushTransition()) {
                _ = try openModule("Pushed", from: host, transition: PushTransition())
                let screen = ProbeScreen("Loaded", presenter: ProbePresenter(router: router))
                provided = screen
                return screen
            }
        }
        #expect(host.stage.state.screens.titles == NavigationState(root: ["Host", "Pushed"]))
        #expect(host.motions.motions == ["push Pushed"])
        #expect(provided == nil)
        #expect(!host.stage.loader.isLoading)
    }

    @Test("any change to the window cancels the load in flight")
    func changeCancels() async throws {
        let host = try await HostRouter()
        let pushed = try openModule("Pushed", from: host, transition: PushTransition())
        let loading = try await startSlowLoad(from: host)

        try router(of: pushed).close()

        await #expect(throws: RoutingError.superseded) { try await loading.value }
        #expect(host.stage.state.screens.titles == NavigationState(root: ["Host"]))
    }

    @Test("cancelling the task that navigates cancels its load with CancellationError: no newer navigation won")
    func callerCancels() async throws {
        let host = try await HostRouter()
        let loading = try await startSlowLoad(from: host)

        loading.cancel()

        await #expect(throws: CancellationError.self) { try await loading.value }
        #expect(host.stage.state.screens.titles == NavigationState(root: ["Host"]))
        #expect(!host.stage.loader.isLoading)
    }

    @Test("a window knows the router of each screen it shows, and forgets it when the screen leaves")
    func routerOfScreen() async throws {
        let host = try await HostRouter()
        let chat = try openModule("Chat", from: host, transition: PushTransition())
        let screen = try #require(chat.screen)
        #expect(host.stage.state.screens.router(of: screen) === chat.router)
        #expect(host.stage.state.screens.router(of: try #require(host.view)) != nil)

        try router(of: chat).close()
        #expect(host.stage.state.screens.router(of: screen) == nil)
        #expect(host.stage.state.screens.router(of: StubScreen("Stranger")) == nil)
    }
}
