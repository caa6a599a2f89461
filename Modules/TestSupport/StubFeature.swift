import Navigation

/// A place of a test app that a screen with nothing behind it shows (`StubScreen`), named by its
/// title: the tester's own screen, or a place of another feature that a test's router opens
/// instead (`"Profile @bob"`), so one feature is tested without the others.
public struct StubPlace: FeaturePlace, ExpressibleByStringLiteral {
    public let title: String
    /// Whether it answers the screen that opened it, as a picker does (the test answers for it).
    public let answers: Bool
    /// Whether it fails to open (`StubFailure`), as a picker with nobody to pick does.
    public let fails: Bool

    public init(_ title: String, answers: Bool = false, fails: Bool = false) {
        self.title = title
        self.answers = answers
        self.fails = fails
    }

    public init(stringLiteral title: String) {
        self.init(title)
    }

    /// The title as a link's segment: spaces as `_`, `@` as `~` (`Profile_~bob`).
    static let segment = LinkParameter<String>(
        "title",
        parse: { .success($0.replacing("_", with: " ").replacing("~", with: "@")) },
        print: { $0.replacing(" ", with: "_").replacing("@", with: "~") }, example: "Stub")
}

/// A test app's places that have stubs among them: its enum's case for them.
public protocol StubPlaces: AppPlaces {
    static func stub(_ place: StubPlace) -> Self
    /// What a stub's screen offers: the routes a test opens from it (none by default).
    @MainActor static func offers(atStub place: StubPlace) -> [Offer<Self>]
}

extension StubPlaces {
    @MainActor public static func offers(atStub place: StubPlace) -> [Offer<Self>] { [] }
}

/// Stubs, declared: a stub is `stub/<title>`, shown before and after the gate, built at once as a
/// `StubScreen` titled as its place.
public enum StubFeature<Places> {}

@MainActor
extension StubFeature: Feature where Places: StubPlaces {
    public typealias Place = StubPlace

    public static var name: String { "Stub" }

    public static func embed(_ place: StubPlace) -> Places { .stub(place) }

    public static func link(of place: StubPlace) -> PlaceLink { PlaceLink("stub", StubPlace.segment, place.title) }

    public static func access(of place: StubPlace) -> PlaceAccess { .unguarded }

    public static func policy(of place: StubPlace) -> LoadPolicy? { nil }

    public static func answers(_ place: StubPlace) -> Bool { place.answers }

    public static func offers(at place: StubPlace, in environment: Places.Environment) -> [Offer<Places>] {
        Places.offers(atStub: place)
    }

    public static func check(_ place: StubPlace, in environment: Places.Environment) async throws {}

    public static func open(_ place: StubPlace, checking: Checking<Void>, in opening: Opening<Places>) throws
        -> ModuleLoad
    {
        if place.fails { throw StubFailure(title: place.title) }
        let router = Router<StubScreen, Places>(place: embed(place))
        let screen = StubScreen(place.title)
        screen.router = router
        return try opening.open(screen, of: router)
    }
}

/// Why a stub that fails did not open.
public struct StubFailure: Error, Hashable, CustomStringConvertible {
    public let title: String
    public var description: String { "\(title) could not open" }
}

/// The core's test app: stubs alone, the gate `Host`, no tabs, nobody ever signed in. What a
/// test of windows, transitions and loads opens its screens in (`Stage`).
public enum TestPlace: StubPlaces {
    public typealias Environment = Void

    case stub(StubPlace)

    public func visit<V: PlaceVisitor>(_ visitor: V) -> V.Result where V.Places == TestPlace {
        switch self {
        case .stub(let place): visitor.visit(place, of: StubFeature<TestPlace>.self)
        }
    }

    public static var gate: TestPlace { .stub("Host") }
    public static var tabs: [TestPlace] { [] }
    public static func passer(in environment: Void) -> GatePasser? { nil }
    public static func closeGate(in environment: Void) {}
}

extension TestPlace: ExpressibleByStringLiteral {
    /// A stub titled `title`: `"Chat @bob"`.
    public init(stringLiteral title: String) {
        self = .stub(StubPlace(title))
    }
}
