import Links
import Routing
import TestSupport
import Testing

/// A module with work to lose: its router asks before it leaves, and answers from a script.
@MainActor
final class AskingRouter: Router<ProbeScreen>, LeaveConfirming {
    var hasWork = true
    /// The answers it gives, in order; once they run out, it refuses.
    var answers: [Bool] = []
    private(set) var asked = 0

    var asksBeforeLeaving: Bool { hasWork }

    func confirmLeaving() async -> Bool {
        asked += 1
        return answers.isEmpty ? false : answers.removeFirst()
    }
}

/// A picker module: its presenter holds the reply, and answers it.
@MainActor
final class PickerPresenter {
    let router: Router<PickerScreen>
    let reply: Reply<Int>

    init(router: Router<PickerScreen>, reply: Reply<Int>) {
        self.router = router
        self.reply = reply
    }

    /// Answers, then closes the picker, as a picker does.
    func pick(_ value: Int) throws(RoutingError) {
        reply.answer(value)
        try router.close()
    }
}

@MainActor
final class PickerScreen: Screen {
    let title = "Picker"
    let presenter: PickerPresenter

    init(presenter: PickerPresenter) {
        self.presenter = presenter
    }
}

extension StopApp {
    /// Signed in, in the home tab, with item 1 pushed.
    static func signedIn() async throws -> StopApp {
        let app = try StopApp()
        app.signedIn = true
        try await app.links.open("x://home/item/1")
        app.host.motions.reset()
        return app
    }

    /// The router of the screen on top.
    func topRouter() throws -> any RouterProtocol {
        try #require(host.stage.topScreen.flatMap(host.stage.router(of:)))
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
        try topRouter().open(screen, of: router, transition: transition)
        host.motions.reset()
        return (router, WeakProbe([screen, screen.presenter]))
    }

    /// Starts a picker from the screen on top, in a task that awaits its answer; returns once
    /// the picker is shown.
    /// - Returns: the task, and weak references to the picker's parts.
    func startPicker() async throws -> (task: Task<Int?, any Error>, picker: () -> PickerPresenter?, probe: WeakProbe) {
        let opener = try topRouter()
        weak var presenter: PickerPresenter?
        let router = Router<PickerScreen>(place: Stop.item(77))
        let task = Task { @MainActor in
            try await opener.openForReply(router, transition: ModalTransition()) { (reply: Reply<Int>) in
                let made = PickerPresenter(router: router, reply: reply)
                presenter = made
                return PickerScreen(presenter: made)
            }
        }
        #expect(await yield(until: { host.stage.topScreen?.title == "Picker" && host.stage.awaitingReplies == 1 }))
        host.motions.reset()
        return (task, { presenter }, WeakProbe([host.stage.topScreen, presenter, router]))
    }
}

@MainActor
@Suite("Asking before leaving", .timeLimit(.minutes(1)))
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
        #expect(app.host.motions.events.isEmpty)

        #expect(try await router.closeAsking() == true)
        #expect(router.asked == 2)
        #expect(app.host.motions.events == ["left Draft (dismiss)"])
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
        #expect(planned.flatMap(\.asking) == [.item(50)], "\(kind)")
        #expect(try await app.links.show(target, inTab: tab) == .stayed(screen: "Draft"), "\(kind)")
        #expect(app.state == before, "\(kind)")
        #expect(app.host.motions.events.isEmpty, "\(kind): \(app.host.motions.events)")

        #expect(try await app.links.show(target, inTab: tab) == .opened, "\(kind)")
        #expect(app.state?.path == target, "\(kind)")
        #expect(router.asked == 2)
        #expect(probe.isReleased, "\(kind)")
    }

    @Test("a screen that stays in the window is not asked: a tab switch keeps a pushed one in its tab")
    func onlyWhatLeaves() async throws {
        let app = try await StopApp.signedIn()
        let (router, _) = try app.openAsking("Draft", as: .item(50), transition: PushTransition())

        #expect(app.links.plan(to: [.inbox], inTab: "inbox").flatMap(\.asking).isEmpty)
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

        #expect(try await app.links.show([.home], inTab: "home") == .stayed(screen: "Upper"))
        #expect((upper.asked, lower.asked) == (1, 0))
        #expect(app.state == before)
    }
}

@MainActor
@Suite("A route that returns a value", .timeLimit(.minutes(1)))
struct ReplyTests {
    @Test("the answer is delivered once: the first answer counts, and the picker closing after it adds nothing")
    func answered() async throws {
        let app = try await StopApp.signedIn()
        let (task, picker, probe) = try await app.startPicker()

        try #require(picker()).pick(7)
        #expect(try await task.value == 7)
        #expect(picker()?.reply.answer(8) ?? false == false)
        #expect(app.host.motions.events == ["Picker answered", "left Picker (dismiss)"])
        #expect(app.host.stage.awaitingReplies == 0)
        #expect(probe.isReleased)
    }

    /// The ways a picker can go without answering.
    enum Ending: String, CaseIterable {
        case back, link, tabSwitch, newRoot, frontDismissed, cancelled
    }

    @Test(
        "every way the picker goes without answering ends the wait with no answer, and nothing of it stays alive",
        arguments: Ending.allCases)
    func noAnswer(ending: Ending) async throws {
        let app = try await StopApp.signedIn()
        let (task, picker, probe) = try await app.startPicker()

        switch ending {
        case .back: try #require(picker()).router.close()
        case .link: try await app.links.open("x://home")
        case .tabSwitch: try await app.links.switchTab(to: "inbox")
        case .newRoot: try await app.links.show([.gate], inTab: nil)
        case .frontDismissed: try app.host.stage.frontRemoved(try #require(app.host.stage.topScreen))
        case .cancelled: task.cancel()
        }

        #expect(try await task.value == nil, "\(ending)")
        #expect(app.host.stage.awaitingReplies == 0, "\(ending)")
        if ending == .cancelled {
            // Cancelling the opener ends the wait; the picker's screen is the window's to close.
            #expect(app.host.stage.topScreen?.title == "Picker")
            try #require(picker()).router.close()
        } else {
            #expect(app.host.motions.events.contains("Picker declined"), "\(ending): \(app.host.motions.events)")
        }
        #expect(picker()?.reply.answer(1) ?? false == false, "\(ending)")
        #expect(await yield(until: { probe.isReleased }), "\(ending): the picker is alive")
    }

    @Test("a picker that cannot open throws, and nothing waits")
    func failsToOpen() async throws {
        let app = try await StopApp.signedIn()
        let router = Router<PickerScreen>(place: Stop.item(77))
        await #expect(throws: Unavailable.self) {
            _ = try await app.topRouter().openForReply(router, transition: ModalTransition()) {
                (_: Reply<Int>) throws -> PickerScreen in throw Unavailable()
            }
        }
        #expect(app.host.stage.awaitingReplies == 0)
        #expect(app.host.motions.events.filter { $0.hasPrefix("arrived") }.isEmpty)
    }
}

@MainActor
@Suite("Going back instead of stacking a copy", .timeLimit(.minutes(1)))
struct GoBackTests {
    /// Opens item `id` from the screen on top, going back if it is in that stack.
    func openItem(_ id: Int, in app: StopApp, whenShown: WhenShown = .goBack) async throws {
        let router = ItemRouter(place: Stop.item(id))
        try await app.topRouter().open(router, transition: PushTransition(), whenShown: whenShown) {
            ProbeScreen("Item \(id)", presenter: ProbePresenter(router: router))
        }
    }

    @Test("a place already in the stack is returned to: what is above it closes, nothing is built")
    func goesBack() async throws {
        let app = try await StopApp.signedIn()
        try await openItem(2, in: app)
        try await openItem(3, in: app)
        app.host.motions.reset()

        try await openItem(1, in: app)
        #expect(app.state?.path == [.home, .item(1)])
        #expect(app.host.motions.events == ["left Item 3 (pop)", "left Item 2 (pop)"])

        app.host.motions.reset()
        try await openItem(1, in: app)
        #expect(app.state?.path == [.home, .item(1)])
        #expect(app.host.motions.events.isEmpty)
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
        let link = try await app.links.resolve("x://home/item/1/item/2/item/1/item/3")
        #expect(link.target == [.home, .item(1), .item(3)])
        #expect(link.returnsTo == [.item(1)])
        try await app.links.open(link)
        #expect(app.state?.path == [.home, .item(1), .item(3)])
    }
}

@MainActor
@Suite("Changes the front made by itself", .timeLimit(.minutes(1)))
struct FrontChangeTests {
    @Test("a swipe back pops, a swipe down dismisses: the state follows, observers hear it, the modules are released")
    func followsTheFront() async throws {
        let app = try await StopApp.signedIn()
        let sheet = try app.openAsking("Sheet", as: .item(9))
        sheet.router.hasWork = false
        let window = app.host.stage

        let motions = try window.frontRemoved(try #require(window.topScreen)).map(\.motion)
        #expect(motions == [.dismiss])
        #expect(app.host.motions.events == ["left Sheet (dismiss)"])
        #expect(sheet.probe.isReleased)

        app.host.motions.reset()
        let item = try #require(window.topScreen)
        let itemRouter = try #require(window.router(of: item) as? any Closable)
        try window.frontRemoved(item)
        #expect(app.host.motions.events == ["left Item 1 (pop)"])
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
        let window = app.host.stage
        let draft = try #require(window.topScreen)

        #expect(window.frontShouldAsk(beforeRemoving: draft))
        #expect(await window.frontMayRemove(draft) == false)
        #expect(window.contains(draft))
        #expect(await window.frontMayRemove(draft))
        try window.frontRemoved(draft)
        #expect(router.asked == 2)
        #expect(!window.frontShouldAsk(beforeRemoving: try #require(window.topScreen)))
    }
}
