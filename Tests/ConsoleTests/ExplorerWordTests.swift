import Navigation
import TestSupport
import Testing

@testable import Console

/// A test app whose host screen is offered `visit` by two features: the console can run one of
/// them only. Its declarations say so as it starts; the explorer finds it on the screen shown, as
/// it would a feature's command named like an action its host performs on its own screen, which
/// no declaration lists.
enum Twice: StubPlaces {
    typealias Environment = Void

    case stub(StubPlace)

    func visit<V: PlaceVisitor>(_ visitor: V) -> V.Result where V.Places == Twice {
        switch self {
        case .stub(let place): visitor.visit(place, of: StubFeature<Twice>.self)
        }
    }

    static var gate: Twice { .stub("Host") }
    static var tabs: [Twice] { [] }
    static func passer(in environment: Void) -> GatePasser? { nil }
    static func closeGate(in environment: Void) {}

    static var contributions: [Contribution<Twice>] {
        ["Visits", "Tours"].map { feature in
            Contribution(feature: feature, host: "stub/<title>") { _ in
                Offer("visit", Route(.stub(StubPlace(feature)), transition: PushTransition()))
            }
        }
    }
}

@MainActor
@Suite("The explorer, on a test app")
struct ExplorerWordTests {
    @Test("on every screen it reaches, the explorer finds a word that names two commands")
    func wordTwice() async {
        let explorer = Explorer<Twice>(starts: [[]], depth: 0) { input in
            let window = Window<Twice>(Declarations(environment: (), scheme: "t"))
            let console = ConsoleFront(window: window, input: input, output: RecordedOutput())
            do { try await window.openGate() } catch { return nil }
            return console
        }
        let report = await explorer.run()

        #expect(report.states == 1)
        #expect(report.failures.map { "\($0.0) \($0.1)" } == ["[] visit names two commands on Host: one can never run"])
    }
}
