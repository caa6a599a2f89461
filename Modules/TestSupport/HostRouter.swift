import Navigation
import VirtualTime

/// A router whose `StubScreen` is the root of a window of its own: the place a test opens a
/// feature's modules from, as another feature's router would, through a navigator of the stage
/// (`declare(_:)` gives it the feature's places). Subclass it and adopt a route to test that
/// route's default implementation: `try await host.open(ProfileHost.openProfile(for: "bob"))`.
open class HostRouter: Router<StubScreen> {
    /// The window the host's screen is the root of; the host keeps it alive for the test.
    public let stage: Window
    /// Every motion in `stage`, as "push Chat @bob".
    public let motions = MotionRecorder()
    /// The stage's clock: a test moves it.
    public let clock = VirtualClock()

    /// - Parameters:
    ///   - title: the host screen's title.
    ///   - maximumDepth: the most screens the stage holds.
    /// - Throws: `RoutingError` if the host's screen cannot be opened.
    public init(title: String = "Host", maximumDepth: Int = Window.standardDepthLimit) throws(RoutingError) {
        stage = Window(observers: [motions], maximumDepth: maximumDepth)
        // Time moves only when a test moves it: a placeholder's threshold or a timeout never
        // passes by itself while a test runs.
        stage.loader.clock = clock
        super.init(place: title)
        let navigator = Navigator(window: stage)
        try RootOpener(window: stage, navigator: navigator).open(
            StubScreen(title), of: self, transition: RootTransition())
        motions.reset()
    }

    /// Makes `kinds` the places the stage's modules are built from.
    public func declare(_ kinds: [PlaceKind]) {
        navigator?.catalog = PlaceCatalog(kinds)
    }
}

/// An observer that writes nothing and remembers every screen that arrived or left, in order,
/// as "push Chat" or "pop Chat" (the screens of a replaced root are left out: "replaceRoot Login"
/// says it), and every event as it came.
public final class MotionRecorder: NavigationObserver {
    /// "push Chat @bob", "dismiss Profile @bob", …
    public private(set) var motions: [String] = []
    /// Every event, in words: "arrived Chat (push)", "left Chat (pop)", "load 1 started", …
    public private(set) var events: [String] = []

    public init() {}

    public func window(_ window: Window, did event: NavigationEvent) {
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
