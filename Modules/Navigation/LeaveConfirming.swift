/// A module that may hold work leaving would lose (an editor with unsaved changes): the window
/// asks it before its screen is taken away, however that happens: `back`, a close, a tab switch
/// that closes the modals, a link's plan, a new root (sign-out), or a change the front makes by
/// itself where the front can still refuse it (an interactive dismissal).
///
/// A screen (its presenter) adopts it; or the module's router does, and says so in its
/// `leaveConfirming` (`override var leaveConfirming: (any LeaveConfirming)? { self }`).
/// Asking is asynchronous (a front shows a question and waits for the answer) and allows or
/// refuses; a refusal leaves the window exactly as it was.
@MainActor
public protocol LeaveConfirming: AnyObject {
    /// Whether taking the module's screen away now would lose something, so that
    /// `confirmLeaving()` would ask. Read without asking: by plans, by `explain`, and by a front
    /// that must know before a gesture starts (UIKit's `isModalInPresentation`).
    var asksBeforeLeaving: Bool { get }

    /// Asks whether the module's screen may leave; called only while `asksBeforeLeaving`.
    /// - Returns: `true` to let it go (the work is given up), `false` to stay.
    func confirmLeaving() async -> Bool
}

extension Closable {
    /// Closes without asking: what a closable that is not a `Router` (a test's spy) does.
    /// - Returns: `true`, once closed.
    /// - Throws: what `close()` throws.
    public func closeAsking() async throws(RoutingError) -> Bool {
        try close()
        return true
    }
}

extension Router {
    /// Closes the module after asking every screen that would leave with it (its own, and any
    /// above it) that has work to lose: what `back` calls.
    /// - Returns: `false` when one refused: nothing changed.
    /// - Throws: what `close()` throws.
    public func closeAsking() async throws(RoutingError) -> Bool {
        if let view = sourceScreen, let window,
            await window.state.refusal(among: window.state.screensRemoved(byClosing: view)) != nil
        {
            return false
        }
        try close()
        return true
    }
}
