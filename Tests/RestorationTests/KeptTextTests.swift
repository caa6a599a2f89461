import Navigation
import Restoration
import TestSupport
import Testing

/// The places of a small app: a gate, one tab, and items that follow one another.
enum Spot: Place {
    case gate, home
    case item(Int)

    var title: String {
        switch self {
        case .gate: "Gate"
        case .home: "Home"
        case .item(let id): "Item \(id)"
        }
    }

    var id: Int? {
        if case .item(let id) = self { id } else { nil }
    }
}

enum SpotAction: String, ScreenAction {
    case item
    var summary: String { "open an item" }
}

final class SpotRouter: Router<StubScreen> {
    static func openItem(_ id: Int) -> Route { Route(Spot.item(id), transition: PushTransition()) }
}

/// Kept text read back by the app's declarations: what a place's link is, what may follow it.
@MainActor
@Suite("Kept text")
struct KeptTextTests {
    let window = Window()
    let links: LinkNavigator

    init() throws {
        let gate = Gate(
            isPassed: { true }, who: { ("tester", "@tester") },
            route: Route(Spot.gate, transition: RootTransition()), close: {})
        let id = LinkParameter<Int>(
            "id", parse: { Int($0).map { .success($0) } ?? .failure(LinkParameterProblem("not a number")) },
            print: { "\($0)" })
        links = try LinkNavigator(
            scheme: "x",
            kinds: [
                PlaceKind(
                    "gate", Spot.gate, access: .unguarded, role: .gate(gate), router: { SpotRouter(place: $0) },
                    screenAtOnce: { _, _ in StubScreen("Gate") }),
                PlaceKind(
                    "home", Spot.home, access: .guarded, role: .tab, router: { SpotRouter(place: $0) },
                    screen: { _, _ in StubScreen("Home") }, offers: Self.items),
                PlaceKind(
                    "item", id, Spot.item, \.id, access: .guarded, role: .opened, router: { SpotRouter(place: $0) },
                    screen: { _, id in StubScreen("Item \(id)") }, offers: Self.items),
            ], window: window)
    }

    static func items(_: Spot) -> [Offer] {
        [Offer(SpotAction.item, any: Int.self) { SpotRouter.openItem($0) }]
    }

    @Test("a state is kept as text and read back the same, a draft with it")
    func roundTrip() {
        let state = NavigationState(
            tabs: [
                .init(
                    name: "home",
                    stack: [KeptPlace(AnyPlace(Spot.home)), KeptPlace(AnyPlace(Spot.item(2)), state: "a #draft")])
            ],
            selected: 0, modals: [[KeptPlace(AnyPlace(Spot.item(7)))]])

        let (text, unkept) = KeptState.text(of: state, by: links)
        let read = KeptState.read(text, by: links)

        #expect(unkept.isEmpty)
        #expect(text == "waypoint-state 2\nselected 0\ntab home home item/2#a%20%23draft\nmodal item/7")
        #expect(read.state == state)
        #expect(read.problems.isEmpty)
    }

    @Test("a text that no longer reads keeps its legal beginning, and names each problem")
    func damaged() {
        let read = KeptState.read(
            "waypoint-state 2\nselected 0\ntab home home item/x item/3\nnonsense\nmodal nowhere", by: links)

        #expect(read.state?.places.tabs.map(\.stack) == [[AnyPlace(Spot.home)]])
        #expect(
            read.problems == [
                .badParameter(path: "item/x", problem: "not a number", stack: "home"), .unreadableLine("nonsense"),
                .unknownPlace(path: "nowhere", stack: "modal"),
            ])
    }

    @Test("a text of a newer version is left for that app: nothing is read")
    func newer() {
        let read = KeptState.read("waypoint-state 99\nselected 0\ntab home home", by: links)

        #expect(read.state == nil)
        #expect(read.problems == [.newerVersion(99)])
    }
}
