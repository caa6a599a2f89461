/// How a screen opens from a source and closes again: the router-and-transition pattern's
/// `Transition`, a value with nothing to configure. A router keeps the one that opened its
/// module, so `close()` reverses exactly that opening.
@MainActor
public protocol Transition {
    /// How the screens it opens and closes animate on a front whose changes take time (kept with
    /// each screen: `WindowState.Entry.animator`).
    var animator: any Animator { get }

    /// Puts `screen`, showing `place`, into `window`, opened from `source` (`nil` for a router
    /// that can only open roots).
    /// - Throws: `RoutingError` when the window cannot take the screen from this source.
    func open<Places>(_ screen: any Screen, as place: Places, from source: (any Screen)?, in window: Window<Places>)
        throws(RoutingError)

    /// Takes `screen`, and whatever it shows on top of itself, out of `window`.
    /// - Throws: `RoutingError` when `screen` was not opened the way this transition opens.
    func close<Places>(_ screen: any Screen, in window: Window<Places>) throws(RoutingError)
}

/// A feature's own transition built on one of the core's, made with its animator (`base`): it
/// opens and closes as that one does.
public protocol TransitionOnBase: Transition {
    associatedtype Base: Transition
    /// The core transition it is built on.
    var base: Base { get }
}

extension TransitionOnBase {
    public var animator: any Animator { base.animator }

    public func open<Places>(
        _ screen: any Screen, as place: Places, from source: (any Screen)?, in window: Window<Places>
    ) throws(RoutingError) {
        try base.open(screen, as: place, from: source, in: window)
    }

    public func close<Places>(_ screen: any Screen, in window: Window<Places>) throws(RoutingError) {
        try base.close(screen, in: window)
    }
}

/// A change to the window that a front may animate.
public enum Motion: String, Hashable, Sendable, CaseIterable {
    case push, pop, present, dismiss, replaceRoot
    /// A screen took another's place in its stack: a screen that loaded, its placeholder.
    case replace
}

/// A screen that left the window, and how (closing one screen takes those above it too).
public struct Departure {
    public let motion: Motion
    public let screen: any Screen

    public init(_ motion: Motion, of screen: any Screen) {
        self.motion = motion
        self.screen = screen
    }
}
