import LinkMatching
import Navigation
import TestSupport
import Testing

/// The places of a small test app: a gate with a step, two tabs, and items.
enum Stop: Place {
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

    var id: Int? {
        if case .item(let id) = self { id } else { nil }
    }

    var pickedFor: Int? {
        if case .pick(let id) = self { id } else { nil }
    }
}

/// A screen of the test app, of a kind per type: the app gives each kind its own router class.
/// It keeps its router alive, as a feature's screen does through its presenter: the window holds
/// routers weakly.
@MainActor
final class StopScreen<Kind>: Screen, AnswerReceiving {
    let title: String
    let router: AnyObject
    /// The answers the places its actions opened gave it, in order.
    private(set) var heard: [Answer] = []

    init(_ title: String, router: AnyObject) {
        self.title = title
        self.router = router
    }

    func receive(_ answer: Answer) async { heard.append(answer) }
}

/// A picker over an item: it answers the item with a number, as a friend picker answers a chat.
@MainActor
final class PickerScreen: Screen {
    let title = "Picker"
    let router: Router<PickerScreen>

    init(router: Router<PickerScreen>) {
        self.router = router
    }

    func pick(_ value: Int) async throws {
        try await router.answer(value, as: .int("value"))
    }
}

enum GateKind {}
enum HelpKind {}
enum HomeKind {}
enum InboxKind {}
enum ItemKind {}

typealias GateScreen = StopScreen<GateKind>
typealias HelpScreen = StopScreen<HelpKind>
typealias HomeScreen = StopScreen<HomeKind>
typealias InboxScreen = StopScreen<InboxKind>
typealias ItemScreen = StopScreen<ItemKind>

/// The actions of the test app's screens: `help` on the gate, `item <n>` on home and items,
/// `pick` on an item.
enum StopAction: String, ScreenAction {
    case help, item, pick
    var summary: String { rawValue }
}

/// "Can open an item": the test app's one route. Item 13 fails to load.
@MainActor
protocol ItemRoute: RouterProtocol {}

struct Unavailable: Error, CustomStringConvertible {
    var description: String { "unavailable" }
}

extension ItemRoute {
    static func openItem(_ id: Int) -> Route { Route(Stop.item(id), transition: PushTransition()) }
}

/// What home and an item offer: any item, which a link names; an item, a picker over it.
@MainActor
func itemOffers<R: ItemRoute>(_ place: Stop, host: R.Type) -> [Offer] {
    [Offer(StopAction.item, any: Int.self) { R.openItem($0) }]
        + (place.id.map { [Offer(StopAction.pick, Route(Stop.pick($0), transition: ModalTransition()))] } ?? [])
}

final class ItemRouter: Router<ItemScreen>, ItemRoute {}
final class HomeRouter: Router<HomeScreen>, ItemRoute {}
/// The inbox opens no items, and offers none: a link to one from there goes to home.
final class InboxRouter: Router<InboxScreen> {}
/// The gate offers its help.
final class GateRouter: Router<GateScreen> {
    static func help() -> Route { Route(Stop.help, transition: PushTransition()) }
}

/// The test app: its window, its gate, its places, and its link navigator.
@MainActor
final class StopApp {
    /// What the gate and the rules read and record.
    final class Session {
        var signedIn = false
        var checked: [Stop] = []
    }

    let stage: Window
    let motions = MotionRecorder()
    let session = Session()
    let links: LinkNavigator
    var signedIn: Bool {
        get { session.signedIn }
        set { session.signedIn = newValue }
    }
    /// The places the rules checked, in order.
    var checked: [Stop] { session.checked }

    /// The id of an item link's parameter: digits.
    static let id = LinkParameter<Int>("id") { text in
        guard text.allSatisfy(\.isNumber), let id = Int(text) else { return .failure(LinkParameterProblem("digits")) }
        return .success(id)
    } print: {
        "\($0)"
    }

    init(kinds extra: [PlaceKind] = []) throws {
        stage = Window(observers: [motions])
        links = try LinkNavigator(scheme: "x", kinds: Self.kinds(session) + extra, window: stage)
    }

    /// The gate's screen as the root: how the gate opens.
    static func openGate() -> Route {
        Route(Stop.gate, transition: RootTransition())
    }

    static func kinds(_ session: Session) -> [PlaceKind] {
        let gate = Gate(
            isPassed: { session.signedIn }, who: { session.signedIn ? ("tester", "@tester") : nil },
            route: openGate(), close: { session.signedIn = false })
        return [
            PlaceKind(
                "gate", Stop.gate, access: .unguarded, role: .gate(gate), router: { GateRouter(place: $0) },
                screen: { router, _ in GateScreen("Gate", router: router) },
                offers: { _ in [Offer(StopAction.help, GateRouter.help())] }),
            PlaceKind(
                "help", Stop.help, access: .unguarded, role: .opened, router: { Router<HelpScreen>(place: $0) },
                screen: { router, _ in HelpScreen("Help", router: router) }),
            PlaceKind(
                "home", Stop.home, access: .guarded, role: .tab, router: { HomeRouter(place: $0) },
                screen: { router, _ in HomeScreen("Home", router: router) },
                offers: { itemOffers($0, host: HomeRouter.self) }),
            PlaceKind(
                "inbox", Stop.inbox, access: .guarded, role: .tab, router: { InboxRouter(place: $0) },
                screen: { router, _ in InboxScreen("Inbox", router: router) }),
            PlaceKind(
                "item", id, Stop.item, \.id, access: .guarded, role: .opened, router: { ItemRouter(place: $0) },
                check: { id in
                    session.checked.append(.item(id))
                    return id
                },
                screen: { router, id in
                    if id == 13 { throw Unavailable() }
                    return ItemScreen("Item \(id)", router: router)
                }, offers: { itemOffers($0, host: ItemRouter.self) }),
            PlaceKind(
                "pick", context: Int.self, Stop.pick, \.pickedFor, access: .guarded,
                router: { Router<PickerScreen>(place: $0) },
                screen: { router, id in
                    if id == 99 { throw Unavailable() }
                    return PickerScreen(router: router)
                }, answers: Int.self),
        ]
    }

    var state: NavigationState<Stop>? { stage.state.places.typed(Stop.self) }
}

@MainActor
@Suite("Link navigator, over a test app's declared places", .timeLimit(.minutes(10)))
struct LinkNavigatorTests {
    @Test("a guarded link waits behind the gate before it is passed, then opens; links reveal nothing before")
    func pendingIntent() async throws {
        let app = try StopApp()
        #expect(try await app.links.open("x://item/3") == .waitingBehindGate(replacing: nil))
        #expect(try await app.links.open("x://item/4") == .waitingBehindGate(replacing: "x://item/3"))
        #expect(app.state == NavigationState(root: [.gate]))
        #expect(app.checked.isEmpty)

        app.signedIn = true
        let continued = try #require(await app.links.continuePending())
        #expect(continued.link == "x://item/4")
        #expect(app.state?.selectedTab == "home")
        #expect(app.state?.path == [.home, .item(4)])
        #expect(app.checked == [.item(4)])
        #expect(app.links.pending == nil)
        #expect(app.links.currentLink == "x://home/item/4")
    }

    @Test("a link that names no tab opens in the tab shown if its first screen opens it, else in the first that does")
    func tabRule() async throws {
        let app = try StopApp()
        app.signedIn = true
        try await app.links.open("x://inbox")
        let link = try await app.links.resolve("x://item/5")
        #expect(link.tab == "home")
        #expect(link.tabChoice == .firstThatOpens(shownCannot: "inbox"))

        try await app.links.open(link)
        #expect(try await app.links.resolve("x://item/6").tabChoice == .shown)
        #expect(app.state?.tabs.map(\.stack) == [[.home, .item(5)], [.inbox]])
    }

    @Test("a table of offers has the offer of each action that has one, in the actions' order")
    func offerTable() {
        let both = Offer.table(StopAction.allCases) { action in
            switch action {
            case .help: Offer(action, HomeRouter.openItem(1))
            case .item: Offer(action, any: Int.self) { HomeRouter.openItem($0) }
            case .pick: nil
            }
        }
        #expect(both.map(\.action) == ["help", "item"])
        #expect(both[1].route(toward: 7)?.place == AnyPlace(Stop.item(7)))
        #expect(both[1].route(toward: "seven") == nil)
        let some = Offer.table(StopAction.allCases) { action in
            action == .item ? Offer(action, any: Int.self) { HomeRouter.openItem($0) } : nil
        }
        #expect(some.map(\.action) == ["item"])
        #expect(Offer.table(StopAction.allCases) { _ in nil }.isEmpty)
    }

    @Test("a signed-in user cannot open a link for before the gate; what cannot follow, or is too deep, is refused")
    func refusals() async throws {
        let app = try StopApp()
        app.signedIn = true
        try await app.links.open("x://home")
        await #expect(throws: LinkFailure.self) { try await app.links.open("x://gate/help") }
        await #expect(throws: LinkFailure.self) { try await app.links.open("x://inbox/item/1") }
        let deep = "x://home/" + (1...12).map { "item/\($0)" }.joined(separator: "/")
        do throws(LinkFailure) {
            _ = try await app.links.resolve(deep)
            Issue.record("a 13-screen link resolved")
        } catch {
            guard case .tooDeep(13, 12) = error else {
                Issue.record("\(error)")
                return
            }
        }
        #expect(app.state?.path == [.home])
        let (item1, item2, inbox) = (AnyPlace(Stop.item(1)), AnyPlace(Stop.item(2)), AnyPlace(Stop.inbox))
        #expect(!app.links.canFollow(item1, after: inbox) && app.links.canFollow(item1, after: item2))
    }

    @Test("which place may follow which is what the screen before offers, and what its router serves")
    func legalityByPlace() async throws {
        let app = try StopApp()
        #expect(app.links.refusal(of: AnyPlace(Stop.item(1)), after: AnyPlace(Stop.inbox)) == .notOffered(offered: []))
        #expect(app.links.refusal(of: AnyPlace(Stop.home), after: AnyPlace(Stop.item(1))) == .isRoot)
        #expect(app.links.refusal(of: AnyPlace(Stop.item(1)), after: AnyPlace(Stop.home)) == nil)
        #expect(
            app.links.refusal(of: AnyPlace(Stop.help), after: AnyPlace(Stop.home))
                == .notOffered(offered: []))
        #expect(app.links.call(opening: AnyPlace(Stop.item(1)), after: AnyPlace(Stop.home)) == "openItem(_: 1)")
        #expect(app.links.call(opening: AnyPlace(Stop.help), after: AnyPlace(Stop.gate)) == "help()")
        #expect(app.links.call(opening: AnyPlace(Stop.gate), after: nil) == "openGate()")
    }

    @Test(
        "the places make a navigator only if they are whole: one gate, tabs with their own names, patterns that do not clash"
    )
    func composition() async throws {
        let session = StopApp.Session()
        let window = Window()
        let kinds = StopApp.kinds(session)
        let noGate = Array(kinds.dropFirst(2))
        #expect(throws: CompositionError.gates([])) {
            try LinkNavigator(scheme: "x", kinds: noGate, window: window)
        }
        #expect(throws: CompositionError.gates(["gate", "gate2"])) {
            try LinkNavigator(scheme: "x", kinds: kinds + [Self.renamed(kinds[0], "gate2")], window: window)
        }
        // A tab is named by its path: a second tab of one name is a second place of one pattern.
        #expect(throws: CompositionError.table(.duplicate("home"))) {
            try LinkNavigator(scheme: "x", kinds: kinds + [Self.renamed(kinds[2], "home")], window: window)
        }
        #expect(throws: CompositionError.table(.duplicate("home"))) {
            try LinkNavigator(
                scheme: "x", kinds: kinds + [kinds[3]].map { Self.renamed($0, "home") }, window: window)
        }
    }

    /// `kind` with another path.
    static func renamed(_ kind: PlaceKind, _ path: String) -> PlaceKind {
        PlaceKind(
            path, Stop.home, access: kind.access, role: kind.role, router: { HomeRouter(place: $0) },
            screen: { router, _ in HomeScreen("Home", router: router) })
    }

    @Test("two kinds that name one link parameter with values of two types fail at start-up, naming both")
    func parameterTwice() throws {
        let session = StopApp.Session()
        let window = Window()
        let word = LinkParameter<String>("id", parse: { .success($0) }, print: { $0 })
        let other = PlaceKind(
            "word", word, { _ in Stop.inbox }, { _ in nil }, access: .guarded, role: .opened,
            router: { InboxRouter(place: $0) }, screen: { router, _ in InboxScreen("Word", router: router) })
        #expect(throws: CompositionError.parameterTwice("id", first: "item/<id>", second: "word/<id>")) {
            try LinkNavigator(scheme: "x", kinds: StopApp.kinds(session) + [other], window: window)
        }
        #expect(
            "\(CompositionError.parameterTwice("id", first: "item/<id>", second: "word/<id>"))"
                == "item/<id> and word/<id> both name the link parameter <id>, with values of different types; "
                + "give one of them another name, or both the same type")
    }

    @Test("a step that fails stops the plan: the window keeps what the steps before it reached")
    func stepFails() async throws {
        let app = try StopApp()
        app.signedIn = true
        do throws(LinkFailure) {
            try await app.links.open("x://home/item/1/item/13/item/2")
            Issue.record("a failing route opened")
        } catch {
            guard case .stepFailed(let planned, let reason) = error else {
                Issue.record("\(error)")
                return
            }
            #expect(planned.step == .open(AnyPlace(Stop.item(13)), from: AnyPlace(Stop.item(1))))
            #expect("\(reason)" == "unavailable")
        }
        #expect(app.state?.path == [.home, .item(1)])
    }

    @Test("explain says what would happen as values, and does nothing")
    func explain() async throws {
        let app = try StopApp()
        app.signedIn = true
        try await app.links.open("x://home/item/1/item/2")
        app.motions.reset()

        let explanation = await app.links.explain("x://inbox")
        guard case .runs(let link, let decision, let steps, let target, let after) = explanation.result else {
            Issue.record("\(explanation.result)")
            return
        }
        #expect(link.tabChoice == .named && decision == .passes && after == nil && target == [AnyPlace(Stop.inbox)])
        #expect(steps.map(\.step) == [.selectTab("inbox")])
        let back = app.links.plan(to: [AnyPlace(Stop.home)], inTab: "home")
        #expect(back.map(\.step) == [.close(index: 1, place: AnyPlace(Stop.item(1)))])
        #expect(back.map(\.above) == [1])
        #expect(app.motions.events.isEmpty)
    }

    @Test("switching to a tab closes the modals over the tabs first, then selects it as it was left")
    func switchTab() async throws {
        let app = try StopApp()
        app.signedIn = true
        try await app.links.open("x://home/item/1")
        let top = try #require(app.stage.state.topScreen.flatMap(app.stage.state.router(of:)))
        let modal = Router<StubScreen>(place: Stop.item(99))
        try top.open(StubScreen("Modal"), of: modal, transition: ModalTransition())
        app.motions.reset()

        #expect(try await app.links.switchTab(to: "inbox") == .opened)
        // One batch: the front that takes time hears it settle after both changes.
        #expect(app.motions.events == ["left Modal (dismiss)", "selected inbox (was home)", "settled"])
        await #expect(throws: LinkFailure.self) { try await app.links.switchTab(to: "nope") }
        #expect(app.state?.tabs.map(\.stack) == [[.home, .item(1)], [.inbox]])
    }

    @Test("closing the gate takes down every tab and modal, then ends the session; a refusal keeps them")
    func closeGate() async throws {
        let app = try StopApp()
        app.signedIn = true
        try await app.links.open("x://home/item/1")
        var left = 0

        #expect(try await app.links.closeGate { left += 1 } == .opened)

        #expect(app.state == NavigationState(root: [.gate]))
        #expect(!app.signedIn && left == 1)
    }
}

/// A note of an item: a place that takes its value from the item before it (`item/3/note`).
enum Note: Place {
    case of(Int)

    var title: String {
        switch self {
        case .of(let id): "Note \(id)"
        }
    }

    var id: Int? {
        switch self {
        case .of(let id): id
        }
    }
}

@MainActor
@Suite("A place that takes its context")
struct ContextPlaceTests {
    @Test("it reads the value of the place before it, prints only its own path, and needs a place that has one")
    func context() throws {
        let note = PlaceKind(
            "note", context: Int.self, Note.of, \.id, access: .guarded, router: { Router<ItemScreen>(place: $0) },
            screen: { router, id in ItemScreen("Note \(id)", router: router) })
        let app = try StopApp(kinds: [note])
        #expect(
            try app.links.placesOrProblem(atPath: "home/item/3/note").get()
                == [AnyPlace(Stop.home), AnyPlace(Stop.item(3)), AnyPlace(Note.of(3))])
        #expect(app.links.path(of: AnyPlace(Note.of(3))) == "note")
        #expect(note.value(of: AnyPlace(Note.of(3))) as? Int == 3)
        #expect(app.links.placesOrProblem(atPath: "home/note") == .failure(.noContext(pattern: "note", after: "home")))
        // Read alone, as a kept state names it, it takes the value of the place kept before it.
        #expect(
            app.links.placesOrProblem(atPath: "note", after: AnyPlace(Stop.item(3))) == .success([AnyPlace(Note.of(3))])
        )
        #expect(app.links.placesOrProblem(atPath: "note") == .failure(.noContext(pattern: "note", after: nil)))
        // The item's screen offers no note: a link cannot reach it, whatever it parses to.
        #expect(app.links.refusal(of: AnyPlace(Note.of(3)), after: AnyPlace(Stop.item(3))) != nil)
    }
}
