import TestSupport
import Testing

@testable import Navigation

@MainActor
@Suite("Tabs", .timeLimit(.minutes(10)))
struct TabTests {
    /// A host that opens three tabs, A (shown), B and C, each a probe module.
    func tabbed() async throws -> (host: HostRouter, probes: [String: Probe<TestPlace>]) {
        let host = try await HostRouter()
        var probes: [String: Probe<TestPlace>] = [:]
        try await host.openTabs(
            [
                probeTab("a", "A") { probes["a"] = $0 }, probeTab("b", "B") { probes["b"] = $0 },
                probeTab("c", "C") { probes["c"] = $0 },
            ], selecting: "a")
        host.motions.reset()
        return (host, probes)
    }

    @Test("tabs replace the root: each tab a stack of its own, one shown, the old root released")
    func open() async throws {
        let host = try await HostRouter()
        weak let hostScreen = host.view
        try await host.openTabs([probeTab("a", "A") { _ in }, probeTab("b", "B") { _ in }], selecting: "b")

        #expect(host.stage.state.screens.stacks.tabNames == ["a", "b"])
        #expect(host.stage.state.screens.tabNames == ["a", "b"])
        #expect(host.stage.state.screens.stacks.selectedTab == "b")
        #expect(host.stage.state.screens.topScreen?.title == "B")
        #expect(
            host.stage.state.places.typed(String.self)
                == NavigationState(tabs: [.init(name: "a", stack: ["A"]), .init(name: "b", stack: ["B"])], selected: 1))
        #expect(hostScreen == nil)
        #expect(
            host.motions.events == [
                "load 1 started", "load 1 finished", "load 2 started", "load 2 finished",
                "left Host (replaceRoot)", "arrived A (replaceRoot)", "arrived B (replaceRoot)",
            ])
    }

    @Test("a tab that is not shown keeps its screens alive, and shows them again when selected")
    func keepsStacks() async throws {
        let (host, probes) = try await tabbed()
        let pushed = try openModule("A2", from: router(of: try #require(probes["a"])), transition: PushTransition())

        try host.stage.select(tab: "b")
        #expect(host.stage.state.screens.topScreen?.title == "B")
        #expect(host.stage.state.screens.stacks.path.map(\.title) == ["B"])
        #expect(host.stage.state.screens.stacks.all.map(\.title) == ["A", "A2", "B", "C"])
        #expect(pushed.screen != nil && pushed.router != nil)

        try host.stage.select(tab: "a")
        #expect(host.stage.state.screens.stacks.path.map(\.title) == ["A", "A2"])
        #expect(host.motions.events == ["arrived A2 (push)", "selected b (was a)", "selected a (was b)"])
    }

    @Test("back inside a tab pops within it; a tab's first screen is a root and cannot be closed")
    func closeInsideTab() async throws {
        let (host, probes) = try await tabbed()
        let pushed = try openModule("A2", from: router(of: try #require(probes["a"])), transition: PushTransition())

        try router(of: pushed).close()
        #expect(pushed.isReleased)
        #expect(throws: RoutingError.cannotCloseRoot(screen: "A")) { try router(of: try #require(probes["a"])).close() }
        #expect(host.stage.state.places.typed(String.self)?.stack(ofTab: "a") == ["A"])
    }

    @Test("a modal covers the whole container; selecting a tab leaves it on top, as UIKit does")
    func modalOverTabs() async throws {
        let (host, probes) = try await tabbed()
        let modal = try openModule("M", from: router(of: try #require(probes["a"])), transition: ModalTransition())

        try host.stage.select(tab: "c")
        #expect(host.stage.state.screens.topScreen?.title == "M")
        #expect(
            host.stage.state.screens.titles
                == NavigationState(
                    tabs: [
                        .init(name: "a", stack: ["A"]), .init(name: "b", stack: ["B"]), .init(name: "c", stack: ["C"]),
                    ],
                    selected: 2, modals: [["M"]]))
        #expect(host.stage.state.screens.titles.path == ["C", "M"])

        try router(of: modal).close()
        #expect(host.stage.state.screens.topScreen?.title == "C")
        #expect(modal.isReleased)
    }

    @Test("an unknown tab, or tabs that cannot make a root, are errors that change nothing")
    func badTabs() async throws {
        let (host, _) = try await tabbed()
        #expect(throws: RoutingError.unknownTab("d", tabs: ["a", "b", "c"])) { try host.stage.select(tab: "d") }
        #expect(host.stage.state.screens.stacks.selectedTab == "a")

        await #expect(throws: RoutingError.invalidTabs(["x", "x"], selected: "x")) {
            try await host.openTabs([probeTab("x", "X") { _ in }, probeTab("x", "Y") { _ in }], selecting: "x")
        }
        await #expect(throws: RoutingError.invalidTabs(["x"], selected: "y")) {
            try await host.openTabs([probeTab("x", "X") { _ in }], selecting: "y")
        }
        #expect(host.stage.state.screens.stacks.tabNames == ["a", "b", "c"])
    }

    @Test("replacing a tabbed root releases every tab, shown or not, and every modal")
    func replaceReleasesAll() async throws {
        let (host, probes) = try await tabbed()
        let pushed = try openModule("B2", from: router(of: try #require(probes["b"])), transition: PushTransition())
        let modal = try openModule("M", from: router(of: try #require(probes["a"])), transition: ModalTransition())

        try openModule("Login", from: router(of: modal), transition: RootTransition())

        #expect(host.stage.state.screens.titles == NavigationState(root: ["Login"]))
        #expect(host.stage.state.screens.stacks.tabNames.isEmpty)
        #expect(host.stage.state.screens.tabNames == [])
        let all = [pushed, modal] + probes.values
        #expect(all.allSatisfy { $0.isReleased })
    }

    @Test("the depth limit counts what is shown: the selected tab's stack and the modals")
    func depthPerTab() async throws {
        let host = try await HostRouter(maximumDepth: 2)
        var probes: [String: Probe<TestPlace>] = [:]
        try await host.openTabs(
            [probeTab("a", "A") { probes["a"] = $0 }, probeTab("b", "B") { probes["b"] = $0 }], selecting: "a")
        try openModule("A2", from: router(of: try #require(probes["a"])), transition: PushTransition())
        #expect((host.stage.state.screens.depth >= host.stage.maximumDepth))
        let top = try #require(
            host.stage.state.screens.topScreen.flatMap(host.stage.state.screens.router(of:))
                as? Router<ProbeScreen, TestPlace>)
        #expect(throws: RoutingError.tooDeep(limit: 2)) {
            try openModule("A3", from: top, transition: PushTransition())
        }
        try host.stage.select(tab: "b")
        #expect(!(host.stage.state.screens.depth >= host.stage.maximumDepth))
        try openModule("B2", from: router(of: try #require(probes["b"])), transition: PushTransition())
        #expect(host.stage.state.places.typed(String.self)?.tabs.map(\.stack) == [["A", "A2"], ["B", "B2"]])
    }
}
