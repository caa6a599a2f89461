import Foundation
import Navigation
import TestSupport
import Testing

/// A place type of a test app.
enum Spot: Place, Codable {
    case home
    case item(Int)

    var title: String {
        switch self {
        case .home: "Home"
        case .item(let number): "Item \(number)"
        }
    }
}

/// Another place type, told apart from `Spot` even where the values read the same.
struct Number: Place {
    let value: Int
    var title: String { "\(value)" }
}

@MainActor
@Suite("Places")
struct PlaceTests {
    @Test("every screen enters the window with its router's place; the state is a value of them")
    func stateOfPlaces() throws {
        let window = Window()
        let home = Router<StubScreen>(place: Spot.home)
        try RootOpener(window: window).open(StubScreen("Home"), of: home, transition: RootTransition())
        let item = Router<StubScreen>(place: Spot.item(7))
        try home.open(StubScreen("Item 7"), of: item, transition: PushTransition())
        let detail = Router<StubScreen>(place: Spot.item(8))
        try item.open(StubScreen("Item 8"), of: detail, transition: ModalTransition())

        let state = try #require(window.state.places.typed(Spot.self))
        #expect(state == NavigationState(root: [.home, .item(7)], modals: [[.item(8)]]))
        #expect(state.path == [.home, .item(7), .item(8)])
        #expect(state.top == .item(8))
        #expect(window.state.titles == NavigationState(root: ["Home", "Item 7"], modals: [["Item 8"]]))
        #expect(window.state.place(of: try #require(item.view)) == AnyPlace(Spot.item(7)))
        #expect(window.state.places.path.map(\.title) == ["Home", "Item 7", "Item 8"])
    }

    @Test("read as another type, the state is nil rather than a guess")
    func otherType() throws {
        let window = Window()
        try RootOpener(window: window).open(StubScreen("Home"), as: Spot.home, transition: RootTransition())
        #expect(window.state.places.typed(Number.self) == nil)
        #expect(window.state.places.typed(Spot.self) == NavigationState(root: [.home]))
    }

    @Test(
        "a state is Codable when its places are: it round-trips through JSON with its version; one of a newer version is refused"
    )
    func codable() throws {
        let state = NavigationState<Spot>(root: [.home, .item(1)], modals: [[.item(2), .item(3)], [.home]])
        let data = try JSONEncoder().encode(state)
        #expect(try JSONDecoder().decode(NavigationState<Spot>.self, from: data) == state)
        #expect(String(decoding: data, as: UTF8.self).contains("\"version\":2"))
        let unversioned = Data(#"{"tabs":[{"name":"","stack":[{"home":{}}]}],"selected":0,"modals":[]}"#.utf8)
        #expect(
            try JSONDecoder().decode(NavigationState<Spot>.self, from: unversioned) == NavigationState(root: [.home]))
        let newer = Data(#"{"version":3,"tabs":[],"selected":0,"modals":[]}"#.utf8)
        #expect(throws: DecodingError.self) { try JSONDecoder().decode(NavigationState<Spot>.self, from: newer) }
    }

    @Test("places compare by value and type, and are never wrapped twice")
    func anyPlace() {
        #expect(AnyPlace(Spot.item(1)) == AnyPlace(Spot.item(1)))
        #expect(AnyPlace(Spot.item(1)) != AnyPlace(Spot.item(2)))
        #expect(AnyPlace("1") != AnyPlace(Number(value: 1)))
        #expect(AnyPlace(Number(value: 1)).title == AnyPlace("1").title)
        #expect(AnyPlace(AnyPlace(Spot.home)) == AnyPlace(Spot.home))
        #expect(AnyPlace(AnyPlace(Spot.home)).as(Spot.self) == .home)
        #expect(Set([AnyPlace(Spot.home), AnyPlace(Spot.home), AnyPlace("home")]).count == 2)
    }

    @Test("a place is read as its own type, without an optional, and another type is an error naming it")
    func readAsType() throws {
        let spot = AnyPlace(AnyPlace(Spot.item(7)))
        #expect(try spot.value(as: Spot.self) == .item(7))
        #expect(throws: RoutingError.undeclared(spot.title)) { try spot.value(as: Number.self) }
        #expect(throws: RoutingError.undeclared(spot.title)) { try spot.value(as: String.self) }
        let number = AnyPlace(Number(value: 3))
        #expect(try number.value(as: Number.self).value == 3)
        #expect(throws: RoutingError.undeclared("3")) { try number.value(as: Spot.self) }
    }
}
