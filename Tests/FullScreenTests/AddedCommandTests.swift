import Console
import FrontPacing
import Navigation
import TestSupport
import Testing

@testable import FullScreen

/// A test app whose stubs offer a command another feature adds (`Contribution`), as a feature
/// the scaffold makes does: `visit`, which opens the stub Visited.
enum Visits: StubPlaces {
    typealias Environment = Void

    case stub(StubPlace)

    func visit<V: PlaceVisitor>(_ visitor: V) -> V.Result where V.Places == Visits {
        switch self {
        case .stub(let place): visitor.visit(place, of: StubFeature<Visits>.self)
        }
    }

    static var gate: Visits { .stub("Host") }
    static var tabs: [Visits] { [] }
    static func passer(in environment: Void) -> GatePasser? { nil }
    static func closeGate(in environment: Void) {}

    static var contributions: [Contribution<Visits>] {
        [
            Contribution(feature: "Visits", host: "stub/<title>") { _ in
                Offer("visit", Route(.stub("Visited"), transition: PushTransition()), summary: "open Visited")
            }
        ]
    }
}

@MainActor
@Suite("Full-screen front: commands other features add")
struct AddedCommandTests {
    @Test("a command another feature adds to the screen is on the bar with a key, which runs it; ? says what it opens")
    func added() async throws {
        let window = Window<Visits>(Declarations(environment: (), scheme: "test"))
        #expect(window.declarations.problems == [])
        let device = ScriptedDevice(width: 60, height: 14)
        let front = ScreenFront(window: window, device: device)
        front.makeConsole(over: Windows(first: window))
        let list = StubScreen("List", lines: ["Entries"], actions: [ScreenContent.Action("zap", summary: "zap")])
        try window.replaceRoot(with: list, as: .stub("List"))
        let display = Display(window: window, front: front)
        // `?` shows where the screen is on the graph; `v`, the added command's key, closes it and runs.
        device.press([.character("?"), .character("v")])
        await front.run()

        let frames = device.frames.map(\.frame.lines)
        let graph = try #require(frames.first { $0.contains { $0.contains("graph: List") } })
        #expect(graph.contains { $0.contains("· visit opens stub/<title> (contributions)") })
        #expect(!graph.contains { $0.contains("refused here") })
        #expect(graph[12].hasPrefix(" [z]ap  [v]isit  "))
        #expect(frames.last?[0] == " List > Visited")
        #expect(list.received == [])
        withExtendedLifetime(display) {}
    }
}
