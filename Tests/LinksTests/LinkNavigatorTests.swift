import Links
import Routing
import TestSupport
import Testing

/// The places of a small test app: a gate with a step, two tabs, and items.
enum Stop: Hashable, Sendable {
    case gate, help
    case home, inbox
    case item(Int)
}

/// "Can open an item": the test app's one route. Item 13 fails to load.
@MainActor
protocol ItemRoute: RouterProtocol {}

struct Unavailable: Error, CustomStringConvertible {
    var description: String { "unavailable" }
}

extension ItemRoute {
    func openItem(_ id: Int) async throws {
        let router = ItemRouter(place: Stop.item(id))
        try await open(router, transition: PushTransition()) {
            if id == 13 { throw Unavailable() }
            return ProbeScreen("Item \(id)", presenter: ProbePresenter(router: router))
        }
    }
}

final class ItemRouter: Router<ProbeScreen>, ItemRoute {}
final class HomeRouter: Router<ProbeScreen>, ItemRoute {}
/// The inbox opens no items: a link to one from there goes to home.
final class InboxRouter: Router<ProbeScreen> {}
final class GateRouter: Router<ProbeScreen> {}

/// The test app: its window, its guard, and its link navigator.
@MainActor
final class StopApp {
    /// What the guard and the checks read and record.
    final class Session {
        var signedIn = false
        var validated: [[Stop]] = []
    }

    let host: HostRouter
    let session = Session()
    let links: LinkNavigator<Stop>
    var signedIn: Bool {
        get { session.signedIn }
        set { session.signedIn = newValue }
    }
    var validated: [[Stop]] { session.validated }

    init() throws {
        let host = try HostRouter()
        let session = session
        self.host = host
        let item = LinkOpener<Stop>.route(
            adoptedBy: { $0 is any ItemRoute.Type }, method: { "openItem(\($0["id"]))" },
            open: { (router: any ItemRoute, parameters) in try await router.openItem(Int(parameters["id"]) ?? 0) })
        let help = LinkOpener<Stop>.route(
            adoptedBy: { $0 is GateRouter.Type }, method: { _ in "help" },
            open: { (router: GateRouter, _) in
                try router.open(
                    ProbeScreen("Help", presenter: ProbePresenter(router: router)), as: Stop.help,
                    transition: PushTransition())
            })
        let entries: [LinkEntry<Stop>] = [
            LinkEntry("gate", access: .unguarded, role: .root(tab: nil), runBy: GateRouter.self, place: .gate),
            LinkEntry("help", access: .unguarded, role: .opened(help), runBy: nil, place: .help),
            LinkEntry("home", access: .guarded, role: .root(tab: "home"), runBy: HomeRouter.self, place: .home),
            LinkEntry("inbox", access: .guarded, role: .root(tab: "inbox"), runBy: InboxRouter.self, place: .inbox),
            LinkEntry(
                "item/<id>", access: .guarded, role: .opened(item), runBy: ItemRouter.self,
                place: { .item(Int($0["id"]) ?? 0) },
                parameters: { if case .item(let id) = $0 { ["id": "\(id)"] } else { nil } }),
        ]
        links = try LinkNavigator(
            scheme: "x", parameterTypes: [LinkParameterType("id") { $0.allSatisfy(\.isNumber) ? nil : "digits" }],
            entries: entries, window: host.stage, gate: .gate,
            isGuardPassed: { session.signedIn },
            openRoot: { place, tab in try await Self.openRoot(place, tab: tab, host: host) },
            validate: { places in session.validated.append(places) })
    }

    private static func openRoot(_ place: Stop, tab: String?, host: HostRouter) async throws {
        guard let tab else {
            let router = GateRouter(place: Stop.gate)
            return try host.open(
                ProbeScreen("Gate", presenter: ProbePresenter(router: router)), of: router, transition: RootTransition()
            )
        }
        let home = HomeRouter(place: Stop.home)
        let inbox = InboxRouter(place: Stop.inbox)
        try await host.openTabs(
            [
                TabProvider("home", router: home) { ProbeScreen("Home", presenter: ProbePresenter(router: home)) },
                TabProvider("inbox", router: inbox) { ProbeScreen("Inbox", presenter: ProbePresenter(router: inbox)) },
            ], selecting: tab)
    }

    var state: NavigationState<Stop>? { links.state }
}

@MainActor
@Suite("Link navigator, generic over a test app's places", .timeLimit(.minutes(1)))
struct LinkNavigatorTests {
    @Test("a guarded link waits behind the gate before the guard is passed, then opens; links reveal nothing before")
    func pendingIntent() async throws {
        let app = try StopApp()
        #expect(try await app.links.open("x://item/3") == .waitingBehindGate(replacing: nil))
        #expect(try await app.links.open("x://item/4") == .waitingBehindGate(replacing: "x://item/3"))
        #expect(app.state == NavigationState(root: [.gate]))
        #expect(app.validated.isEmpty)

        app.signedIn = true
        let continued = try #require(await app.links.continuePending())
        #expect(continued.link == "x://item/4")
        #expect(app.state?.selectedTab == "home")
        #expect(app.state?.path == [.home, .item(4)])
        #expect(app.validated == [[.home, .item(4)]])
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

    @Test("a signed-in user cannot open a link for before the guard; what cannot follow, or is too deep, is refused")
    func refusals() async throws {
        let app = try StopApp()
        app.signedIn = true
        try await app.links.open("x://home")
        await #expect(throws: LinkFailure<Stop>.self) { try await app.links.open("x://gate/help") }
        await #expect(throws: LinkFailure<Stop>.self) { try await app.links.open("x://inbox/item/1") }
        let deep = "x://home/" + (1...12).map { "item/\($0)" }.joined(separator: "/")
        do throws(LinkFailure<Stop>) {
            _ = try await app.links.resolve(deep)
            Issue.record("a 13-screen link resolved")
        } catch {
            guard case .tooDeep(13, 12) = error else {
                Issue.record("\(error)")
                return
            }
        }
        #expect(app.state?.path == [.home])
        #expect(!app.links.canFollow(.item(1), after: .inbox) && app.links.canFollow(.item(1), after: .item(2)))
    }

    @Test("a step that fails stops the plan: the window keeps what the steps before it reached")
    func stepFails() async throws {
        let app = try StopApp()
        app.signedIn = true
        do throws(LinkFailure<Stop>) {
            try await app.links.open("x://home/item/1/item/13/item/2")
            Issue.record("a failing route opened")
        } catch {
            guard case .stepFailed(let planned, let reason) = error else {
                Issue.record("\(error)")
                return
            }
            #expect(planned.step == .open(.item(13), from: .item(1)))
            #expect("\(reason)" == "unavailable")
        }
        #expect(app.state?.path == [.home, .item(1)])
    }

    @Test("explain says what would happen as values, and does nothing")
    func explain() async throws {
        let app = try StopApp()
        app.signedIn = true
        try await app.links.open("x://home/item/1/item/2")
        app.host.motions.reset()

        let explanation = await app.links.explain("x://inbox")
        guard case .runs(let link, let decision, _, let steps, let target, let after) = explanation.result else {
            Issue.record("\(explanation.result)")
            return
        }
        #expect(link.tabChoice == .named && decision == .passes && after == nil && target == [.inbox])
        #expect(steps.map(\.step) == [.selectTab("inbox")])
        let back = app.links.plan(to: [.home], inTab: "home")
        #expect(back.map(\.step) == [.close(index: 1, place: .item(1))])
        #expect(back.map(\.above) == [1])
        #expect(app.host.motions.events.isEmpty)
    }

    @Test("switching to a tab closes the modals over the tabs first, then selects it as it was left")
    func switchTab() async throws {
        let app = try StopApp()
        app.signedIn = true
        try await app.links.open("x://home/item/1")
        let top = try #require(app.host.stage.topScreen.flatMap(app.host.stage.router(of:)))
        let modal = Router<ProbeScreen>(place: Stop.item(99))
        try top.open(
            ProbeScreen("Modal", presenter: ProbePresenter(router: modal)), of: modal, transition: ModalTransition())
        app.host.motions.reset()

        #expect(try await app.links.switchTab(to: "inbox") == .opened)
        #expect(app.host.motions.events == ["left Modal (dismiss)", "selected inbox (was home)"])
        await #expect(throws: LinkFailure<Stop>.self) { try await app.links.switchTab(to: "nope") }
        #expect(app.state?.tabs.map(\.stack) == [[.home, .item(1)], [.inbox]])
    }
}
