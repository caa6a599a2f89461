/// A going-back gesture the front drives: an interactive pop (a swipe from the edge, ← on the
/// full-screen terminal) or a sheet pulled down. The front reports it in typed events
/// (`Window.backGestureBegan(on:)`, `…Cancelled(_:)`, `…Finished(_:)`); a cancelled one changes
/// nothing, and a screen with unsaved work is asked before one finishes.
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
    /// The front began a going-back gesture on `screen`, on top: it animates it, and the window
    /// changes nothing until the front says how it ended. One under way elsewhere is cancelled.
    /// - Returns: the gesture, to report its end with.
    /// - Throws: `RoutingError.notInWindow`, `.notOnTop`, `.cannotCloseRoot` (a root stack's
    ///   first); each refusal is published (`.backGestureRefused`).
    public func backGestureBegan(on screen: any Screen) throws(RoutingError) -> BackGesture {
        let refusal: RoutingError? =
            switch state.screens.position(of: screen) {
            case nil: .notInWindow(screen: screen.title)
            case _ where screen !== state.screens.topScreen: .notOnTop(screen: screen.title)
            case (.root, 0)?: .cannotCloseRoot(screen: screen.title)
            default: nil
            }
        if let refusal {
            publish(.backGestureRefused(screen: screen.title, refusal))
            throw refusal
        }
        let motion: Motion = if case (.modal, 0)? = state.screens.position(of: screen) { .dismiss } else { .pop }
        if let current = backGestureUnderWay, let shown = current.screen { publish(.backGesture(shown, .cancelled)) }
        let began = BackGesture(screen: screen, motion: motion, title: screen.title, number: changes)
        backGestureUnderWay = began
        publish(.backGesture(screen, .began))
        return began
    }

    /// The user let go too early (UIKit: the coordinator's `isCancelled`): nothing changes.
    /// - Throws: `RoutingError.notInWindow` for a gesture not under way or a screen gone.
    public func backGestureCancelled(_ gesture: BackGesture) throws(RoutingError) {
        let screen = try screen(of: gesture)
        backGestureUnderWay = nil
        publish(.backGesture(screen, .cancelled))
    }

    /// The gesture went far enough: a screen with work to lose is asked first (the front holds
    /// the gesture), and a "no" cancels it; else the screen leaves with everything above it.
    /// - Returns: `true` when the screen left; `false` when a "no" cancelled the gesture.
    /// - Throws: `RoutingError.notInWindow` for a gesture not under way or a screen gone
    ///   (published; nothing changes).
    @discardableResult
    public func backGestureFinished(_ gesture: BackGesture) async throws(RoutingError) -> Bool {
        let screen = try screen(of: gesture)
        guard await state.screens.refusal(among: state.screens.screensRemoved(byClosing: screen)) == nil else {
            if backGestureUnderWay?.number == gesture.number { backGestureUnderWay = nil }
            publish(.backGesture(screen, .cancelled))
            return false
        }
        // The answer took time: the gesture may have been replaced, or its screen taken away.
        let still = try self.screen(of: gesture)
        // The removal and the gesture's end are one change, the gesture's.
        try committing(cause: .gesture) { () throws(RoutingError) in
            defer { backGestureUnderWay = nil }
            try frontRemoved(still)
            backGestureUnderWay = nil
            publish(.backGesture(still, .finished))
        }
        return true
    }

    /// The screen of `gesture`, when it is the one under way and its screen is here; else the
    /// refusal, published.
    private func screen(of gesture: BackGesture) throws(RoutingError) -> any Screen {
        guard backGestureUnderWay?.number == gesture.number, let screen = gesture.screen, state.screens.contains(screen)
        else {
            if backGestureUnderWay?.number == gesture.number { backGestureUnderWay = nil }
            publish(.backGestureRefused(screen: gesture.title, .notInWindow(screen: gesture.title)))
            throw .notInWindow(screen: gesture.title)
        }
        return screen
    }
}
