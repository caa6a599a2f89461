import LinkMatching
import TestSupport
import Testing

@testable import Navigation

@MainActor
@Suite("Link navigator, over a test app's declared places", .timeLimit(.minutes(10)))
struct LinkNavigatorTests {
    @Test("a guarded link waits behind the gate before it is passed, then opens; links reveal nothing before")
    func pendingIntent() async throws {
        let app = StopApp()
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
        let app = StopApp()
        app.signedIn = true
        try await app.links.open("x://inbox")
        let link = try app.links.resolve("x://item/5")
        #expect(link.tab == "home")
        #expect(link.tabChoice == .firstThatOpens(shownCannot: "inbox"))

        try await app.links.open(link)
        #expect(try app.links.resolve("x://item/6").tabChoice == .shown)
        #expect(app.state?.tabs.map(\.stack) == [[.home, .item(5)], [.inbox]])
    }

    @Test("an offer that takes a value reads it with its parameters, and names them")
    func offerReads() {
        let item = Offer<Stop>(StopAction.item, any: StopApp.id, StopFeature.openItem)
        #expect(item.route(["7"])?.place == Stop.item(7))
        #expect(item.route(["seven"]) == nil)
        #expect(item.argument.map(\.name) == ["id"])
        #expect(Offer<Stop>(StopAction.help, StopFeature.openItem(1)).route()?.place == Stop.item(1))
    }

    @Test("a signed-in user cannot open a link for before the gate; what cannot follow, or is too deep, is refused")
    func refusals() async throws {
        let app = StopApp()
        app.signedIn = true
        try await app.links.open("x://home")
        await #expect(throws: LinkFailure<Stop>.self) { try await app.links.open("x://gate/help") }
        await #expect(throws: LinkFailure<Stop>.self) { try await app.links.open("x://inbox/item/1") }
        let deep = "x://home/" + (1...12).map { "item/\($0)" }.joined(separator: "/")
        do throws(LinkFailure<Stop>) {
            _ = try app.links.resolve(deep)
            Issue.record("a 13-screen link resolved")
        } catch {
            guard case .tooDeep(13, 12) = error else {
                Issue.record("\(error)")
                return
            }
        }
        #expect(app.state?.path == [.home])
        let (item1, item2, inbox) = (Stop.item(1), Stop.item(2), Stop.inbox)
        let declarations = app.links.declarations
        #expect(!declarations.canFollow(item1, after: inbox) && declarations.canFollow(item1, after: item2))
    }

    @Test("which place may follow which is what the screen before offers, and its refusal says what that offers")
    func legalityByPlace() async throws {
        let app = StopApp()
        app.signedIn = true
        func refusal(_ link: String) -> (offered: [String]?, title: String?)? {
            do throws(LinkFailure<Stop>) {
                _ = try app.links.resolve(link)
                return nil
            } catch {
                guard case .cannotFollow(let refusal) = error else { return nil }
                return (refusal.offered, refusal.title)
            }
        }
        #expect(refusal("x://inbox/item/1")?.offered == [])
        #expect(refusal("x://inbox/item/1")?.title == "Item 1")
        #expect(refusal("x://home/item/1/home").map { $0.offered == nil } == true, "a root follows nothing")
        #expect(refusal("x://home/item/1") == nil)
        #expect(refusal("x://home/help")?.offered == ["item (opens Item 1)"])
        #expect(app.links.call(opening: Stop.item(1), after: Stop.home) == "openItem(_: 1)")
        #expect(app.links.call(opening: Stop.help, after: Stop.gate) == "help()")
        #expect(app.links.call(opening: Stop.gate, after: nil) == "openGate()")
    }

    @Test("a step that fails stops the plan: the window keeps what the steps before it reached")
    func stepFails() async throws {
        let app = StopApp()
        app.signedIn = true
        do throws(LinkFailure<Stop>) {
            try await app.links.open("x://home/item/1/item/13/item/2")
            Issue.record("a failing route opened")
        } catch {
            guard case .stepFailed(let planned, let reason) = error else {
                Issue.record("\(error)")
                return
            }
            #expect(planned.step == .open(Stop.item(13), from: Stop.item(1)))
            #expect("\(reason)" == "unavailable")
        }
        #expect(app.state?.path == [.home, .item(1)])
    }

    @Test("explain says what would happen as values, and does nothing")
    func explain() async throws {
        let app = StopApp()
        app.signedIn = true
        try await app.links.open("x://home/item/1/item/2")
        app.motions.reset()

        let explanation = await app.links.explain("x://inbox")
        guard case .runs(let link, let decision, let steps, let target, let after) = explanation.result else {
            Issue.record("\(explanation.result)")
            return
        }
        #expect(link.tabChoice == .named && decision == .passes && after == nil && target == [Stop.inbox])
        #expect(steps.map(\.step) == [.selectTab("inbox")])
        let back = app.links.plan(to: [Stop.home], inTab: "home")
        #expect(back.map(\.step) == [.close(index: 1, place: Stop.item(1))])
        #expect(back.map(\.above) == [1])
        #expect(app.motions.events.isEmpty)
    }

    @Test("switching to a tab closes the modals over the tabs first, then selects it as it was left")
    func switchTab() async throws {
        let app = StopApp()
        app.signedIn = true
        try await app.links.open("x://home/item/1")
        let modal = Router<StubScreen, Stop>(place: Stop.item(99))
        let screen = StubScreen("Modal")
        screen.router = modal
        try opening(from: app.stage.state.screens.topScreen, in: app.stage, by: ModalTransition()).open(
            screen, of: modal)
        app.motions.reset()

        #expect(try await app.links.switchTab(to: "inbox") == .opened)
        // One batch: the front that takes time hears it settle after both changes.
        #expect(app.motions.events == ["left Modal (dismiss)", "selected inbox (was home)", "settled"])
        await #expect(throws: LinkFailure<Stop>.self) { try await app.links.switchTab(to: "nope") }
        #expect(app.state?.tabs.map(\.stack) == [[.home, .item(1)], [.inbox]])
    }

    @Test("closing the gate takes down every tab and modal, then ends the session; a refusal keeps them")
    func closeGate() async throws {
        let app = StopApp()
        app.signedIn = true
        try await app.links.open("x://home/item/1")
        var left = 0

        #expect(try await app.links.closeGate { left += 1 } == .opened)

        #expect(app.state == NavigationState(root: [.gate]))
        #expect(!app.signedIn && left == 1)
    }
}
