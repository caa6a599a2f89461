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
        let refusal: RoutingError? =
            switch state.position(of: screen) {
            case nil: .notInWindow(screen: screen.title)
            case _ where screen !== state.topScreen: .notOnTop(screen: screen.title)
            case (.root, 0)?: .cannotCloseRoot(screen: screen.title)
            default: nil
            }
        if let refusal {
            publish(.backGestureRefused(screen: screen.title, refusal))
            throw refusal
        }
        let motion: Motion = if case (.modal, 0)? = state.position(of: screen) { .dismiss } else { .pop }
        if let current = backGestureUnderWay, let shown = current.screen { publish(.backGesture(shown, .cancelled)) }
        let began = BackGesture(screen: screen, motion: motion, title: screen.title, number: changes)
        backGestureUnderWay = began
        publish(.backGesture(screen, .began))
        return began
    }

    /// The user let go before the gesture went far enough (UIKit: the transition coordinator's
    /// `isCancelled`): the screen stays, and the state is exactly as it was.
    /// - Throws: `RoutingError.notInWindow` when the gesture is not the one under way or its
    ///   screen is gone; the refusal is published.
    public func backGestureCancelled(_ gesture: BackGesture) throws(RoutingError) {
        let screen = try screen(of: gesture)
        backGestureUnderWay = nil
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
        let screen = try screen(of: gesture)
        guard await state.refusal(among: state.screensRemoved(byClosing: screen)) == nil else {
            if backGestureUnderWay?.number == gesture.number { backGestureUnderWay = nil }
            publish(.backGesture(screen, .cancelled))
            return false
        }
        // The answer took time: the gesture may have been replaced, or its screen taken away.
        let still = try self.screen(of: gesture)
        // While the removal is reported the gesture is still under way, so a display hands the
        // front nothing for it; the removal and the gesture's end are one change, the gesture's.
        try committing(cause: .gesture) { () throws(RoutingError) in
            defer { backGestureUnderWay = nil }
            try frontRemoved(still)
            backGestureUnderWay = nil
            publish(.backGesture(still, .finished))
        }
        return true
    }

    /// The screen of `gesture`, when it is the gesture under way and its screen is in the
    /// window; else the refusal, published.
    private func screen(of gesture: BackGesture) throws(RoutingError) -> any Screen {
        guard backGestureUnderWay?.number == gesture.number, let screen = gesture.screen, state.contains(screen) else {
            if backGestureUnderWay?.number == gesture.number { backGestureUnderWay = nil }
            publish(.backGestureRefused(screen: gesture.title, .notInWindow(screen: gesture.title)))
            throw .notInWindow(screen: gesture.title)
        }
        return screen
    }
}
