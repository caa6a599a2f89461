import TestSupport
import Testing

@testable import Navigation

/// Records the changes a user sees, as "cause: A > B" (a delivery as "cause: delivered to B").
@MainActor
final class ShownRecorder: NavigationObserver {
    private(set) var changes: [String] = []

    var hearsShownChanges: Bool { true }

    func window(_ window: Window<TestPlace>, showed change: ShownChange<TestPlace>) {
        let path = change.path.map(\.title).joined(separator: " > ")
        changes.append("\(change.cause.rawValue): " + (change.isDelivery ? "delivered to \(path)" : path))
    }
}

@MainActor
@Suite("Several windows", .timeLimit(.minutes(10)))
struct WindowsTests {
    @Test(
        "windows are numbered in the order they opened; one is in front; closing renumbers, brings the one before forward, and the last cannot close"
    )
    func numbering() async throws {
        let first = Window<TestPlace>()
        let windows = Windows(first: first)
        let second = windows.open()
        let third = windows.open()
        #expect(windows.front === third)
        #expect([first, second, third].map(windows.number(of:)) == [1, 2, 3])

        windows.bringForward(first)
        #expect(windows.front === first)
        try windows.close(second)
        #expect(windows.number(of: third) == 2)
        #expect(windows.number(of: second) == nil)
        #expect(windows.window(numbered: 3) == nil)
        try windows.close(first)
        #expect(windows.front === third)
        #expect(throws: RoutingError.lastWindow) { try windows.close(third) }
        #expect(throws: RoutingError.windowReleased) { try windows.close(first) }
    }

    @Test(
        "a window that closes takes its screens down (each module released), stops its load, and opens nothing again; the other window is untouched"
    )
    func closing() async throws {
        let host = try await HostRouter()
        let session = Windows(first: host.stage)
        let other = session.open()
        try other.replaceRoot(with: StubScreen("Other"), as: "Other")
        let kept = other.state.screens.titles
        session.bringForward(host.stage)
        let pushed = try openModule("Chat", from: host, transition: PushTransition())
        let late = Router<ProbeScreen, TestPlace>(place: "Late")
        let loading = Task {
            try await host.open(late, transition: PushTransition()) { () async throws -> ProbeScreen in
                try await Task.sleep(for: .seconds(3_600))
                return ProbeScreen("Late", presenter: ProbePresenter(router: late))
            }
        }
        while !host.stage.loader.isLoading { await Task.yield() }

        try session.close(host.stage)

        await #expect(throws: RoutingError.stopped) { try await loading.value }
        #expect(pushed.isReleased)
        #expect(host.stage.state.screens.stacks.all.isEmpty)
        #expect(host.stage.isClosed)
        #expect(session.front === other)
        #expect(throws: RoutingError.windowReleased) {
            try openModule("Again", from: host, transition: RootTransition())
        }
        #expect(other.state.screens.titles == kept)
    }

    @Test(
        "a link opens in the window that shows it whole: on top, or below (which comes forward and goes back to it); else in the front window; --new-window in a new one"
    )
    func choice() async throws {
        let app = StopApp()
        app.signedIn = true
        let windows = Windows(first: app.stage)
        try await app.stage.open("x://home/item/1")
        let second = windows.open()
        try await second.open("x://home/item/2")
        func choice(_ link: String, newWindow: Bool = false) throws -> Windows<Stop>.Choice {
            try windows.choice(for: windows.front.resolve(link), newWindow: newWindow).choice
        }

        #expect(try choice("x://home/item/1") == .shownIn(number: 1, onTop: true))
        #expect(try choice("x://home/item/2") == .front(showsPlace: true))
        #expect(try choice("x://home/item/3") == .front(showsPlace: false))
        #expect(try choice("x://home/item/1", newWindow: true) == .newWindow)
        try await app.stage.open("x://home/item/1/item/3")
        #expect(try choice("x://home/item/1") == .shownIn(number: 1, onTop: false))

        let opened = try await windows.open(try windows.front.resolve("x://home/item/1"))
        #expect(opened.window === app.stage && windows.front === app.stage)
        #expect(app.state?.path == [.home, .item(1)])
        #expect(second.state.places.path == [.home, .item(2)])
    }

    @Test(
        "closing the window in front brings forward the one opened before it (for the first, the next); the last stays")
    func closingTheFront() throws {
        let app = StopApp()
        let windows = Windows(first: app.stage)
        let second = windows.open()
        let third = windows.open()
        windows.bringForward(second)

        try windows.close(second)
        #expect(windows.front === app.stage)
        try windows.close(app.stage)
        #expect(windows.front === third)
        #expect(throws: RoutingError.lastWindow) { try windows.close(third) }
        #expect(windows.all.count == 1)
    }

    @Test(
        "one shown change per change a user sees: a pop of three screens is one, a batch is one; re-selecting the tab shown, a cancelled gesture and a batch that changes nothing are none"
    )
    func shownChanges() async throws {
        let host = try await HostRouter()
        let recorder = ShownRecorder()
        host.stage.addObserver(recorder)
        let chat = try openModule("Chat", from: host, transition: PushTransition())
        let profile = try openModule("Profile", from: router(of: chat), transition: PushTransition())
        try openModule("More", from: router(of: profile), transition: ModalTransition())
        try router(of: chat).close()

        try await host.stage.batch(cause: .link) {
            try openModule("A", from: host, transition: PushTransition())
            try openModule(
                "B",
                from: try #require(
                    host.stage.state.screens.router(of: host.stage.state.screens.topScreen!)
                        as? Router<ProbeScreen, TestPlace>),
                transition: PushTransition())
        }
        await host.stage.batch(cause: .link) {}
        let top = try #require(host.stage.state.screens.topScreen)
        let gesture = try host.stage.backGestureBegan(on: top)
        try host.stage.backGestureCancelled(gesture)
        let again = try host.stage.backGestureBegan(on: top)
        #expect(try await host.stage.backGestureFinished(again))

        #expect(
            recorder.changes == [
                "command: Host > Chat", "command: Host > Chat > Profile", "command: Host > Chat > Profile > More",
                "command: Host", "link: Host > A > B", "gesture: Host > A",
            ])
    }
}
