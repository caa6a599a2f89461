import Navigation
import NavigationGraph
import TestSupport
import Testing

/// The places of a small composition: a gate, a tab that lists items, an item, a note of an item.
enum Spot: Place {
    case gate, home
    case item(Int)
    case note(Int)
    case lost

    var title: String {
        switch self {
        case .gate: "Gate"
        case .home: "Home"
        case .item(let id): "Item \(id)"
        case .note(let id): "Note \(id)"
        case .lost: "Lost"
        }
    }

    var item: Int? {
        if case .item(let id) = self { id } else { nil }
    }

    var note: Int? {
        if case .note(let id) = self { id } else { nil }
    }
}

enum SpotAction: String, ScreenAction {
    case item, note, lost
    var summary: String { rawValue }
}

/// The one router class of the composition: its routes are what the offers follow.
final class SpotRouter: Router<StubScreen> {
    static func openItem(_ id: Int) -> Route { Route(Spot.item(id), transition: PushTransition()) }
    static func openNote(_ id: Int) -> Route { Route(Spot.note(id), transition: ModalTransition()) }
    static func openLost() -> Route { Route(Spot.lost, transition: PushTransition()) }
}

/// A composition built to order: the healthy one, or one broken on purpose.
@MainActor
enum Composition {
    static let gate = Gate(
        isPassed: { false }, who: { nil }, route: Route(Spot.gate, transition: RootTransition()),
        close: {})

    static func gateKind(path: String = "gate") -> PlaceKind {
        PlaceKind(
            path, Spot.gate, access: .unguarded, role: .gate(gate), router: { SpotRouter(place: $0) },
            screen: { _, _ in StubScreen("Gate") })
    }

    static func home(offers: [SpotAction] = [.item]) -> PlaceKind {
        PlaceKind(
            "home", Spot.home, access: .guarded, role: .tab, router: { SpotRouter(place: $0) },
            screen: { _, _ in StubScreen("Home") },
            offers: { _ in
                offers.map { action in
                    switch action {
                    case .item: Offer(action, any: Int.self) { SpotRouter.openItem($0) }
                    case .note: Offer(action, SpotRouter.openNote(1))
                    case .lost: Offer(action, SpotRouter.openLost())
                    }
                }
            })
    }

    static func item(
        _ parameter: LinkParameter<Int> = .int("id"), query: [QueryParameter] = [.int("line", 1...99)],
        rules: [PlaceRule] = []
    ) -> PlaceKind {
        PlaceKind(
            "item", parameter, Spot.item, \.item, access: .guarded, role: .opened, router: { SpotRouter(place: $0) },
            screen: { _, id in StubScreen("Item \(id)") }, policy: LoadPolicy(timeout: .seconds(2)),
            offers: { place in [Offer(SpotAction.note, SpotRouter.openNote(place.item ?? 0))] }, query: query,
            rules: rules)
    }

    static func note() -> PlaceKind {
        PlaceKind(
            "note", context: Int.self, Spot.note, \.note, access: .guarded, router: { SpotRouter(place: $0) },
            screen: { _, id in StubScreen("Note \(id)") })
    }

    static var healthy: [PlaceKind] { [gateKind(), home(), item(), note()] }

    /// What the graph of `kinds` finds wrong, which the launch's check alone
    /// (`NavigationGraph.problems(scheme:kinds:)`, no graph kept) must find the same.
    static func problems(_ kinds: [PlaceKind]) -> [String] {
        let found = NavigationGraph(scheme: "x", kinds: kinds).problems.map(\.description)
        #expect(NavigationGraph.problems(scheme: "x", kinds: kinds).map(\.description) == found)
        return found
    }
}

/// A place of a type no kind of the composition declares.
struct Elsewhere: Place {
    var title: String { "Elsewhere" }
}

@MainActor
@Suite("The navigation graph of a composition")
struct GraphTests {
    @Test("the graph lists every place and what each screen's actions open, walking from the gate and the tabs")
    func graph() {
        let graph = NavigationGraph(scheme: "x", kinds: Composition.healthy)
        #expect(graph.problems.isEmpty)
        #expect(graph.nodes.map(\.pattern) == ["gate", "home", "item/<id>", "note"])
        #expect(
            graph.edges == [
                .init(from: "home", action: "item", argument: "Int", to: "item/<id>", method: "openItem(_:)"),
                .init(from: "item/<id>", action: "note", argument: nil, to: "note", method: "openNote(_:)"),
            ])
        #expect(graph.reached == ["gate", "home", "item/<id>", "note"])
        #expect(
            graph.printed(as: .text) == """
                x: 4 places, 2 edges

                places:
                  gate       NavigationGraphTests, gate, unguarded; loads: newest wins
                  home       NavigationGraphTests, tab, guarded; loads: newest wins
                  item/<id>  NavigationGraphTests, opened, guarded; <id>: Int; query line=<int>; loads: timeout 2 s, newest wins
                  note       NavigationGraphTests, opened, guarded; takes the place before's value; loads: newest wins

                edges (screen, action, place it opens, route method):
                  home --item <Int>--> item/<id>  openItem(_:)
                  item/<id> --note--> note  openNote(_:)

                """)
    }

    @Test("a catalog finds a place's kind among the kinds of its type, in their order, and none for another")
    func catalog() {
        let catalog = PlaceCatalog(Composition.healthy)
        let places: [Spot] = [.gate, .home, .item(3), .note(4), .lost]
        #expect(places.map { catalog.index(of: AnyPlace($0)) } == [0, 1, 2, 3, nil])
        #expect(catalog.kind(of: AnyPlace(Spot.item(3))) === catalog.kinds[2])
        #expect(catalog.index(of: AnyPlace(Elsewhere())) == nil)
    }

    @Test("an action a screen's table names twice makes one edge; edges keep the order the walk finds them in")
    func repeatedAction() {
        let kinds = [
            Composition.gateKind(), Composition.home(offers: [.item, .note, .item, .note]), Composition.item(),
            Composition.note(),
        ]
        let edges = NavigationGraph(scheme: "x", kinds: kinds).edges
        #expect(
            edges.map { "\($0.from) \($0.action) \($0.to)" } == [
                "home item item/<id>", "home note note", "item/<id> note note",
            ])
    }

    @Test("dot, mermaid and json draw the same places and edges; json says its format and version")
    func formats() {
        let graph = NavigationGraph(scheme: "x", kinds: Composition.healthy)
        #expect(
            graph.printed(as: .mermaid) == """
                flowchart LR
                  p0(["gate<br/>NavigationGraphTests, gate"])
                  p1(["home<br/>NavigationGraphTests, tab"])
                  p2["item/‹id›<br/>NavigationGraphTests, opened"]
                  p3["note<br/>NavigationGraphTests, opened"]
                  p1 -->|"item ‹Int›"| p2
                  p2 -->|"note"| p3

                """)
        let dot = graph.printed(as: .dot)
        #expect(dot.hasPrefix("digraph x {\n"))
        #expect(dot.contains("  \"home\" -> \"item/<id>\" [label=\"item <Int>\"];\n"))
        #expect(dot.hasSuffix("}\n"))
        let json = graph.printed(as: .json)
        #expect(json.contains("\"format\" : \"waypoint-routes\""))
        #expect(json.contains("\"version\" : \(NavigationGraph.jsonVersion)"))
        #expect(json.contains("\"to\" : \"item/<id>\""))
    }
}

/// Each problem the lint finds, in a composition broken on purpose: the message names the
/// feature and the fix.
@MainActor
@Suite("The composition lint")
struct LintTests {
    let feature = "NavigationGraphTests"

    @Test("a place no screen opens, from the gate or a tab, is named")
    func unreachable() {
        #expect(
            Composition.problems([Composition.gateKind(), Composition.home(offers: []), Composition.item()]) == [
                "\(feature): the place item/<id> is reached by no screen from the gate or a tab; offer it from a "
                    + "screen (an Offer in that screen's table), or remove its declaration"
            ])
    }

    @Test("two patterns that match the same links are named, with the other's feature")
    func samePattern() {
        let twin = PlaceKind(
            "item", .int("number"), Spot.item, \.item, access: .guarded, role: .opened,
            router: { SpotRouter(place: $0) },
            screen: { _, id in StubScreen("Item \(id)") })
        #expect(
            Composition.problems(Composition.healthy + [twin]).first
                == "\(feature): item/<number> matches the same links as item/<id> (\(feature)); give one a path of "
                + "its own")
    }

    @Test("no gate, or two, is named")
    func gates() {
        #expect(
            Composition.problems([Composition.home(offers: [])])
                == ["App: no place is the gate; compose the feature whose place is the gate (Login)"])
        // A host that opens no links (only its tabs) needs no gate.
        #expect(NavigationGraph(scheme: "x", kinds: [Composition.home(offers: [])], requiresGate: false).problems == [])
        #expect(
            Composition.problems(Composition.healthy + [Composition.gateKind(path: "door")]).first
                == "App: 2 places are the gate: gate (\(feature)), door (\(feature)); compose one")
    }

    @Test("one parameter name with two types is named")
    func parameterTypes() {
        let words = PlaceKind(
            "words", LinkParameter<String>.text("id"), { _ in Spot.lost }, { _ in nil }, access: .guarded,
            role: .opened, router: { SpotRouter(place: $0) }, screen: { _, _ in StubScreen("Words") })
        #expect(
            Composition.problems(Composition.healthy + [words]).first
                == "\(feature): the parameter <id> of words/<id> is a String, but of item/<id> (\(feature)) another "
                + "type; one name, one type: rename one")
    }

    @Test("a query item declared twice for one place is named")
    func queryTwice() {
        let kinds = [
            Composition.gateKind(), Composition.home(),
            Composition.item(query: [.int("line", 1...9), .int("line", 1...99)]),
            Composition.note(),
        ]
        #expect(
            Composition.problems(kinds) == [
                "\(feature): the query item line is declared twice for item/<id>; declare it once"
            ])
    }

    @Test("a tab whose place takes a parameter has no first screen")
    func tabWithoutScreen() {
        let tab = PlaceKind(
            "shelf", .int("shelf"), Spot.item, \.item, access: .guarded, role: .tab, router: { SpotRouter(place: $0) },
            screen: { _, id in StubScreen("Shelf \(id)") })
        #expect(
            Composition.problems(Composition.healthy + [tab]).contains(
                "\(feature): the tab shelf has no first screen: a tab's place takes no parameter; declare it with a "
                    + "path alone"))
    }

    @Test("a parameter with no example that reads is named")
    func noExample() {
        let bare = LinkParameter<Int>(
            "id", parse: { Int($0).map { .success($0) } ?? .failure(.init("digits")) }, print: { String($0) })
        let kinds = [Composition.gateKind(), Composition.home(), Composition.item(bare), Composition.note()]
        #expect(
            Composition.problems(kinds).first
                == "\(feature): the parameter <id> of item/<id> has no example that reads (none); give LinkParameter "
                + "an example, as UserID.link gives bob")
    }

    @Test("an action that opens a place no feature declares is named")
    func undeclaredTarget() {
        let kinds = [
            Composition.gateKind(), Composition.home(offers: [.item, .lost]), Composition.item(), Composition.note(),
        ]
        #expect(
            Composition.problems(kinds) == [
                "\(feature): the action lost of home opens Lost (openLost()), which no feature declares; add its "
                    + "feature to the app's list"
            ])
    }

    @Test(
        "a rule that reads a value its places do not carry names no place, and is named; one that reads theirs is drawn"
    )
    func ruleNamesNoPlace() {
        let even = PlaceRule("even", summary: "the item is even", reads: Int.self) { id in
            if id % 2 != 0 { throw RoutingError.undeclared("odd") }
        }
        let named = PlaceRule("named", summary: "the item has a name", reads: String.self) { _ in }
        let good = NavigationGraph(
            scheme: "x",
            kinds: [Composition.gateKind(), Composition.home(), Composition.item(rules: [even]), Composition.note()])
        #expect(good.problems.isEmpty)
        #expect(good.nodes.first { $0.pattern == "item/<id>" }?.rules == ["even"])
        let kinds = [Composition.gateKind(), Composition.home(), Composition.item(rules: [named]), Composition.note()]
        #expect(
            Composition.problems(kinds) == [
                "\(feature): the rule named of item/<id> reads a String, which its places do not carry, so it names no "
                    + "place; declare it on a kind whose places do"
            ])
    }

    @Test("a place whose printed link does not read back as it is named")
    func roundTrip() {
        // Prints one more than it reads: item 1's link names item 2.
        let skewed = LinkParameter<Int>(
            "id", parse: { Int($0).map { .success($0) } ?? .failure(.init("digits")) },
            print: { String($0 + 1) }, example: "1")
        let kinds = [Composition.gateKind(), Composition.home(), Composition.item(skewed), Composition.note()]
        #expect(
            Composition.problems(kinds) == [
                "\(feature): Item 1 prints the link item/2, which reads back as Item 2; make its parameters print "
                    + "what they parse"
            ])
    }

    @Test("a pattern that is not one is named")
    func badPattern() {
        let bad = PlaceKind(
            "bad<path", Spot.lost, access: .guarded, role: .opened, router: { SpotRouter(place: $0) },
            screen: { _, _ in StubScreen("Lost") })
        #expect(
            Composition.problems(Composition.healthy + [bad]).first
                == "\(feature): the pattern \"bad<path\" is invalid: segment \"bad<path\" mixes text and a "
                + "parameter; write it as in chat/<user>")
    }

    @Test("a place whose printed link the link grammar refuses is named")
    func notALink() {
        let kinds = [
            Composition.gateKind(), Composition.home(offers: [.item, .lost]), Composition.item(), Composition.note(),
            PlaceKind(
                "lost%", Spot.lost, access: .guarded, role: .opened, router: { SpotRouter(place: $0) },
                screen: { _, _ in StubScreen("Lost") }),
        ]
        #expect(
            Composition.problems(kinds) == [
                "\(feature): Lost prints the link lost%, which the link grammar refuses (percentEncoded); use "
                    + "letters, digits, -, ., _ and ~ in its path and parameters"
            ])
    }
}
