/// How a screen opens from a source, and how it closes again (the `Transition` of the router-and-transition pattern).
///
/// A router keeps the transition that opened its module, so `close()` reverses exactly that
/// opening: a pushed screen pops, a presented one is dismissed.
@MainActor
public protocol Transition: AnyObject {
    /// The screen this transition opens from. Conforming types hold it weakly; the router sets
    /// it just before `open(_:in:)`.
    var source: (any Screen)? { get set }

    /// Shows how the screen arrives and leaves; `nil` leaves it to the window's animator.
    var animator: (any Animator)? { get }

    /// Puts `screen` into `window`.
    /// - Throws: `RoutingError` when the window cannot take the screen from this source.
    func open(_ screen: any Screen, in window: Window) throws(RoutingError)

    /// Takes `screen`, and whatever it shows on top of itself, out of `window`.
    /// - Throws: `RoutingError` when `screen` was not opened the way this transition opens.
    func close(_ screen: any Screen, in window: Window) throws(RoutingError)
}

/// A change to the window that a front may animate.
public enum Motion: String, Hashable, Sendable, CaseIterable {
    case push, pop, present, dismiss, replaceRoot
}

/// A screen that left the window, and how: closing one screen takes the screens above it too,
/// and a front hears of each of them.
@MainActor
public struct Departure {
    public let motion: Motion
    public let screen: any Screen

    public init(_ motion: Motion, of screen: any Screen) {
        self.motion = motion
        self.screen = screen
    }
}

/// Shows how a screen arrived or left: a slide in UIKit, a line of text in a console. The
/// hook of the router-and-transition pattern's `Animator`; the window calls it after its state has changed.
@MainActor
public protocol Animator: AnyObject {
    func animate(_ motion: Motion, of screen: any Screen)
}
