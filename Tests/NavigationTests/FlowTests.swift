import TestSupport
import Testing

@testable import Navigation

/// A module with work to lose: its router asks before it leaves, and answers from a script.
@MainActor
final class AskingRouter: Router<ProbeScreen, Stop>, LeaveConfirming {
    var hasWork = true
    /// The answers it gives, in order; once they run out, it refuses.
    var answers: [Bool] = []
    private(set) var asked = 0

    override var leaveConfirming: (any LeaveConfirming)? { self }

    var asksBeforeLeaving: Bool { hasWork }

    func confirmLeaving() async -> Bool {
        asked += 1
        return answers.isEmpty ? false : answers.removeFirst()
    }
}

extension StopApp {
    /// Signed in, in the home tab, with item 1 pushed.
    static func signedIn() async throws -> StopApp {
        let app = StopApp()
        app.signedIn = true
        try await app.links.open("x://home/item/1")
        app.motions.reset()
        return app
    }

    /// The screen on top.
    func top() throws -> any Screen {
        try #require(stage.state.screens.topScreen)
    }

    /// Shows `target`, in the tab `tab`, as the links would.
    @discardableResult
    func show(_ target: [Stop], inTab tab: String?) async throws(LinkFailure<Stop>) -> LinkOutcome {
        try await links.show(target, inTab: tab)
    }

    /// Opens a module whose router asks before it leaves, from the screen on top.
    /// - Returns: its router, which the test then keeps alive, and weak references to the parts
    ///   the window owns (the screen and its presenter).
    func openAsking(
        _ title: String, as place: Stop, transition: any Transition = ModalTransition(), answers: [Bool] = []
    ) throws -> (router: AskingRouter, probe: WeakProbe) {
        let router = AskingRouter(place: place)
        router.answers = answers
        let screen = ProbeScreen(title, presenter: ProbePresenter(router: router))
        try opening(from: top(), in: stage, by: transition).open(screen, of: router)
        motions.reset()
        return (router, WeakProbe([screen, screen.presenter]))
    }

    /// Opens the picker over the item on top (`x://home/item/1/pick`), as its `pick` action
    /// does; returns once it is shown.
    /// - Returns: the item, the picker, held weakly, and weak references to its parts.
    func openPicker() async throws -> (item: ItemScreen, picker: () -> PickerScreen?, probe: WeakProbe) {
        let item = try #require(stage.state.screens.topScreen as? ItemScreen)
        try await links.open("x://home/item/1/pick")
        let shown = try #require(stage.state.screens.topScreen as? PickerScreen)
        #expect(stage.questions.count == 1)
        weak let picker = shown
        motions.reset()
        return (item, { picker }, WeakProbe([shown, shown.router]))
    }
}

@MainActor
@Suite("Asking before leaving", .timeLimit(.minutes(10)))
struct LeaveTests {
    @Test(
        "back asks a module with work to lose: no keeps everything as it was, yes closes it; without work it asks nothing"
    )
    func back() async throws {
        let app = try await StopApp.signedIn()
        let (router, probe) = try app.openAsking("Draft", as: .item(50), answers: [false, true])
        let before = app.state

        #expect(try await router.closeAsking() == false)
        #expect(app.state == before)
        #expect(app.motions.events.isEmpty)

        #expect(try await router.closeAsking() == true)
        #expect(router.asked == 2)
        #expect(app.motions.events == ["left Draft (dismiss)"])
        #expect(probe.isReleased)

        let (quiet, _) = try app.openAsking("Draft", as: .item(50))
        quiet.hasWork = false
        #expect(try await quiet.closeAsking() == true)
        #expect(quiet.asked == 0)
    }

    @Test(
        "every kind of step that takes the module away asks before any step runs; a refusal runs none",
        arguments: [
            ("a link's close", [Stop.home], "home"),
            ("a tab switch, which closes the modals", [Stop.inbox], "inbox"),
            ("a new root, as sign-out makes", [Stop.gate], nil),
        ] as [(String, [Stop], String?)])
    func everyStep(kind: String, target: [Stop], tab: String?) async throws {
        let app = try await StopApp.signedIn()
        let (router, probe) = try app.openAsking("Draft", as: .item(50), answers: [false, true])
        let before = app.state

        let planned = app.links.plan(to: target, inTab: tab)
        #expect(planned.flatMap(\.asking) == [Stop.item(50)], "\(kind)")
        #expect(try await app.show(target, inTab: tab) == .stayed(screen: "Draft"), "\(kind)")
        #expect(app.state == before, "\(kind)")
        #expect(app.motions.events.isEmpty, "\(kind): \(app.motions.events)")

        #expect(try await app.show(target, inTab: tab) == .opened, "\(kind)")
        #expect(app.state?.path == target, "\(kind)")
        #expect(router.asked == 2)
        #expect(probe.isReleased, "\(kind)")
    }

    @Test("a screen that stays in the window is not asked: a tab switch keeps a pushed one in its tab")
    func onlyWhatLeaves() async throws {
        let app = try await StopApp.signedIn()
        let (router, _) = try app.openAsking("Draft", as: .item(50), transition: PushTransition())

        #expect(app.links.plan(to: [Stop.inbox], inTab: "inbox").flatMap(\.asking).isEmpty)
        #expect(try await app.links.switchTab(to: "inbox") == .opened)
        #expect(router.asked == 0)
        #expect(app.state?.stack(ofTab: "home") == [.home, .item(1), .item(50)])
    }

    @Test("the modules above a closed screen are asked too, top-most first, and one refusal keeps them all")
    func above() async throws {
        let app = try await StopApp.signedIn()
        let (lower, _) = try app.openAsking("Lower", as: .item(50), transition: PushTransition(), answers: [true])
        let (upper, _) = try app.openAsking("Upper", as: .item(51), answers: [false])
        let before = app.state

        #expect(try await app.show([.home], inTab: "home") == .stayed(screen: "Upper"))
        #expect((upper.asked, lower.asked) == (1, 0))
        #expect(app.state == before)
    }
}

@MainActor
@Suite("A place that answers the screen that asked", .timeLimit(.minutes(10)))
struct AnswerTests {
    @Test("the answer is delivered once, to the screen the place was opened from, for the action that opened it")
    func answered() async throws {
        let app = try await StopApp.signedIn()
        let (item, picker, probe) = try await app.openPicker()

        try await #require(picker()).pick(7)
        #expect(item.heard == [Answer(action: "pick", text: "7")])
        #expect(app.motions.events == ["left Picker (dismiss)", "Picker answered"])
        #expect(app.stage.questions.count == 0)
        #expect(probe.isReleased)
        #expect(item.heard.first?.value(as: .int("value")) == 7)
    }

    /// The ways a picker can go without answering.
    enum Ending: String, CaseIterable {
        case back, link, tabSwitch, newRoot, frontDismissed
    }

    @Test(
        "every way the picker goes without answering hands the asker no answer, once, and nothing of it stays alive",
        arguments: Ending.allCases)
    func noAnswer(ending: Ending) async throws {
        let app = try await StopApp.signedIn()
        let (item, picker, probe) = try await app.openPicker()

        switch ending {
        case .back: try #require(picker()).router.close()
        case .link: try await app.links.open("x://home")
        case .tabSwitch: try await app.links.switchTab(to: "inbox")
        case .newRoot: try await app.show([.gate], inTab: nil)
        case .frontDismissed: try app.stage.frontRemoved(try #require(app.stage.state.screens.topScreen))
        }

        #expect(await yield(until: { item.heard == [Answer(action: "pick", text: nil)] }), "\(ending): \(item.heard)")
        #expect(app.stage.questions.count == 0, "\(ending)")
        #expect(app.motions.events.contains("Picker declined"), "\(ending): \(app.motions.events)")
        #expect(await yield(until: { probe.isReleased }), "\(ending): the picker is alive")
        #expect(item.heard.count == 1, "\(ending)")
    }

    @Test("a picker that cannot open throws, no question waits, and the asker hears nothing")
    func failsToOpen() async throws {
        let app = StopApp()
        app.signedIn = true
        try await app.links.open("x://home/item/99")
        let item = try #require(app.stage.state.screens.topScreen as? ItemScreen)
        app.motions.reset()

        await #expect(throws: LinkFailure<Stop>.self) { try await app.links.open("x://home/item/99/pick") }
        #expect(app.stage.questions.count == 0)
        #expect(app.motions.events.filter { $0.hasPrefix("arrived") }.isEmpty)
        #expect(item.heard.isEmpty)
    }
}

@MainActor
@Suite("Going back instead of stacking a copy", .timeLimit(.minutes(10)))
struct GoBackTests {
    /// Opens item `id` from the screen on top, going back if it is in that stack.
    func openItem(_ id: Int, in app: StopApp, whenShown: WhenShown = .goBack) async throws {
        try await app.stage.open(
            Route(Stop.item(id), whenShown: whenShown, transition: PushTransition()), from: app.top())
    }

    @Test("a place already in the stack is returned to: what is above it closes, nothing is built")
    func goesBack() async throws {
        let app = try await StopApp.signedIn()
        try await openItem(2, in: app)
        try await openItem(3, in: app)
        app.motions.reset()

        try await openItem(1, in: app)
        #expect(app.state?.path == [.home, .item(1)])
        #expect(app.motions.events == ["left Item 3 (pop)", "left Item 2 (pop)"])

        app.motions.reset()
        try await openItem(1, in: app)
        #expect(app.state?.path == [.home, .item(1)])
        #expect(app.motions.events.isEmpty)
    }

    @Test("openAnother stacks a copy, and a place in another stack is opened again")
    func otherwise() async throws {
        let app = try await StopApp.signedIn()
        try await openItem(1, in: app, whenShown: .openAnother)
        #expect(app.state?.path == [.home, .item(1), .item(1)])

        _ = try app.openAsking("Sheet", as: .item(9), answers: [])
        try await openItem(1, in: app)
        #expect(app.state?.modals == [[.item(9), .item(1)]])
    }

    @Test("going back asks the screens it closes, and a refusal keeps them")
    func asks() async throws {
        let app = try await StopApp.signedIn()
        let (asking, _) = try app.openAsking("Draft", as: .item(50), transition: PushTransition(), answers: [false])
        try await openItem(1, in: app)
        #expect(asking.asked == 1)
        #expect(app.state?.path == [.home, .item(1), .item(50)])
    }

    @Test("a link that names a place again goes back to it, as the route would")
    func links() async throws {
        let app = try await StopApp.signedIn()
        let link = try app.links.resolve("x://home/item/1/item/2/item/1/item/3")
        #expect(link.target == [Stop.home, .item(1), .item(3)])
        #expect(link.returnsTo == [Stop.item(1)])
        try await app.links.open(link)
        #expect(app.state?.path == [.home, .item(1), .item(3)])
    }
}

@MainActor
@Suite("Changes the front made by itself", .timeLimit(.minutes(10)))
struct FrontChangeTests {
    @Test("a swipe back pops, a swipe down dismisses: the state follows, observers hear it, the modules are released")
    func followsTheFront() async throws {
        let app = try await StopApp.signedIn()
        let sheet = try app.openAsking("Sheet", as: .item(9))
        sheet.router.hasWork = false
        let window = app.stage

        let motions = try window.frontRemoved(try #require(window.state.screens.topScreen)).map(\.motion)
        #expect(motions == [.dismiss])
        #expect(app.motions.events == ["left Sheet (dismiss)"])
        #expect(sheet.probe.isReleased)

        app.motions.reset()
        let item = try #require(window.state.screens.topScreen)
        let itemRouter = try #require(window.state.screens.router(of: item))
        try window.frontRemoved(item)
        #expect(app.motions.events == ["left Item 1 (pop)"])
        #expect(app.state?.path == [.home])

        // The router hears of it as an error value, not a second removal.
        #expect(throws: RoutingError.notInWindow(screen: "Item 1")) { try itemRouter.close() }
        #expect(throws: RoutingError.notInWindow(screen: "Item 1")) { try window.frontRemoved(item) }
        #expect(app.state?.path == [.home])
    }

    @Test("where the front may still refuse, a screen with work to lose is asked first")
    func asksFirst() async throws {
        let app = try await StopApp.signedIn()
        let (router, _) = try app.openAsking("Draft", as: .item(50), answers: [false, true])
        let window = app.stage
        let draft = try #require(window.state.screens.topScreen)

        #expect(
            !window.state.screens.screensAsking(among: window.state.screens.screensRemoved(byClosing: draft)).isEmpty)
        #expect(await window.frontMayRemove(draft) == false)
        #expect(window.state.screens.contains(draft))
        #expect(await window.frontMayRemove(draft))
        try window.frontRemoved(draft)
        #expect(router.asked == 2)
        let top = try #require(window.state.screens.topScreen)
        #expect(window.state.screens.screensAsking(among: window.state.screens.screensRemoved(byClosing: top)).isEmpty)
    }
}
