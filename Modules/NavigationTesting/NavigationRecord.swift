import Navigation

/// One thing navigation did while a `NavigationTester` watched, as a value a test asserts:
/// `tester.expect(.push(ChatPlace.chat("bob")))`.
public struct NavigationRecord: Hashable, Sendable {
    /// What happened.
    public let event: Event

    public init(_ event: Event) {
        self.event = event
    }

    /// What happened, with the places as the window keeps them.
    public enum Event: Hashable, Sendable {
        /// A screen showing the place was pushed on a stack.
        case push(AnyPlace)
        /// A screen showing the place was presented modally.
        case present(AnyPlace)
        /// The screen of the place was popped off its stack.
        case pop(AnyPlace)
        /// The modal whose first screen shows the place was dismissed.
        case dismiss(AnyPlace)
        /// The place's screen became the root.
        case root(AnyPlace)
        /// The tab was selected.
        case tab(String)
        /// The screen of the place took query items (as a link writes them).
        case delivered(AnyPlace, String)
        /// A load ended, or changed course, as its policy said.
        case load(LoadEnd)
        /// The flow opened at the place waits for its answer.
        case awaitingReply(AnyPlace)
        /// The flow opened at the place answered (`answered`), or ended with none.
        case replied(AnyPlace, answered: Bool)
        /// A question was asked (`Discard your unsaved bio?`).
        case asked(String)
        /// A screen said something: a notice, or `error: …`.
        case said(String)
        /// A back gesture on the place's screen was cancelled or finished.
        case gesture(AnyPlace, BackGesture.Phase)
        /// A screen asked the host to follow a link (a message's).
        case followed(String)
        /// The gate was passed: a user signed in, and the host goes home.
        case gatePassed

        /// How a load ended, or what it did on the way.
        public enum LoadEnd: Hashable, Sendable {
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
    }

    /// How a load ended, or what it did on the way.
    public typealias LoadEnd = Event.LoadEnd

    // Each record, from a feature's own place value (`.push(ChatPlace.chat("bob"))`).
    public static func push(_ place: some Place) -> Self { Self(.push(AnyPlace(place))) }
    public static func present(_ place: some Place) -> Self { Self(.present(AnyPlace(place))) }
    public static func pop(_ place: some Place) -> Self { Self(.pop(AnyPlace(place))) }
    public static func dismiss(_ place: some Place) -> Self { Self(.dismiss(AnyPlace(place))) }
    public static func root(_ place: some Place) -> Self { Self(.root(AnyPlace(place))) }
    public static func tab(_ name: String) -> Self { Self(.tab(name)) }
    public static func delivered(_ place: some Place, _ query: String) -> Self {
        Self(.delivered(AnyPlace(place), query))
    }
    public static func load(_ end: LoadEnd) -> Self { Self(.load(end)) }
    public static func awaitingReply(_ place: some Place) -> Self { Self(.awaitingReply(AnyPlace(place))) }
    public static func replied(_ place: some Place, answered: Bool) -> Self {
        Self(.replied(AnyPlace(place), answered: answered))
    }
    public static func asked(_ question: String) -> Self { Self(.asked(question)) }
    public static func said(_ line: String) -> Self { Self(.said(line)) }
    public static func gesture(_ place: some Place, _ phase: BackGesture.Phase) -> Self {
        Self(.gesture(AnyPlace(place), phase))
    }
    public static func followed(_ link: String) -> Self { Self(.followed(link)) }
    public static let gatePassed = Self(.gatePassed)
}

extension NavigationRecord: CustomStringConvertible {
    /// One line: `push Chat @bob`, `load opened`, `said error: …`.
    public var description: String {
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

extension NavigationRecord.LoadEnd: CustomStringConvertible {
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
