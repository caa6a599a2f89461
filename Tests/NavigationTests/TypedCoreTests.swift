import LinkMatching
import TestSupport
import Testing

@testable import Navigation

/// Planning is a pure function of the state, the link and the declarations; the checks and the
/// gate run once each when the plan is applied.
@MainActor
@Suite("Plans, checks and the gate")
struct PlanningTests {
    @Test("a link becomes a plan with no check and no question to the gate: resolving and planning read values alone")
    func pure() async throws {
        let app = StopApp()
        app.signedIn = true
        try await app.links.open("x://inbox")
        let (checked, asked) = (app.checked.count, app.session.gateAsked)

        let link = try app.links.resolve("x://home/item/1/item/2/pick")
        let steps = app.links.plan(to: link.target, inTab: link.tab)

        #expect(link.target == [.home, .item(1), .item(2), .pick(2)])
        #expect(link.actions == [nil, "item", "item", "pick"])
        #expect(
            steps.map(\.step) == [
                .selectTab("home"), .open(.item(1), from: .home), .open(.item(2), from: .item(1)),
                .open(.pick(2), from: .item(2)),
            ])
        #expect(app.checked.count == checked && app.session.gateAsked == asked)
    }

    @Test("opening a link asks the gate once and checks each place it names once, before any step, and no other")
    func once() async throws {
        let app = StopApp()
        app.signedIn = true
        try await app.links.open("x://inbox")
        app.session.checked = []
        app.session.gateAsked = 0

        try await app.links.open("x://home/item/1/item/2/item/1/item/3")

        #expect(app.session.gateAsked == 1)
        #expect(app.checked == [.home, .item(1), .item(2), .item(3)])
        #expect(app.state?.path == [.home, .item(1), .item(3)])

        // A tab's first place the link does not name is shown already: it is not checked again.
        try await app.links.open("x://inbox")
        app.session.checked = []
        try await app.links.open("x://item/4/item/5")
        #expect(app.checked == [.item(4), .item(5)])
        #expect(app.state?.path == [.home, .item(4), .item(5)])
    }

    @Test(
        "a link keeps each place's route and check in its target's order: a place named, gone back over and named again is checked once and opens after the place before it where it stays"
    )
    func targetOrder() async throws {
        let app = StopApp()
        app.signedIn = true
        try await app.links.open("x://inbox")
        app.session.checked = []

        let link = try app.links.resolve("x://home/item/1/item/3/item/1/item/2/item/3")

        #expect(link.target == [.home, .item(1), .item(2), .item(3)])
        #expect(link.returnsTo == [.item(1)])
        #expect(link.named == [.home, .item(1), .item(3), .item(2)])
        #expect(link.checks == [0, 1, 3, 2])
        #expect(link.actions == [nil, "item", "item", "item"])
        #expect(link.routes.map { $0?.route.place } == [nil, .item(1), .item(2), .item(3)])

        try await app.links.open(link)
        #expect(app.checked == [.home, .item(1), .item(3), .item(2)])
        #expect(app.state?.path == [.home, .item(1), .item(2), .item(3)])
    }

    @Test("explain prints the plan open applies: the same steps, from the same state")
    func explainIsThePlan() async throws {
        let app = StopApp()
        app.signedIn = true
        try await app.links.open("x://home/item/4")
        let explanation = await app.links.explain("x://home/item/1/pick")
        guard case .runs(_, _, let steps, let target, _) = explanation.result else {
            Issue.record("\(explanation.result)")
            return
        }
        let planned = app.links.plan(to: target, inTab: "home")
        #expect(steps.map(\.step) == planned.map(\.step))
        try await app.links.open("x://home/item/1/pick")
        #expect(app.state?.path == target)
    }
}

/// A composition whose declarations are wrong, each in one way: the app does not start, and each
/// problem names the feature and the fix.
enum Broken: AppPlaces, FeaturePlace {
    typealias Environment = Void

    case home, other
    /// A note, whose parameter `id` is text where an item's is a number.
    case note(String)
    case item(Int)
    /// A place whose link the grammar refuses.
    case spaced
    /// A place whose link reads back as another place.
    case drifting(Int)

    var title: String { "\(self)" }

    func visit<V: PlaceVisitor>(_ visitor: V) -> V.Result where V.Places == Broken {
        visitor.visit(self, of: BrokenFeature.self)
    }

    static var gate: Broken { .home }
    /// Two tabs of one name.
    static var tabs: [Broken] { [.home, .other] }
    static func passer(in environment: Void) -> GatePasser? { nil }
    static func closeGate(in environment: Void) {}

    /// Two commands other features add to home: `note`, which home offers already, and `help`, a
    /// word the front takes on every screen.
    static var contributions: [Contribution<Broken>] {
        [
            Contribution(feature: "Notes", host: "home") { _ in
                Offer("note", Route(.note("a"), transition: PushTransition()))
            },
            Contribution(feature: "Helper", host: "home") { _ in
                Offer("help", Route(.item(2), transition: PushTransition()))
            },
        ]
    }
}

enum BrokenFeature: Feature {
    typealias Place = Broken
    typealias Places = Broken

    static var name: String { "Broken" }
    static func embed(_ place: Broken) -> Broken { place }

    static func link(of place: Broken) -> PlaceLink {
        switch place {
        case .home, .other: PlaceLink("home")
        case .note(let text): PlaceLink("note", .text("id"), text)
        case .item(let id): PlaceLink("item", .int("id"), id)
        case .spaced: PlaceLink("two words")
        case .drifting(let id): PlaceLink("drift", .int("n"), id)
        }
    }

    static func query(of place: Broken) -> [QueryParameter] {
        place == .home ? [.int("page", 1...9), .int("page", 1...9)] : []
    }

    static func offers(at place: Broken, in environment: Void) -> [Offer<Broken>] {
        guard place == .home else { return [] }
        return [
            Offer("note", any: PlaceParameters(.text("id"))) { Route(.note($0), transition: PushTransition()) },
            Offer("item", any: PlaceParameters(.int("id"))) { Route(.item($0), transition: PushTransition()) },
            Offer("spaced", Route(.spaced, transition: PushTransition())),
            // Twice: a word runs one of them.
            Offer("item", any: PlaceParameters(.int("id"))) { Route(.item($0), transition: PushTransition()) },
            Offer("drift", any: PlaceParameters(.int("n"))) { Route(.drifting($0 + 1), transition: PushTransition()) },
        ]
    }

    static func check(_ place: Broken, in environment: Broken.Environment) async throws {}

    static func open(_ place: Broken, checking: Checking<Void>, in opening: Opening<Broken>) -> ModuleLoad {
        .shown
    }
}

@MainActor
@Suite("Declarations")
struct DeclarationsTests {
    @Test("the app's places are walked from the gate and the tabs; each kind found once, each edge once")
    func walk() {
        let declarations = StopApp().stage.declarations
        #expect(declarations.kinds.map(\.facts.pattern) == ["gate", "home", "inbox", "help", "item/<id>", "pick"])
        #expect(declarations.kinds.map(\.role) == [.gate, .tab, .tab, .opened, .opened, .opened])
        #expect(
            declarations.edges.map { "\(declarations.kinds[$0.from].facts.pattern) \($0.action) \($0.method)" } == [
                "gate help help()", "home item openItem(_:)", "item/<id> item openItem(_:)",
                "item/<id> pick offers(at:in:)", "pick jump openItem(_:)",
            ])
        #expect(declarations.problems.isEmpty)
    }

    @Test(
        "what is wrong with a composition is found when the app starts, one line a problem naming the fix; a word a screen offers twice, or one every screen takes, is one"
    )
    func problems() {
        let declarations = Declarations<Broken>(environment: (), scheme: "b", reserved: ["help", "spaced"])
        #expect(
            declarations.problems == [
                "Broken: the query item page is declared twice for home; declare it once",
                "Broken: the screen of home offers spaced, a word the front takes on every screen; give the action "
                    + "another word",
                "Broken: the screen of home offers item twice; give the action another word",
                "Notes: its command note on home is one that screen offers already; give it another word (the "
                    + "scaffold names it after the feature)",
                "Helper: its command help on home is a word the front takes on every screen; give it another word "
                    + "(the scaffold names it after the feature)",
                "Broken: spaced prints the link two words, which the link grammar refuses; use letters, digits, -, ., _ "
                    + "and ~ in its path and parameters",
                "Broken: the action drift of home opens drifting(2), whose link drift/2 reads back as drifting(3); "
                    + "make its parameters print what they read",
                "Broken: the parameter <id> of item/<id> has another type than in note/<id>; one name, one type: rename one",
                "Broken: the tab home is named twice; give each tab a place of its own",
            ])
    }
}

/// A command a feature adds to another feature's screen (`Contribution`): what it takes is
/// checked before anything opens, and a refusal says what was wrong.
@MainActor
@Suite("Contributed commands")
struct ContributionTests {
    @Test(
        "a contributed command typed with too few or too many words is refused, saying how many it takes; nothing opens"
    )
    func wordCount() async throws {
        let app = StopApp()
        app.signedIn = true
        try await app.links.open("x://home/item/1/pick")
        let picker = try #require(app.stage.state.screens.topScreen)
        let before = app.state

        var refusals: [CommandWordsRefused?] = []
        for argument in ["", "3 4", "x"] {
            do {
                try await app.stage.perform(contributed: "jump", argument: argument, on: picker)
            } catch {
                refusals.append(error as? CommandWordsRefused)
            }
        }

        // Values, which a front words (the console's words are ConsoleTests').
        #expect(refusals.allSatisfy { $0?.action == "jump" && $0?.takes == "<id>" && $0?.count == 1 })
        #expect(refusals.map { $0?.reason } == [.count(given: 0), .count(given: 2), .word("x", problem: "digits")])
        #expect(app.state == before)
    }

    @Test("a contributed command with its words opens what it offers, from the screen it was typed on")
    func opens() async throws {
        let app = StopApp()
        app.signedIn = true
        try await app.links.open("x://home/item/1/pick")
        let picker = try #require(app.stage.state.screens.topScreen)

        try await app.stage.perform(contributed: "jump", argument: "3", on: picker)

        #expect(app.stage.state.screens.topScreen?.title == "Item 3")
        #expect(app.state?.modals == [[.pick(1), .item(3)]])
    }
}
