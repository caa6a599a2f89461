import TestSupport
import Testing

@testable import Navigation

/// An app whose first screen offers one item by a fixed route: `first` opens item 1, and no
/// command of it opens another item. Item 1's rule on data never holds.
enum Fixed: AppPlaces, FeaturePlace {
    typealias Environment = Void

    case home
    case item(Int)

    var title: String { "\(self)" }

    func visit<V: PlaceVisitor>(_ visitor: V) -> V.Result where V.Places == Fixed {
        visitor.visit(self, of: FixedFeature.self)
    }

    static var gate: Fixed { .home }
    static var tabs: [Fixed] { [] }
    static func passer(in environment: Void) -> GatePasser? { nil }
    static func closeGate(in environment: Void) {}
}

enum FixedFeature: Feature {
    typealias Place = Fixed
    typealias Places = Fixed

    static var name: String { "Fixed" }
    static func embed(_ place: Fixed) -> Fixed { place }

    static func link(of place: Fixed) -> PlaceLink {
        switch place {
        case .home: PlaceLink("home")
        case .item(let id): PlaceLink("item", .int("id"), id)
        }
    }

    static func access(of place: Fixed) -> PlaceAccess { .unguarded }

    static func offers(at place: Fixed, in environment: Void) -> [Offer<Fixed>] {
        place == .home ? [Offer("first", Route(.item(1), transition: PushTransition()))] : []
    }

    static func rules(of place: Fixed, in environment: Void) -> [PlaceRule] {
        guard place == .item(1) else { return [] }
        return [PlaceRule("never", summary: "it never holds") { throw Refused() }]
    }

    static func check(_ place: Fixed, in environment: Void) async throws {}

    static func open(_ place: Fixed, checking: Checking<Void>, in opening: Opening<Fixed>) throws -> ModuleLoad {
        let router = Router<StopScreen, Fixed>(place: place)
        return try opening.open(StopScreen(place.title, router: router), of: router)
    }
}

/// What item 1's rule throws.
struct Refused: Error {}

@MainActor
@Suite("Links over a small app: a fixed route, a rule that never holds")
struct FixedRouteTests {
    @Test(
        "a route that takes no value reads a link's part only when its place prints that part: item/1 is home's first, item/2 is refused with what home offers"
    )
    func fixedRoute() throws {
        let window = Window(Declarations<Fixed>(environment: (), scheme: "x"))
        #expect(window.declarations.problems.isEmpty)
        #expect(try window.resolve("x://home/item/1").target == [.home, .item(1)])

        do throws(LinkFailure<Fixed>) {
            let read = try window.resolve("x://home/item/2")
            Issue.record("x://home/item/2 was read as \(read.target)")
        } catch {
            guard case .cannotFollow(let refusal) = error else {
                Issue.record("\(error)")
                return
            }
            #expect(refusal.path == "item/2" && refusal.offered == ["first (opens item(1))"])
        }
    }

    @Test(
        "a place's rules are checked before a link's first step: one that does not hold refuses the link, and nothing changes"
    )
    func rulesChecked() async throws {
        let window = Window(Declarations<Fixed>(environment: (), scheme: "x"))
        try await window.open("x://home")

        do throws(LinkFailure<Fixed>) {
            try await window.open("x://home/item/1")
            Issue.record("x://home/item/1 opened past its rule")
        } catch {
            guard case .invalid(let reason) = error, reason is PlaceRule.Broken else {
                Issue.record("\(error)")
                return
            }
        }
        #expect(window.state.places.path == [.home])
    }
}
