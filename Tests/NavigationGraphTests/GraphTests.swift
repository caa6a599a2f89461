import Navigation
import TestSupport
import Testing

@testable import NavigationGraph

/// The places of a small composition: a gate, a tab that lists items, an item, a note of an item
/// (which takes the item it is opened from).
enum Spot: AppPlaces, FeaturePlace {
    typealias Environment = Void

    case gate, home
    case item(Int)
    case note(Int)

    var title: String {
        switch self {
        case .gate: "Gate"
        case .home: "Home"
        case .item(let id): "Item \(id)"
        case .note(let id): "Note \(id)"
        }
    }

    func visit<V: PlaceVisitor>(_ visitor: V) -> V.Result where V.Places == Spot {
        visitor.visit(self, of: SpotFeature.self)
    }

    static var tabs: [Spot] { [.home] }
    static func passer(in environment: Void) -> GatePasser? { nil }
    static func closeGate(in environment: Void) {}
}

enum SpotFeature: Feature {
    typealias Place = Spot
    typealias Places = Spot

    static var name: String { "Spots" }
    static func embed(_ place: Spot) -> Spot { place }

    static func link(of place: Spot) -> PlaceLink {
        switch place {
        case .gate: PlaceLink("gate")
        case .home: PlaceLink("home")
        case .item(let id): PlaceLink("item", .int("id"), id)
        case .note: PlaceLink("note")
        }
    }

    static func access(of place: Spot) -> PlaceAccess { place == .gate ? .unguarded : .guarded }

    static func policy(of place: Spot) -> LoadPolicy? {
        if case .item = place { LoadPolicy(timeout: .seconds(2)) } else { .standard }
    }

    static func query(of place: Spot) -> [QueryParameter] {
        if case .item = place { [.int("line", 1...99)] } else { [] }
    }

    static func offers(at place: Spot, in environment: Void) -> [Offer<Spot>] {
        switch place {
        case .home: [Offer("item", any: PlaceParameters(.int("id")), openItem)]
        case .item(let id): [Offer("note", openNote(id)), Offer("note", openNote(id))]
        case .gate, .note: []
        }
    }

    static func check(_ place: Spot, in environment: Spot.Environment) async throws {}

    /// The graph opens no screen.
    static func open(_ place: Spot, checking: Checking<Void>, in opening: Opening<Spot>) throws -> ModuleLoad {
        throw RoutingError.windowReleased
    }

    static func openItem(_ id: Int) -> Route<Spot> { Route(.item(id), transition: PushTransition()) }
    static func openNote(_ id: Int) -> Route<Spot> { Route(.note(id), transition: ModalTransition()) }
}

@MainActor
@Suite("The navigation graph of a composition")
struct GraphTests {
    let graph = NavigationGraph(Declarations<Spot>(environment: (), scheme: "x"))

    @Test(
        "the graph lists every place and what each screen's actions open, walking from the gate and the tabs; an action named twice is one edge, and a problem"
    )
    func text() {
        #expect(graph.problems == ["Spots: the screen of item/<id> offers note twice; give the action another word"])
        #expect(graph.nodes.map(\.pattern) == ["gate", "home", "item/<id>", "note"])
        #expect(
            graph.edges == [
                .init(from: "home", action: "item", argument: ["id"], to: "item/<id>", method: "openItem(_:)"),
                .init(from: "item/<id>", action: "note", argument: [], to: "note", method: "openNote(_:)"),
            ])
        #expect(
            graph.printed(as: .text) == """
                x: 4 places, 2 edges

                places:
                  gate       Spots, gate, unguarded; loads: newest wins
                  home       Spots, tab, guarded; loads: newest wins
                  item/<id>  Spots, opened, guarded; <id>: Int; query line=<int>; loads: timeout 2 s, newest wins
                  note       Spots, opened, guarded; loads: newest wins

                edges (screen, action, place it opens, route method):
                  home --item <id>--> item/<id>  openItem(_:)
                  item/<id> --note--> note  openNote(_:)

                """)
    }

    @Test("dot, mermaid and json draw the same places and edges; json says its format and version")
    func formats() {
        #expect(
            graph.printed(as: .mermaid) == """
                flowchart LR
                  p0(["gate<br/>Spots, gate"])
                  p1(["home<br/>Spots, tab"])
                  p2["item/‹id›<br/>Spots, opened"]
                  p3["note<br/>Spots, opened"]
                  p1 -->|"item ‹id›"| p2
                  p2 -->|"note"| p3

                """)
        let dot = graph.printed(as: .dot)
        #expect(dot.hasPrefix("digraph x {\n"))
        #expect(dot.contains("  \"home\" -> \"item/<id>\" [label=\"item <id>\"];\n"))
        #expect(dot.hasSuffix("}\n"))
        let json = graph.printed(as: .json)
        #expect(json.contains("\"format\" : \"waypoint-routes\""))
        #expect(json.contains("\"version\" : \(NavigationGraph.jsonVersion)"))
        #expect(json.contains("\"to\" : \"item/<id>\""))
        #expect(json.contains("\"argument\" : [\n        \"id\"\n      ]"))
    }
}
