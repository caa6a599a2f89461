import TestSupport
import Testing

@testable import Navigation

/// The places of a small test app, which is its own app's place type and its one feature's: a
/// gate with a step, two tabs, and items, each of which a picker may answer.
enum Stop: AppPlaces, FeaturePlace {
    typealias Environment = StopApp.Session

    case gate, help
    case home, inbox
    case item(Int)
    /// A picker over an item, which answers it with a number.
    case pick(Int)

    var title: String {
        switch self {
        case .gate: "Gate"
        case .help: "Help"
        case .home: "Home"
        case .inbox: "Inbox"
        case .item(let id): "Item \(id)"
        case .pick: "Picker"
        }
    }

    func visit<V: PlaceVisitor>(_ visitor: V) -> V.Result where V.Places == Stop {
        visitor.visit(self, of: StopFeature.self)
    }

    static var tabs: [Stop] { [.home, .inbox] }

    static func passer(in session: StopApp.Session) -> GatePasser? {
        session.gateAsked += 1
        return session.signedIn ? GatePasser(key: "tester", name: "@tester") : nil
    }

    static func closeGate(in session: StopApp.Session) { session.signedIn = false }

    /// A command the pickers offer that their feature did not declare: `jump <id>` opens the
    /// item `id` over the picker.
    static var contributions: [Contribution<Stop>] {
        [
            Contribution(feature: "Jump", host: "pick") { _ in
                Offer("jump", any: PlaceParameters(StopApp.id), summary: "open an item", StopFeature.openItem)
            }
        ]
    }
}

/// A screen of the test app. It keeps its router alive, as a feature's screen does through its
/// presenter: the window holds routers weakly.
@MainActor
final class StopScreen: Screen, AnswerReceiving {
    let title: String
    let router: any Closable
    /// The answers the places its actions opened gave it, in order.
    private(set) var heard: [Answer] = []

    init(_ title: String, router: any Closable) {
        self.title = title
        self.router = router
    }

    func receive(_ answer: Answer) async { heard.append(answer) }
}

typealias ItemScreen = StopScreen

/// A picker over an item: it answers the item with a number, as a friend picker answers a chat.
@MainActor
final class PickerScreen: Screen {
    let title = "Picker"
    let router: Router<PickerScreen, Stop>

    init(router: Router<PickerScreen, Stop>) {
        self.router = router
    }

    func pick(_ value: Int) async throws {
        try await router.answer(value, as: .int("value"))
    }
}

/// The actions of the test app's screens: `help` on the gate, `item <n>` on home and items,
/// `pick` on an item.
enum StopAction: String, ScreenAction {
    case help, item, pick
    var summary: String { rawValue }
}

struct Unavailable: Error, CustomStringConvertible {
    var description: String { "unavailable" }
}

/// The test app's one feature: item 13 fails to load, and so does the picker over item 99. The
/// inbox opens no items, and offers none: a link to one from there goes to home.
enum StopFeature: Feature {
    typealias Place = Stop
    typealias Places = Stop

    static var name: String { "Stop" }

    static func embed(_ place: Stop) -> Stop { place }

    static func link(of place: Stop) -> PlaceLink {
        switch place {
        case .gate: PlaceLink("gate")
        case .help: PlaceLink("help")
        case .home: PlaceLink("home")
        case .inbox: PlaceLink("inbox")
        case .item(let id): PlaceLink("item", StopApp.id, id)
        case .pick: PlaceLink("pick")
        }
    }

    static func access(of place: Stop) -> PlaceAccess { place == .gate || place == .help ? .unguarded : .guarded }

    static func policy(of place: Stop) -> LoadPolicy? { nil }

    static func answers(_ place: Stop) -> Bool {
        if case .pick = place { true } else { false }
    }

    static func offers(at place: Stop, in session: StopApp.Session) -> [Offer<Stop>] {
        switch place {
        case .gate: [Offer(StopAction.help, help())]
        case .home: [Offer(StopAction.item, any: StopApp.id, openItem)]
        case .item(let id):
            [
                Offer(StopAction.item, any: StopApp.id, openItem),
                Offer(StopAction.pick, Route(.pick(id), transition: ModalTransition())),
            ]
        case .help, .inbox, .pick: []
        }
    }

    static func check(_ place: Stop, in session: StopApp.Session) async throws {
        if place != .gate { session.checked.append(place) }
    }

    static func open(_ place: Stop, checking: Checking<Void>, in opening: Opening<Stop>) throws -> ModuleLoad {
        switch place {
        case .pick(let id):
            if id == 99 { throw Unavailable() }
            let router = Router<PickerScreen, Stop>(place: place)
            return try opening.open(PickerScreen(router: router), of: router)
        case .item(13):
            throw Unavailable()
        default:
            let router = Router<StopScreen, Stop>(place: place)
            return try opening.open(StopScreen(place.title, router: router), of: router)
        }
    }

    /// The test app's one route: an item, pushed.
    static func openItem(_ id: Int) -> Route<Stop> { Route(.item(id), transition: PushTransition()) }

    /// The gate's help.
    static func help() -> Route<Stop> { Route(.help, transition: PushTransition()) }
}

/// The test app: its window, its gate's session, and its places.
@MainActor
final class StopApp {
    /// What the gate and the checks read and record.
    final class Session {
        var signedIn = false
        var checked: [Stop] = []
        /// How many times the gate was asked who passed it.
        var gateAsked = 0
    }

    let stage: Window<Stop>
    let motions = MotionRecorder<Stop>()
    let session = Session()
    var signedIn: Bool {
        get { session.signedIn }
        set { session.signedIn = newValue }
    }
    /// The places the checks read, in order.
    var checked: [Stop] { session.checked }
    /// The window's links: the window itself reads them.
    var links: Window<Stop> { stage }

    /// The id of an item link's parameter: digits.
    static let id = LinkParameter<Int>(
        "id",
        parse: { text in
            guard text.allSatisfy(\.isNumber), let id = Int(text) else {
                return .failure(LinkParameterProblem("digits"))
            }
            return .success(id)
        }, print: { "\($0)" }, example: "1")

    init() {
        stage = Window(Declarations(environment: session, scheme: "x"))
        stage.addObserver(motions)
    }

    var state: NavigationState<Stop>? { stage.state.places }
}
