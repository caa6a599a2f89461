/// A going-back gesture the front drives: an interactive pop (a swipe from the edge, ← on the
/// full-screen terminal) or a sheet pulled down. The front reports it to the window as typed
/// events (`Window.backGestureBegan(on:)`, `…Cancelled(_:)`, `…Finished(_:)`), and the window
/// checks each: a cancelled gesture leaves the state exactly as it was, a finished one is a
/// removal the front made, and a screen with unsaved work is asked before the gesture can
/// finish.
@MainActor
public struct BackGesture {
    /// Where a gesture is.
    public enum Phase: String, Hashable, Sendable {
        case began, cancelled, finished
    }

    /// The screen the gesture takes away, held weakly.
    public private(set) weak var screen: (any Screen)?
    /// What the gesture does when it finishes: `.pop`, or `.dismiss` for a modal's first screen.
    public let motion: Motion
    /// The screen's title, for a report about a screen that is gone.
    public let title: String
    /// Tells this gesture from an earlier one on the same screen.
    let number: Int
}

extension Window {
    /// The front began a going-back gesture on `screen`, the screen on top: it now animates the
    /// gesture itself, following the user, and the window changes nothing until the front says
    /// how it ended. A gesture under way on another screen is cancelled first.
    /// - Returns: the gesture, to report its end with.
    /// - Throws: `RoutingError.notInWindow` when `screen` is not in the window, `.notOnTop` when
    ///   it is not the screen on top, `.cannotCloseRoot` for the first screen of a root stack.
    ///   Each refusal is published (`.backGestureRefused`), so a trace shows it.
    public func backGestureBegan(on screen: any Screen) throws(RoutingError) -> BackGesture {
        guard let (container, index) = position(of: screen) else {
            throw refuse(screen.title, .notInWindow(screen: screen.title))
        }
        guard screen === topScreen else { throw refuse(screen.title, .notOnTop(screen: screen.title)) }
        let motion: Motion
        switch container {
        case .modal where index == 0: motion = .dismiss
        case .modal, .root: motion = .pop
        }
        guard index > 0 || motion == .dismiss else {
            throw refuse(screen.title, .cannotCloseRoot(screen: screen.title))
        }
        if let current = gesture, let shown = current.screen { publish(.backGesture(shown, .cancelled)) }
        gestureCount &+= 1
        let began = BackGesture(screen: screen, motion: motion, title: screen.title, number: gestureCount)
        gesture = began
        publish(.backGesture(screen, .began))
        return began
    }

    /// The user let go before the gesture went far enough (UIKit: the transition coordinator's
    /// `isCancelled`): the screen stays, and the state is exactly as it was.
    /// - Throws: `RoutingError.notInWindow` when the gesture is not the one under way or its
    ///   screen is gone; the refusal is published.
    public func backGestureCancelled(_ gesture: BackGesture) throws(RoutingError) {
        let screen = try current(gesture)
        self.gesture = nil
        publish(.backGesture(screen, .cancelled))
    }

    /// The gesture went far enough: a screen with work to lose is asked first (the front holds
    /// the gesture meanwhile), and a "no" cancels it; otherwise the screen leaves, as the front
    /// removed it (`frontRemoved(_:)`), with everything above it.
    /// - Returns: `true` when the screen left; `false` when the gesture was cancelled by a "no".
    /// - Throws: `RoutingError.notInWindow` when the gesture is not the one under way or its
    ///   screen is gone; the refusal is published and nothing changes.
    @discardableResult
    public func backGestureFinished(_ gesture: BackGesture) async throws(RoutingError) -> Bool {
        let screen = try current(gesture)
        guard await confirmLeaving(screensRemoved(byClosing: screen)) else {
            if self.gesture?.number == gesture.number { self.gesture = nil }
            publish(.backGesture(screen, .cancelled))
            return false
        }
        // The answer took time: the gesture may have been replaced, or its screen taken away.
        let still = try current(gesture)
        // The front made this removal: while it is reported, the gesture is still under way, so
        // a display hands the front nothing for it.
        // The removal and the gesture's end are one change the user sees, made by the gesture.
        let outer = cause
        cause = .gesture
        operationDepth += 1
        defer {
            operationDepth -= 1
            commit()
            cause = outer
        }
        do {
            try frontRemoved(still)
        } catch {
            self.gesture = nil
            throw error
        }
        self.gesture = nil
        publish(.backGesture(still, .finished))
        return true
    }

    /// The front's gesture under way, if any.
    public var backGestureUnderWay: BackGesture? { gesture }

    /// The screen of `gesture`, when it is the gesture under way and its screen is in the window.
    private func current(_ gesture: BackGesture) throws(RoutingError) -> any Screen {
        guard self.gesture?.number == gesture.number, let screen = gesture.screen, contains(screen) else {
            if self.gesture?.number == gesture.number { self.gesture = nil }
            throw refuse(gesture.title, .notInWindow(screen: gesture.title))
        }
        return screen
    }

    /// Publishes that a report about `title` was refused, and gives the error to throw.
    private func refuse(_ title: String, _ error: RoutingError) -> RoutingError {
        publish(.backGestureRefused(screen: title, error))
        return error
    }
}
