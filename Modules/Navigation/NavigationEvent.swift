/// A change to a window, as its observers hear it.
///
/// Every screen that arrives or leaves is an event of its own, in order: closing a screen that
/// has others above it reports each of them, top-most first. Loads report when they start and
/// how they end, each under its own number.
@MainActor
public enum NavigationEvent {
    /// `screen` is in the window now, arrived by `motion`.
    case arrived(any Screen, Motion)
    /// `screen` left the window, by `motion` (`.replaceRoot` for the screens of an old root).
    case left(any Screen, Motion)
    /// The tab `name` is shown now; `previous` was (`nil` if the root had no tabs).
    case tabSelected(String, previous: String?)
    /// A load (`Loader.load(_:)`) began.
    case loadStarted(number: Int)
    /// A load delivered its screen.
    case loadFinished(number: Int)
    /// A load's provider failed, or its caller was cancelled.
    case loadFailed(number: Int, error: any Error)
    /// A newer navigation won: the load opens nothing.
    case loadSuperseded(number: Int)
    /// The load was stopped (`back` typed while it waited, or the screen that asked was left):
    /// it opens nothing.
    case loadStopped(number: Int)
    /// The load failed with `error`, and is tried again (`attempt`, from 2) after `after`.
    case loadRetrying(number: Int, attempt: Int, after: Duration, error: any Error)
    /// The load failed with `error`, and its fallback builds the screen instead.
    case loadFellBack(number: Int, error: any Error)
    /// A load was refused: load `inFlight` is in flight, and its policy is that the first wins.
    case loadRefused(inFlight: Int)
    /// The load took longer than `after` and a placeholder stands in for its screen.
    case loadShowsPlaceholder(number: Int, after: Duration)
    /// `screen`, a place that answers, was opened by the screen before it, which waits for its
    /// answer (``Answer``).
    case awaitingReply(any Screen)
    /// `screen` answered the screen that asked, or left without an answer (`answered` is `false`).
    case replied(any Screen, answered: Bool)
    /// The changes of a batch (`Window.batch(cause:_:)`: a link's plan) are all made: a front that
    /// takes time shows them now, one change per container.
    case settled
    /// A going-back gesture the front drives (an interactive pop, a sheet pulled down) on
    /// `screen` began, was cancelled (the state is as it was), or finished (the screen left,
    /// reported just before as a departure).
    case backGesture(any Screen, BackGesture.Phase)
    /// A link named the place of `screen`, shown already, with query items (as the link writes
    /// them: `message=2`): they were delivered to it (`changed`: whether what it shows changed).
    case delivered(any Screen, String, changed: Bool)
    /// A report about a gesture was refused: its screen is not there (any more), or no gesture
    /// of the front's is under way. Nothing changed.
    case backGestureRefused(screen: String, RoutingError)
}

/// Hears every change to a window: a front's animations, a log, a trace, analytics. A window
/// has any number of them, in one list; each hears every step (`NavigationEvent`), in order,
/// right after it, and, when it says it does (`hearsShownChanges`), once per change a user sees,
/// what the window shows then (`ShownChange`).
@MainActor
public protocol NavigationObserver: AnyObject {
    func window(_ window: Window, did event: NavigationEvent)
    func window(_ window: Window, showed change: ShownChange)
    /// Whether it hears `window(_:showed:)`: the window works out what a user sees only while
    /// one does. `false` by default.
    var hearsShownChanges: Bool { get }
}

extension NavigationObserver {
    public func window(_ window: Window, did event: NavigationEvent) {}
    public func window(_ window: Window, showed change: ShownChange) {}
    public var hearsShownChanges: Bool { false }
}
