/// How a screen opens from a source, and how it closes again: the `Transition` of the
/// router-and-transition pattern.
///
/// A transition is a value: what to do, with the source it opens from passed in, and nothing to
/// configure first. A router keeps the transition that opened its module, so `close()` reverses
/// exactly that opening: a pushed screen pops, a presented one is dismissed.
@MainActor
public protocol Transition {
    /// How the screens this transition opens and closes animate on a front whose changes take
    /// time. The window keeps it with each screen the transition opens, for the front to read
    /// (`WindowState.Entry.animator`).
    var animator: any Animator { get }

    /// Puts `screen` into `window`, opened from `source`.
    /// - Parameters:
    ///   - screen: the screen to show.
    ///   - place: what it shows, in the app's terms; the window keeps it with the screen.
    ///   - source: the screen it opens from; `nil` for a router without a screen, which can
    ///     only open roots.
    ///   - window: the window to show it in.
    /// - Throws: `RoutingError` when the window cannot take the screen from this source.
    func open(_ screen: any Screen, as place: AnyPlace, from source: (any Screen)?, in window: Window)
        throws(RoutingError)

    /// Takes `screen`, and whatever it shows on top of itself, out of `window`.
    /// - Throws: `RoutingError` when `screen` was not opened the way this transition opens.
    func close(_ screen: any Screen, in window: Window) throws(RoutingError)
}

/// A feature's own transition built on one of the core's (a push that slides its own way, a
/// modal that fades): it names the core transition, made with its animator, as `base`, and opens,
/// closes and animates as that one does.
public protocol TransitionOnBase: Transition {
    associatedtype Base: Transition
    /// The core transition it is built on.
    var base: Base { get }
}

extension TransitionOnBase {
    public var animator: any Animator { base.animator }

    public func open(_ screen: any Screen, as place: AnyPlace, from source: (any Screen)?, in window: Window)
        throws(RoutingError)
    {
        try base.open(screen, as: place, from: source, in: window)
    }

    public func close(_ screen: any Screen, in window: Window) throws(RoutingError) {
        try base.close(screen, in: window)
    }
}

/// A change to the window that a front may animate.
public enum Motion: String, Hashable, Sendable, CaseIterable {
    case push, pop, present, dismiss, replaceRoot
    /// A screen took another's place in its stack: a screen that loaded, its placeholder.
    case replace
}

/// A screen that left the window, and how: closing one screen takes the screens above it too,
/// and a front hears of each of them.
public struct Departure {
    public let motion: Motion
    public let screen: any Screen

    public init(_ motion: Motion, of screen: any Screen) {
        self.motion = motion
        self.screen = screen
    }
}
