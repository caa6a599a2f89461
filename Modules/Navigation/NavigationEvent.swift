/// A change to a window, as its observers hear it: each screen that arrives or leaves is an event
/// of its own (top-most first), and loads report their start and end, each under its number.
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
    /// The load was stopped (`back` while it waited, or its screen was left): it opens nothing.
    case loadStopped(number: Int)
    /// The load failed with `error`, and is tried again (`attempt`, from 2) after `after`.
    case loadRetrying(number: Int, attempt: Int, after: Duration, error: any Error)
    /// The load failed with `error`, and its fallback builds the screen instead.
    case loadFellBack(number: Int, error: any Error)
    /// A load was refused: load `inFlight` is in flight, and its policy is that the first wins.
    case loadRefused(inFlight: Int)
    /// The load took longer than `after` and a placeholder stands in for its screen.
    case loadShowsPlaceholder(number: Int, after: Duration)
    /// `screen`, a place that answers, was opened by the screen before it, which waits (``Answer``).
    case awaitingReply(any Screen)
    /// `screen` answered the screen that asked, or left without an answer (`answered` is `false`).
    case replied(any Screen, answered: Bool)
    /// A batch's changes (`Window.batch(cause:_:)`) are all made: a front that takes time shows them.
    case settled
    /// A going-back gesture the front drives (an interactive pop) on `screen` began, was
    /// cancelled, or finished (the screen's departure was reported just before).
    case backGesture(any Screen, BackGesture.Phase)
    /// A link's query items (`message=2`) were delivered to `screen`, which showed its place
    /// already (`changed`: whether what it shows changed).
    case delivered(any Screen, String, changed: Bool)
    /// A report about a gesture was refused (its screen is gone, or none is under way).
    case backGestureRefused(screen: String, RoutingError)
}

/// Hears every change to a window (a front's animations, a log, a trace): each step, in order
/// (`NavigationEvent`), and if `hearsShownChanges`, what the window shows after each change a
/// user sees (`ShownChange`).
@MainActor
public protocol NavigationObserver<Places>: AnyObject {
    associatedtype Places: AppPlaces
    func window(_ window: Window<Places>, did event: NavigationEvent)
    func window(_ window: Window<Places>, showed change: ShownChange<Places>)
    /// Whether it hears `window(_:showed:)` (the window works it out only then); `false` by default.
    var hearsShownChanges: Bool { get }
}

extension NavigationObserver {
    public func window(_ window: Window<Places>, did event: NavigationEvent) {}
    public func window(_ window: Window<Places>, showed change: ShownChange<Places>) {}
    public var hearsShownChanges: Bool { false }
}
