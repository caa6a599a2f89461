import TestSupport
import Testing

@testable import Navigation

@MainActor
@Suite("Navigation events", .timeLimit(.minutes(10)))
struct EventTests {
    @Test("every screen that arrives or leaves is an event, in order, for every observer")
    func arrivalsAndDepartures() async throws {
        let host = try await HostRouter()
        let second = MotionRecorder<TestPlace>()
        host.stage.addObserver(second)
        let chat = try openModule("Chat", from: host, transition: PushTransition())
        let profile = try openModule("Profile", from: router(of: chat), transition: ModalTransition())
        try openModule("More", from: router(of: profile), transition: PushTransition())

        try router(of: chat).close()
        try openModule("Login", from: host, transition: RootTransition())

        let expected = [
            "arrived Chat (push)", "arrived Profile (present)", "arrived More (push)",
            "left More (dismiss)", "left Profile (dismiss)", "left Chat (pop)",
            "left Host (replaceRoot)", "arrived Login (replaceRoot)",
        ]
        #expect(host.motions.events == expected)
        #expect(second.events == expected)
    }

    @Test("a batch that changed the window ends with one settled, and one that changed nothing with none")
    func settledOnlyAfterAChange() async throws {
        let host = try await HostRouter()
        let window = host.stage
        await window.batch {}
        await window.batch { await window.batch {} }
        #expect(host.motions.events.isEmpty)

        try await window.batch { () async throws in
            try await window.batch { () async throws in
                _ = try openModule("Chat", from: host, transition: PushTransition())
            }
            _ = try openModule("Profile", from: host, transition: ModalTransition())
        }
        await window.batch {}
        #expect(host.motions.events == ["arrived Chat (push)", "arrived Profile (present)", "settled"])
    }

    @Test("a removed observer hears nothing more")
    func removeObserver() async throws {
        let host = try await HostRouter()
        host.stage.removeObserver(host.motions)
        try openModule("Chat", from: host, transition: PushTransition())
        #expect(host.motions.events.isEmpty)
    }

    @Test("loads report when they start and how they end: finished, failed, superseded")
    func loads() async throws {
        struct Unavailable: Error, CustomStringConvertible {
            var description: String { "unavailable" }
        }
        let host = try await HostRouter()
        let loaded = Router<ProbeScreen, TestPlace>(place: "Probe")
        try await host.open(loaded, transition: PushTransition()) {
            ProbeScreen("Loaded", presenter: ProbePresenter(router: loaded))
        }
        await #expect(throws: Unavailable.self) {
            try await host.open(Router<ProbeScreen, TestPlace>(place: "Probe"), transition: PushTransition()) {
                () throws -> ProbeScreen in
                throw Unavailable()
            }
        }
        var started = false
        let slow = Task {
            try await host.open(Router<ProbeScreen, TestPlace>(place: "Probe"), transition: PushTransition()) {
                () async throws -> ProbeScreen in
                started = true
                try await Task.sleep(for: .seconds(3_600))
                throw Unavailable()
            }
        }
        try #require(await yield(until: { started }), "the slow load never started")
        try host.stage.pop(try #require(loaded.view))
        await #expect(throws: RoutingError.superseded) { try await slow.value }

        #expect(
            host.motions.events == [
                "load 1 started", "load 1 finished", "arrived Loaded (push)",
                "load 2 started", "load 2 failed: unavailable",
                "load 3 started", "left Loaded (pop)", "load 3 superseded",
            ])
    }
}
