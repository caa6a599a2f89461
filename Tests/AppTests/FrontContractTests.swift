import Chat
import Console
import Domain
import Friends
import FrontPacing
import Navigation
import Profile
import TestSupport
import Testing

@testable import App

/// The contract every front that takes time is held to, checked on the app's own features by a
/// recording front that enforces UIKit's rules on a virtual clock.
@MainActor
@Suite("Front contract")
struct FrontContractTests {
    /// The app signed in, with a display that shows it on a recording front.
    func displayed() async throws -> (ScriptedApp, RecordingFront, Display<AppPlace>) {
        let session = try ScriptedApp()
        try await session.signedIn()
        let front = RecordingFront()
        let display = Display(window: session.app.window, front: front)
        front.runAnimations()
        return (session, front, display)
    }

    @Test(
        "10,000 seeded plans between reachable states each end in their target with no rule broken, at most one change per container, in about one animation each"
    )
    func randomPlans() async throws {
        let (session, front, display) = try await displayed()
        let links = session.app.window
        var random = SplitMix(seed: 0x57A6E)
        var changed = 0
        for round in 0..<10_000 {
            // Some rounds a modal is left open over the tabs, so plans start from modals too.
            if round % 3 == 0, session.app.window.state.screens.topScreen is FriendsPresenter {
                await session.type("profile 2")
                front.runAnimations()
            }
            let (_, target) = random.tabbedTarget(in: Links(window: links))
            let link = "waypoint://" + target.map(\.link.description).joined(separator: "/")
            front.startCounting()

            try await links.open(link)
            let took = front.runAnimations()

            let most = front.changesPerContainer.values.max() ?? 0
            guard front.violations.isEmpty, front.titles == session.app.window.state.screens.titles, display.isSettled,
                most <= 1,
                took <= .milliseconds(350) * max(1, front.changesPerContainer.count)
            else {
                Issue.record(
                    """
                    round \(round), \(link): shows \(front.titles), the window \(session.app.window.state.screens.titles); \
                    \(front.changesPerContainer) in \(took); broke \(front.violations)
                    \(front.log.suffix(8).joined(separator: "\n"))
                    """)
                return
            }
            changed += front.changesPerContainer.count
        }
        #expect(changed > 10_000, "the plans changed something")
    }

    @Test(
        "a link of five steps is one change per container it changes: the modal dismissed, the tab, the tab's whole new stack"
    )
    func fiveSteps() async throws {
        let (session, front, _) = try await displayed()
        let links = session.app.window
        try await links.open("waypoint://chats/chat/dave")
        try await links.open("waypoint://friends/profile/carol/chat/carol")
        front.runAnimations()
        let target: [AppPlace] = [.chats, .chat("bob"), .profile("bob")]
        // Close the modal, select chats, close Chat @dave, open Chat @bob, open Profile @bob.
        #expect(links.plan(to: target, inTab: "chats").count == 5)
        let logged = front.log.count
        front.startCounting()

        try await links.open("waypoint://chats/chat/bob/profile/bob")
        let took = front.runAnimations()

        #expect(front.violations.isEmpty)
        #expect(front.titles == session.app.window.state.screens.titles)
        #expect(took == .milliseconds(300 + 250))
        #expect(front.changesPerContainer.values.allSatisfy { $0 == 1 })
        #expect(
            front.log[logged...].map { $0.split(separator: " ", maxSplits: 1)[1] } == [
                "dismiss from 0 (300 ms)", "select chats (0 ms)",
                "set root(1): Chats > Chat @bob > Profile @bob (250 ms)",
            ])
    }

    @Test(
        "a navigation asked for while a change animates cuts it short: it jumps to its end, then the new one plays from there"
    )
    func navigationDuringAnimation() async throws {
        let (session, front, display) = try await displayed()
        await session.type("message 1")
        #expect(front.isAnimating)
        front.advance(by: .milliseconds(100))
        // The user goes on typing: the window changes at once; the push in flight ends first.
        await session.type("profile")
        #expect(session.app.window.state.screens.titles == friendsTab(["Friends", "Chat @bob", "Profile @bob"]))
        front.runAnimations()

        #expect(front.violations.isEmpty)
        #expect(display.isSettled && front.titles == session.app.window.state.screens.titles)
        #expect(
            Array(front.log.suffix(3)).map { $0.split(separator: " ", maxSplits: 1)[1] } == [
                "set root(0): Friends > Chat @bob (250 ms)", "cut short",
                "set root(0): Friends > Chat @bob > Profile @bob (250 ms)",
            ])
    }

    @Test(
        "a back gesture: cancelled, the state is as it was; finished, the front's removal; on unsaved work, asked first, and a no cancels it; about a screen that is gone, refused and traced"
    )
    func backGestures() async throws {
        let (session, front, display) = try await displayed()
        let window = session.app.window
        #expect(throws: RoutingError.cannotCloseRoot(screen: "Friends")) {
            try window.backGestureBegan(on: #require(window.state.screens.stacks.stack(ofTab: "friends")?.first))
        }
        await session.type("message 1")
        front.runAnimations()
        let chat = try #require(window.state.screens.topScreen)
        let before = window.state.screens.titles

        let cancelled = try window.backGestureBegan(on: chat)
        try window.backGestureCancelled(cancelled)
        #expect(window.state.screens.titles == before && front.titles == before)

        let finished = try window.backGestureBegan(on: chat)
        #expect(try await window.backGestureFinished(finished))
        front.gestureRemovedTop()
        #expect(window.state.screens.titles == friendsTab(["Friends"]))
        #expect(display.isSettled && front.titles == window.state.screens.titles)
        #expect(throws: RoutingError.notInWindow(screen: "Chat @bob")) { try window.backGestureCancelled(finished) }

        // The bio editor with a draft asks; the scripted answer is no.
        await session.type("tab me", "edit", "bio A draft")
        front.runAnimations()
        let editor = try #require(window.state.screens.topScreen)
        let asking = try window.backGestureBegan(on: editor)
        session.input.append([RawLine("no")])
        #expect(try await window.backGestureFinished(asking) == false)
        #expect(window.state.screens.topScreen === editor)
        #expect(front.violations.isEmpty && front.titles == window.state.screens.titles)
        #expect(throws: RoutingError.notOnTop(screen: "Profile @alice")) {
            try window.backGestureBegan(on: #require(window.state.screens.stacks.stack(ofTab: "me")?.first))
        }
    }

    /// The app's three tabs, the friends tab shown with the stack `friends`.
    func friendsTab(_ friends: [String]) -> NavigationState<String> {
        NavigationState(
            tabs: [
                .init(name: "friends", stack: friends), .init(name: "chats", stack: ["Chats"]),
                .init(name: "me", stack: ["Profile @alice"]),
            ], selected: 0)
    }
}
