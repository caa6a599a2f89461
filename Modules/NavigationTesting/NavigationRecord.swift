import Navigation

/// One thing navigation did while a `NavigationTester` watched, as a value a test asserts:
/// `tester.expect(.push(.chat(.chat("bob"))))`, a place of the test's places.
public struct NavigationRecord<Places: AppPlaces>: Hashable, Sendable {
    /// What happened.
    public let event: Event

    public init(_ event: Event) {
        self.event = event
    }

    /// What happened, with the places as the window keeps them.
    public enum Event: Hashable, Sendable {
        /// A screen showing the place was pushed on a stack.
        case push(Places)
        /// A screen showing the place was presented modally.
        case present(Places)
        /// The screen of the place was popped off its stack.
        case pop(Places)
        /// The modal whose first screen shows the place was dismissed.
        case dismiss(Places)
        /// The place's screen became the root.
        case root(Places)
        /// The tab was selected.
        case tab(String)
        /// The screen of the place took query items (as a link writes them).
        case delivered(Places, String)
        /// A load ended, or changed course, as its policy said.
        case load(LoadRecord)
        /// The flow opened at the place waits for its answer.
        case awaitingReply(Places)
        /// The flow opened at the place answered (`answered`), or ended with none.
        case replied(Places, answered: Bool)
        /// A question was asked (`Discard your unsaved bio?`).
        case asked(String)
        /// A screen said something: a notice, or `error: …`.
        case said(String)
        /// A back gesture on the place's screen was cancelled or finished.
        case gesture(Places, BackGesture.Phase)
        /// A screen asked the host to follow a link (a message's).
        case followed(String)
        /// The gate was passed: a user signed in, and the host goes home.
        case gatePassed
    }

    /// How a load ended, or what it did on the way.
    public typealias LoadEnd = LoadRecord

    public static func push(_ place: Places) -> Self { Self(.push(place)) }
    public static func present(_ place: Places) -> Self { Self(.present(place)) }
    public static func pop(_ place: Places) -> Self { Self(.pop(place)) }
    public static func dismiss(_ place: Places) -> Self { Self(.dismiss(place)) }
    public static func root(_ place: Places) -> Self { Self(.root(place)) }
    public static func tab(_ name: String) -> Self { Self(.tab(name)) }
    public static func delivered(_ place: Places, _ query: String) -> Self { Self(.delivered(place, query)) }
    public static func load(_ end: LoadEnd) -> Self { Self(.load(end)) }
    public static func awaitingReply(_ place: Places) -> Self { Self(.awaitingReply(place)) }
    public static func replied(_ place: Places, answered: Bool) -> Self { Self(.replied(place, answered: answered)) }
    public static func asked(_ question: String) -> Self { Self(.asked(question)) }
    public static func said(_ line: String) -> Self { Self(.said(line)) }
    public static func gesture(_ place: Places, _ phase: BackGesture.Phase) -> Self { Self(.gesture(place, phase)) }
    public static func followed(_ link: String) -> Self { Self(.followed(link)) }
    public static var gatePassed: Self { Self(.gatePassed) }
}

extension NavigationRecord: @MainActor CustomStringConvertible {
    /// One line: `push Chat @bob`, `load opened`, `said error: …`.
    @MainActor public var description: String {
        switch event {
        case .push(let place): "push \(place.title)"
        case .present(let place): "present \(place.title)"
        case .pop(let place): "pop \(place.title)"
        case .dismiss(let place): "dismiss \(place.title)"
        case .root(let place): "root \(place.title)"
        case .tab(let name): "tab \(name)"
        case .delivered(let place, let query): "delivered \(query) to \(place.title)"
        case .load(let end): "load \(end)"
        case .awaitingReply(let place): "awaiting the reply of \(place.title)"
        case .replied(let place, let answered): "\(place.title) \(answered ? "answered" : "ended with no answer")"
        case .asked(let question): "asked \"\(question)\""
        case .said(let line): "said \"\(line)\""
        case .gesture(let place, let phase): "back gesture on \(place.title) \(phase.rawValue)"
        case .followed(let link): "followed \(link)"
        case .gatePassed: "gate passed"
        }
    }
}

extension LoadRecord: CustomStringConvertible {
    public var description: String {
        switch self {
        case .opened: "opened"
        case .failed(let error): "failed: \(error)"
        case .timedOut(let after): "timed out after \(after)"
        case .stopped: "stopped"
        case .superseded: "superseded"
        case .retrying(let attempt, let after): "retrying (try \(attempt)) after \(after)"
        case .fellBack: "fell back"
        case .refused: "refused"
        case .placeholder(let after): "shows a placeholder after \(after)"
        }
    }
}

/// How a load ended, or what it did on the way.
public enum LoadRecord: Hashable, Sendable {
    /// Its screen opened.
    case opened
    /// Its provider failed, with this error (as it describes itself).
    case failed(String)
    /// It took longer than its policy allows.
    case timedOut(after: Duration)
    /// It was stopped (`back` while it waited, or its screen left).
    case stopped
    /// A newer navigation won.
    case superseded
    /// It failed and is tried again: try `attempt`, after `after`.
    case retrying(attempt: Int, after: Duration)
    /// It failed, and its fallback built the screen.
    case fellBack
    /// It was refused: another load is in flight, and the first wins.
    case refused
    /// It takes long: a placeholder stands in after `after`.
    case placeholder(after: Duration)
}
