import TestSupport
import Testing
import VirtualTime

@testable import Navigation

/// Load policies, declared as data: timeout, retry, fallback, placeholder, cancel on leave, and
/// which of two navigations wins. Every wait is on the host's virtual clock, never a real sleep.
///
/// The limit guards a hang only. The clock moves on once the main actor has run what was ready,
/// and in a full run every suite shares the main actor, so these tests end at the pace of the
/// whole run (about 40 s alone, 70 s beside two busy loops): a one-minute limit failed there.
@MainActor
@Suite("Load policies", .timeLimit(.minutes(10)))
struct LoadPolicyTests {
    struct Unavailable: Error, Equatable {}
    struct Unknown: Error, Equatable {}

    /// A provider that waits `wait` on `clock`, then builds a probe screen titled `title`.
    func module(
        _ title: String, router: Router<ProbeScreen, TestPlace>, waits wait: Duration = .zero, on clock: VirtualClock
    )
        -> @MainActor () async throws -> ProbeScreen
    {
        {
            if wait > .zero { try await clock.sleep(for: wait) }
            return ProbeScreen(title, presenter: ProbePresenter(router: router))
        }
    }

    /// Opens `router` from `host` as `policy` says, in a task of its own.
    func opening(
        _ router: Router<ProbeScreen, TestPlace>, from host: HostRouter, policy: LoadPolicy,
        provide: @escaping @MainActor () async throws -> ProbeScreen,
        fallback: (@MainActor () async throws -> ProbeScreen)? = nil
    ) -> Task<Void, any Error> {
        Task {
            try await host.open(
                router, transition: PushTransition(), policy: policy, provide: provide, fallback: fallback)
        }
    }

    @Test("a load that takes longer than its timeout fails with timedOut, opens nothing and is stopped")
    func timeout() async throws {
        let host = try await HostRouter()
        let router = Router<ProbeScreen, TestPlace>(place: "Slow")
        let policy = LoadPolicy(timeout: .seconds(3))
        await #expect(throws: RoutingError.timedOut(after: .seconds(3))) {
            try await host.clock.run {
                try await host.open(
                    router, transition: PushTransition(), policy: policy,
                    provide: module("Slow", router: router, waits: .seconds(10), on: host.clock))
            }
        }
        #expect(host.clock.now.offset == .seconds(3))
        #expect(host.clock.sleepers == 0)
        #expect(host.stage.state.screens.titles == NavigationState(root: ["Host"]))
        #expect(host.motions.events == ["load 1 started", "load 1 failed: timedOut(after: 3.0 seconds)"])
    }

    @Test("a provider that goes on once its timeout cancelled it opens nothing all the same: the load timed out")
    func timeoutIgnored() async throws {
        let host = try await HostRouter()
        let router = Router<ProbeScreen, TestPlace>(place: "Stubborn")
        let clock = host.clock
        let provide: @MainActor () async throws -> ProbeScreen = {
            // Cancelled at the timeout, it does not stop: it builds its screen all the same.
            try? await clock.sleep(for: .seconds(10))
            return ProbeScreen("Stubborn", presenter: ProbePresenter(router: router))
        }
        await #expect(throws: RoutingError.timedOut(after: .seconds(3))) {
            try await host.clock.run {
                try await host.open(
                    router, transition: PushTransition(), policy: LoadPolicy(timeout: .seconds(3)), provide: provide)
            }
        }
        #expect(host.stage.state.screens.titles == NavigationState(root: ["Host"]))
        #expect(host.motions.events == ["load 1 started", "load 1 failed: timedOut(after: 3.0 seconds)"])
    }

    @Test("a failure another try may mend is tried again after the backoff, doubling; then the screen opens")
    func retry() async throws {
        let host = try await HostRouter()
        let router = Router<ProbeScreen, TestPlace>(place: "Flaky")
        var tries = 0
        let policy = LoadPolicy(retry: LoadPolicy.Retry(attempts: 2, backoff: .milliseconds(500)))
        try await host.clock.run {
            try await host.open(router, transition: PushTransition(), policy: policy) {
                tries += 1
                if tries < 3 { throw Unavailable() }
                return ProbeScreen("Flaky", presenter: ProbePresenter(router: router))
            }
        }
        #expect(tries == 3)
        #expect(host.clock.now.offset == .milliseconds(1_500))
        #expect(host.stage.state.screens.titles == NavigationState(root: ["Host", "Flaky"]))
        #expect(
            host.motions.events == [
                "load 1 started",
                "load 1 retrying: try 2 in 0.5 seconds",
                "load 1 retrying: try 3 in 1.0 seconds",
                "load 1 finished",
                "arrived Flaky (push)",
            ])
    }

    @Test("a failure no try can mend is not tried again; spent tries end in the last error")
    func retryOnlyWhatMends() async throws {
        let host = try await HostRouter()
        let retry = LoadPolicy.Retry(attempts: 3, backoff: .milliseconds(100)) { $0 is Unavailable }
        var tries = 0
        await #expect(throws: Unknown.self) {
            try await host.clock.run {
                try await host.open(
                    Router<ProbeScreen, TestPlace>(place: "Unknown"), transition: PushTransition(),
                    policy: LoadPolicy(retry: retry)
                ) { () async throws -> ProbeScreen in
                    tries += 1
                    throw Unknown()
                }
            }
        }
        #expect(tries == 1)
        await #expect(throws: Unavailable.self) {
            try await host.clock.run {
                try await host.open(
                    Router<ProbeScreen, TestPlace>(place: "Down"), transition: PushTransition(),
                    policy: LoadPolicy(retry: retry)
                ) { () async throws -> ProbeScreen in
                    tries += 1
                    throw Unavailable()
                }
            }
        }
        #expect(tries == 1 + 4)
        #expect(host.stage.state.screens.titles == NavigationState(root: ["Host"]))
    }

    @Test("when the tries are spent, the fallback builds the screen, and observers hear it")
    func fallback() async throws {
        let host = try await HostRouter()
        let router = Router<ProbeScreen, TestPlace>(place: "Card")
        try await host.clock.run {
            try await host.open(
                router, transition: PushTransition(), policy: .standard,
                provide: { () async throws -> ProbeScreen in throw Unavailable() },
                fallback: { ProbeScreen("Classic", presenter: ProbePresenter(router: router)) })
        }
        #expect(host.stage.state.screens.titles == NavigationState(root: ["Host", "Classic"]))
        #expect(
            host.motions.events == [
                "load 1 started", "load 1 fell back", "load 1 finished", "arrived Classic (push)",
            ])
    }

    @Test("a placeholder stands in only once the load takes longer than the threshold, and the screen takes its place")
    func placeholder() async throws {
        let host = try await HostRouter()
        let policy = LoadPolicy(placeholderAfter: .milliseconds(300))
        let quick = Router<ProbeScreen, TestPlace>(place: "Quick")
        try await host.clock.run {
            try await host.open(
                quick, transition: PushTransition(), policy: policy,
                provide: module("Quick", router: quick, waits: .milliseconds(200), on: host.clock))
        }
        #expect(host.motions.motions == ["push Quick"])
        try quick.close()
        host.motions.reset()

        let slow = Router<ProbeScreen, TestPlace>(place: "Slow")
        let loading = opening(
            slow, from: host, policy: policy, provide: module("Slow", router: slow, waits: .seconds(2), on: host.clock))
        #expect(await yield { host.clock.sleepers == 2 })
        host.clock.advance(by: .milliseconds(300))
        #expect(await yield { host.stage.loader.placeholderShown != nil })
        #expect(host.stage.state.screens.titles == NavigationState(root: ["Host", "Slow"]))
        #expect(host.stage.state.screens.topScreen is PlaceholderScreen)

        host.clock.advance(by: .seconds(2))
        try await loading.value
        let screen = try #require(host.stage.state.screens.topScreen as? ProbeScreen)
        #expect(host.stage.state.screens.router(of: screen) === slow)
        #expect(slow.view === screen)
        #expect(host.motions.motions == ["push Slow", "replace Slow", "replace Slow"])
        #expect(
            host.motions.events.filter { $0.hasPrefix("load") } == [
                "load 2 started", "load 2 shows a placeholder", "load 2 finished",
            ])
        try slow.close()
        #expect(host.stage.state.screens.titles == NavigationState(root: ["Host"]))
    }

    @Test("leaving the placeholder stops the load: the caller hears stopped, and a late result opens nothing")
    func leavingThePlaceholder() async throws {
        let host = try await HostRouter()
        let slow = Router<ProbeScreen, TestPlace>(place: "Slow")
        weak var built: ProbeScreen?
        let loading = opening(slow, from: host, policy: LoadPolicy(placeholderAfter: .milliseconds(300))) {
            let screen = ProbeScreen("Slow", presenter: ProbePresenter(router: slow))
            built = screen
            try? await host.clock.sleep(for: .seconds(2))
            return screen
        }
        #expect(await yield { host.clock.sleepers == 2 })
        host.clock.advance(by: .milliseconds(300))
        #expect(await yield { host.stage.loader.placeholderShown != nil })
        let placeholder = try #require(host.stage.loader.placeholderShown)
        try #require(host.stage.state.screens.router(of: placeholder)).close()

        await #expect(throws: RoutingError.stopped) { try await loading.value }
        host.clock.advance(by: .seconds(5))
        #expect(host.stage.state.screens.titles == NavigationState(root: ["Host"]))
        #expect(built == nil)
        #expect(host.motions.events.filter { $0.hasPrefix("load") }.last == "load 1 stopped")
    }

    @Test("leaving the screen that asked stops its load (cancel on leave); without it, the load goes on")
    func cancelOnLeave() async throws {
        for cancels in [true, false] {
            let host = try await HostRouter()
            let asker = Router<ProbeScreen, TestPlace>(place: "Asker")
            try host.open(
                ProbeScreen("Asker", presenter: ProbePresenter(router: asker)), of: asker,
                transition: PushTransition())
            let slow = Router<ProbeScreen, TestPlace>(place: "Slow")
            let policy = LoadPolicy(cancelOnLeave: cancels, competition: .firstWins)
            let loading = Task {
                try await asker.open(
                    slow, transition: PushTransition(), policy: policy,
                    provide: module("Slow", router: slow, waits: .seconds(1), on: host.clock))
            }
            #expect(await yield { host.clock.sleepers == 1 })
            try asker.close()
            host.clock.advance(by: .seconds(1))
            if cancels {
                await #expect(throws: RoutingError.stopped) { try await loading.value }
                #expect(host.stage.state.screens.titles == NavigationState(root: ["Host"]))
            } else {
                // The first wins: leaving its screen changes the window, but does not stop it;
                // it opens from a screen that left, which the window refuses.
                await #expect(throws: RoutingError.self) { try await loading.value }
                #expect(host.stage.state.screens.titles == NavigationState(root: ["Host"]))
            }
        }
    }

    @Test("while a first-wins load is in flight, a second is refused with busy, and changes leave it be")
    func firstWins() async throws {
        let host = try await HostRouter()
        let first = Router<ProbeScreen, TestPlace>(place: "First")
        let loading = opening(
            first, from: host, policy: LoadPolicy(competition: .firstWins),
            provide: module("First", router: first, waits: .seconds(1), on: host.clock))
        #expect(await yield { host.clock.sleepers == 1 })

        let second = Router<ProbeScreen, TestPlace>(place: "Second")
        await #expect(throws: RoutingError.busy) {
            try await host.open(
                second, transition: PushTransition(), provide: module("Second", router: second, on: host.clock))
        }
        let other = Router<ProbeScreen, TestPlace>(place: "Other")
        try host.open(
            ProbeScreen("Other", presenter: ProbePresenter(router: other)), of: other, transition: PushTransition())
        host.clock.advance(by: .seconds(1))
        try await loading.value
        #expect(host.stage.state.screens.titles == NavigationState(root: ["Host", "Other", "First"]))
        #expect(host.motions.events.contains("load refused: 1 in flight"))
    }

    @Test("the newest wins by default: a second load supersedes the first, which opens nothing")
    func newestWins() async throws {
        let host = try await HostRouter()
        let first = Router<ProbeScreen, TestPlace>(place: "First")
        let loading = opening(
            first, from: host, policy: .standard,
            provide: module("First", router: first, waits: .seconds(1), on: host.clock))
        #expect(await yield { host.clock.sleepers == 1 })
        let second = Router<ProbeScreen, TestPlace>(place: "Second")
        try await host.open(
            second, transition: PushTransition(), provide: module("Second", router: second, on: host.clock))
        await #expect(throws: RoutingError.superseded) { try await loading.value }
        #expect(host.stage.state.screens.titles == NavigationState(root: ["Host", "Second"]))
    }

    @Test("stopLoading stops any load whatever its policy; a presenter does not report a stopped load")
    func stop() async throws {
        let host = try await HostRouter()
        let first = Router<ProbeScreen, TestPlace>(place: "First")
        let loading = opening(
            first, from: host, policy: LoadPolicy(competition: .firstWins),
            provide: module("First", router: first, waits: .seconds(1), on: host.clock))
        #expect(await yield { host.clock.sleepers == 1 })
        #expect(host.stage.loader.stop())
        #expect(!host.stage.loader.stop())
        await #expect(throws: RoutingError.stopped) { try await loading.value }

        let feedback = ScreenFeedback()
        feedback.error(RoutingError.stopped)
        feedback.error(RoutingError.superseded)
        #expect(feedback.lines.count == 1)
    }
}
