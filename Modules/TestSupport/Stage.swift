import Navigation
import VirtualTime

/// A window of a test app with its gate's screen shown, where a test opens routes as a screen's
/// router would (`open(_:)`), on a clock that moves only when the test moves it, and watches
/// every motion (`motions`). The app's places are the test's: `TestPlace` for the core's tests,
/// or a feature's test places (its places, and stubs for what it opens of other features).
@MainActor
public final class Stage<Places: AppPlaces> {
    /// The window; the stage keeps it alive for the test.
    public let window: Window<Places>
    /// Every motion in the window, as "push Chat @bob".
    public let motions = MotionRecorder<Places>()
    /// The window's clock: a test moves it.
    public let clock = VirtualClock()

    /// - Parameters:
    ///   - environment: what the app's features are built with.
    ///   - maximumDepth: the most screens the window holds.
    /// - Throws: what opening the gate's screen throws.
    public init(_ environment: Places.Environment, maximumDepth: Int = standardDepthLimit) async throws {
        window = Window(Declarations(environment: environment, scheme: "test"), maximumDepth: maximumDepth)
        window.addObserver(motions)
        // Time moves only when a test moves it: a placeholder's threshold or a timeout never
        // passes by itself while a test runs.
        window.loader.clock = clock
        try await window.openGate()
        view = window.state.screens.topScreen
        motions.reset()
    }

    /// The screen on top.
    public var top: (any Screen)? { window.state.screens.topScreen }

    /// The window, as tests of the host's stage name it.
    public var stage: Window<Places> { window }

    /// The gate's screen, the window's first.
    public private(set) weak var view: (any Screen)?

    /// Opens `route` from the screen on top, as that screen's router would.
    /// - Throws: what opening it throws.
    public func open(_ route: Route<Places>) async throws {
        guard let top else { throw RoutingError.noSource }
        try await window.open(route, from: top)
    }
}

extension Stage where Places == TestPlace {
    /// A stage of the core's test app.
    public convenience init(maximumDepth: Int = standardDepthLimit) async throws {
        try await self.init((), maximumDepth: maximumDepth)
    }

    /// Opens a stub titled `title` from `source` (the screen on top by default) by `transition`,
    /// as a module's router opens a route: the stub's module is built, and shown.
    /// - Returns: its screen.
    /// - Throws: `RoutingError` from opening it.
    @discardableResult
    public func open(
        _ title: String, by transition: any Transition = PushTransition(), from source: (any Screen)? = nil
    ) async throws -> StubScreen {
        guard let source = source ?? top else { throw RoutingError.noSource }
        try await window.open(Route(.stub(StubPlace(title)), transition: transition), from: source)
        guard let screen = window.state.screens.topScreen as? StubScreen, screen.title == title else {
            throw RoutingError.notInWindow(screen: title)
        }
        return screen
    }
}

extension Stage {
    /// Closes `screen`'s module through its router, as its presenter would.
    /// - Throws: `RoutingError` when it has no router, or cannot close.
    public func close(_ screen: any Screen) throws(RoutingError) {
        guard let router = window.state.screens.router(of: screen) else {
            throw .noOpeningTransition(screen: screen.title)
        }
        try router.close()
    }

    /// `screen` and its router, weakly: a leak check's probe of a module.
    public func probe(_ screen: any Screen) -> WeakProbe {
        WeakProbe([screen, window.state.screens.router(of: screen)])
    }
}

/// An observer that writes nothing and remembers every screen that arrived or left, in order,
/// as "push Chat" or "pop Chat" (the screens of a replaced root are left out: "replaceRoot Login"
/// says it), and every event as it came.
public final class MotionRecorder<Places: AppPlaces>: NavigationObserver {
    /// "push Chat @bob", "dismiss Profile @bob", …
    public private(set) var motions: [String] = []
    /// Every event, in words: "arrived Chat (push)", "left Chat (pop)", "load 1 started", …
    public private(set) var events: [String] = []

    public init() {}

    public func window(_ window: Window<Places>, did event: NavigationEvent) {
        switch event {
        case .arrived(let screen, let motion):
            motions.append("\(motion.rawValue) \(screen.title)")
            events.append("arrived \(screen.title) (\(motion.rawValue))")
        case .left(let screen, let motion):
            if motion != .replaceRoot { motions.append("\(motion.rawValue) \(screen.title)") }
            events.append("left \(screen.title) (\(motion.rawValue))")
        case .tabSelected(let name, let previous):
            motions.append("select \(name)")
            events.append("selected \(name)" + (previous.map { " (was \($0))" } ?? ""))
        case .loadStarted(let number): events.append("load \(number) started")
        case .loadFinished(let number): events.append("load \(number) finished")
        case .loadFailed(let number, let error): events.append("load \(number) failed: \(error)")
        case .loadSuperseded(let number): events.append("load \(number) superseded")
        case .loadStopped(let number): events.append("load \(number) stopped")
        case .loadRetrying(let number, let attempt, let after, _):
            events.append("load \(number) retrying: try \(attempt) in \(after)")
        case .loadFellBack(let number, _): events.append("load \(number) fell back")
        case .loadRefused(let inFlight): events.append("load refused: \(inFlight) in flight")
        case .loadShowsPlaceholder(let number, _): events.append("load \(number) shows a placeholder")
        case .awaitingReply(let screen): events.append("awaiting \(screen.title)")
        case .replied(let screen, let answered): events.append("\(screen.title) \(answered ? "answered" : "declined")")
        case .settled: events.append("settled")
        case .backGesture(let screen, let phase): events.append("gesture \(phase.rawValue) \(screen.title)")
        case .backGestureRefused(let title, _): events.append("gesture refused \(title)")
        case .delivered(let screen, let query, _): events.append("delivered \(query) to \(screen.title)")
        }
    }

    public func reset() {
        motions = []
        events = []
    }
}

extension Window where Places == TestPlace {
    /// A window of the core's test app, showing nothing yet: a test puts screens in it.
    public convenience init(maximumDepth: Int = standardDepthLimit) {
        self.init(Declarations(environment: (), scheme: "test"), maximumDepth: maximumDepth)
    }
}
