import TestSupport
import Testing

@testable import FrontPacing
@testable import Navigation

/// The display: how a front that takes time is handed the window's changes.
@MainActor
@Suite("Display")
struct DisplayTests {
    /// A stage whose window a recording front shows, its first screen on display already.
    func displayed() async throws -> (Stage<TestPlace>, RecordingFront, Display<TestPlace>) {
        let host = try await Stage()
        let front = RecordingFront()
        let display = Display(window: host.window, front: front)
        front.runAnimations()
        return (host, front, display)
    }

    /// The log's entries after `count`, without their times.
    func entries(_ front: RecordingFront, after count: Int) -> [String] {
        front.log[count...].map { String($0.split(separator: " ", maxSplits: 1)[1]) }
    }

    @Test("each change outside a batch is handed at once; a batch is handed once it settles, one change per stack")
    func batches() async throws {
        let (host, front, display) = try await displayed()
        let logged = front.log.count
        try await host.open("Chat")
        front.runAnimations()

        try await host.window.batch { () async throws in
            try await host.open("Profile")
            try await host.open("Photos", by: ModalTransition())
            #expect(front.isAnimating == false)
        }
        front.runAnimations()

        #expect(
            entries(front, after: logged) == [
                "set root(0): Host > Chat (250 ms)", "set root(0): Host > Chat > Profile (250 ms)",
                "present 0: Photos (300 ms)",
            ])
        #expect(display.isSettled && front.titles == host.window.state.screens.titles && front.violations.isEmpty)
    }

    @Test("a change while another animates cuts that one short, then plays from where it ended")
    func cutShort() async throws {
        let (host, front, display) = try await displayed()
        let (logged, start) = (front.log.count, front.now)
        let chat = try await host.open("Chat")
        front.advance(by: .milliseconds(100))
        #expect(front.isAnimating)

        try host.close(chat)
        front.runAnimations()

        #expect(
            entries(front, after: logged) == [
                "set root(0): Host > Chat (250 ms)", "cut short", "set root(0): Host (250 ms)",
            ])
        #expect(front.now - start == .milliseconds(350))
        #expect(display.isSettled && front.titles == host.window.state.screens.titles && front.violations.isEmpty)
    }

    @Test(
        "a tab switch under a modal dismisses it first, selects, then presents the modal again: a tab switches with no modal over it"
    )
    func tabUnderModal() async throws {
        let window = Window<TestPlace>()
        try window.replaceRoot(
            withTabs: [("one", StubScreen("One"), "One"), ("two", StubScreen("Two"), "Two")], selecting: "one")
        let front = RecordingFront()
        let display = Display(window: window, front: front)
        front.runAnimations()
        let top = try #require(window.state.screens.topScreen)
        try window.present(StubScreen("Sheet"), as: "Sheet", from: top)
        front.runAnimations()
        let logged = front.log.count

        try window.select(tab: "two")
        front.runAnimations()

        #expect(
            entries(front, after: logged) == [
                "dismiss from 0 (300 ms)", "select two (0 ms)", "present 0: Sheet (300 ms)",
            ])
        #expect(display.isSettled && front.titles == window.state.screens.titles && front.violations.isEmpty)
    }

    @Test(
        "during a back gesture nothing is handed; finished, the front shows the removal already; cancelled, nothing changed"
    )
    func gestures() async throws {
        let (host, front, display) = try await displayed()
        let screen = try await host.open("Chat")
        front.runAnimations()
        let logged = front.log.count

        let cancelled = try host.window.backGestureBegan(on: screen)
        try host.window.backGestureCancelled(cancelled)
        let finished = try host.window.backGestureBegan(on: screen)
        #expect(try await host.window.backGestureFinished(finished))
        front.gestureRemovedTop()

        #expect(front.log.count == logged, "the front made the removal: nothing is handed")
        #expect(display.isSettled && front.titles == host.window.state.screens.titles)
        #expect(
            host.motions.events.suffix(5) == [
                "gesture began Chat", "gesture cancelled Chat", "gesture began Chat", "left Chat (pop)",
                "gesture finished Chat",
            ])
        // A report about a gesture whose screen is gone is refused, and the window says so.
        #expect(throws: RoutingError.notInWindow(screen: "Chat")) { try host.window.backGestureCancelled(finished) }
        #expect(host.motions.events.last == "gesture refused Chat")
    }

    @Test("a back gesture begun while a change animates ends that animation first, and is handed nothing after")
    func gestureCutsShort() async throws {
        let (host, front, display) = try await displayed()
        let logged = front.log.count
        let screen = try await host.open("Chat")
        front.advance(by: .milliseconds(100))

        let gesture = try host.window.backGestureBegan(on: screen)
        #expect(front.isAnimating == false, "the gesture takes over the front")
        #expect(try await host.window.backGestureFinished(gesture))
        front.gestureRemovedTop()
        front.runAnimations()

        #expect(entries(front, after: logged) == ["set root(0): Host > Chat (250 ms)", "cut short"])
        #expect(display.isSettled && front.titles == host.window.state.screens.titles && front.violations.isEmpty)
    }

    @Test("a new root takes the modals with it: one change, and no dismissal of what is gone after it")
    func newRootUnderModal() async throws {
        let (host, front, display) = try await displayed()
        try await host.open("Sheet", by: ModalTransition())
        front.runAnimations()
        let logged = front.log.count

        try host.window.replaceRoot(with: StubScreen("Home"), as: .stub(StubPlace("Home")))
        front.runAnimations()

        #expect(entries(front, after: logged) == [#"replace root: [["Home"]] (200 ms)"#])
        #expect(display.isSettled && front.titles == host.window.state.screens.titles && front.violations.isEmpty)
    }

    @Test("modals dismissed together leave as the top one's transition says")
    func dismissedTogether() async throws {
        let (host, front, display) = try await displayed()
        let sheet = try await host.open("Sheet", by: ModalTransition())
        try await host.open("Card", by: ModalTransition(animator: StandardAnimator.root))
        front.runAnimations()
        let logged = front.log.count

        try host.window.dismiss(sheet)
        front.runAnimations()

        #expect(entries(front, after: logged) == ["dismiss from 0 (200 ms)"])
        #expect(display.isSettled && front.titles == host.window.state.screens.titles && front.violations.isEmpty)
    }

    @Test("a new root fades in whole: the events of the one change do not cut its animation short")
    func oneChangeManyEvents() async throws {
        let (host, front, display) = try await displayed()
        try await host.open("Chat")
        front.runAnimations()
        let logged = front.log.count

        // Two screens leave and two arrive: four events, one change.
        try host.window.replaceRoot(
            withTabs: [
                ("one", StubScreen("One"), .stub(StubPlace("One"))),
                ("two", StubScreen("Two"), .stub(StubPlace("Two"))),
            ],
            selecting: "one")
        #expect(front.isAnimating)
        front.runAnimations()

        #expect(entries(front, after: logged) == [#"replace root: [["One"], ["Two"]] (200 ms)"#])
        #expect(display.isSettled && front.titles == host.window.state.screens.titles && front.violations.isEmpty)
    }

    @Test("the screen a placeholder stood in for takes its place at once")
    func placeholderReplaced() async throws {
        let (host, front, display) = try await displayed()
        let top = try #require(host.top)
        let placeholder = PlaceholderScreen(for: "Chat")
        try host.window.push(placeholder, as: .stub(StubPlace("Chat")), from: top)
        front.runAnimations()
        let logged = front.log.count

        try host.window.replace(placeholder, with: StubScreen("Chat"), router: nil)

        #expect(front.isAnimating == false)
        #expect(entries(front, after: logged) == ["set root(0): Host > Chat (0 ms)"])
        #expect(display.isSettled && front.titles == host.window.state.screens.titles && front.violations.isEmpty)
    }

    @Test("a push plays presenting, a pop plays reversed")
    func direction() async throws {
        let (host, front, display) = try await displayed()
        let chat = try await host.open("Chat")
        #expect(display.inFlight?.isPresenting == true)
        front.runAnimations()

        try host.close(chat)

        #expect(display.inFlight?.isPresenting == false)
        front.runAnimations()
        #expect(display.isSettled && front.violations.isEmpty)
    }

    @Test("a stack under a modal changes at once: the user sees only the top modal's animate")
    func unseenStacks() async throws {
        let (host, front, display) = try await displayed()
        let root = try #require(host.top)
        let sheet = try await host.open("Sheet", by: ModalTransition())
        try await host.open("Card", by: ModalTransition())
        front.runAnimations()
        let logged = front.log.count

        try host.window.push(StubScreen("Detail"), as: .stub(StubPlace("Detail")), from: root)
        try host.window.push(StubScreen("Notes"), as: .stub(StubPlace("Notes")), from: sheet)
        front.runAnimations()

        #expect(
            entries(front, after: logged) == [
                "set root(0): Host > Detail (0 ms)", "set modal(0): Sheet > Notes (0 ms)",
            ])
        #expect(display.isSettled && front.titles == host.window.state.screens.titles && front.violations.isEmpty)
    }

    @Test("the recording front catches every broken rule")
    func recordingFrontRules() {
        let front = RecordingFront()
        let slow = Animation(duration: .milliseconds(300), effect: .rise)
        func change(_ kind: DisplayChange.Kind, _ animation: Animation = .none) -> DisplayChange {
            DisplayChange(kind: kind, animation: animation, isPresenting: true)
        }
        front.show(
            change(.replaceRoot(roots: [.init(name: "a", stack: []), .init(name: "b", stack: [])], selected: 0))
        ) {}
        front.show(change(.present(index: 0, stack: []), slow)) {}
        front.show(change(.present(index: 1, stack: []), slow)) {}
        front.runAnimations()
        front.show(change(.selectTab(1, name: "b"))) {}
        front.show(change(.dismiss(from: 3, stacks: []))) {}
        front.show(change(.present(index: 5, stack: []))) {}

        #expect(
            front.violations == [
                "present 1:  while present 0:  animates", "tab 1 selected under 2 modal(s)",
                "dismiss modal 3: not presented", "present as modal 5 over 2 modal(s)",
            ])
    }
}
