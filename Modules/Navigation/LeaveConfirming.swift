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

extension Window {
    /// The screens among `screens` whose routers would ask before they leave, in the order
    /// given.
    public func screensAsking(among screens: [any Screen]) -> [any Screen] {
        var asking: [any Screen] = []
        for screen in screens where asker(of: screen)?.asksBeforeLeaving == true { asking.append(screen) }
        return asking
    }

    /// Who answers for `screen` before it leaves: its router, if it asks, else the screen.
    func asker(of screen: any Screen) -> (any LeaveConfirming)? {
        router(of: screen)?.leaveConfirming ?? screen.leaveConfirming
    }

    /// Asks, top-most first, every router among `screens`' that would ask, until one refuses.
    /// Nothing changes while it asks: the caller removes the screens only if all allowed.
    /// - Parameter screens: the screens a change would remove, bottom first.
    /// - Returns: whether every one of them may leave.
    func confirmLeaving(_ screens: [any Screen]) async -> Bool {
        await refusal(among: screens) == nil
    }

    /// Asks as `confirmLeaving(_:)` does.
    /// - Returns: the screen whose router refused; `nil` when all allowed.
    public func refusal(among screens: [any Screen]) async -> (any Screen)? {
        for screen in screens.reversed() {
            guard let asking = asker(of: screen), asking.asksBeforeLeaving else { continue }
            guard await asking.confirmLeaving() else { return screen }
        }
        return nil
    }

    /// The screens closing `screen` would remove: it, every screen pushed above it in its
    /// stack, and every modal presented from those; bottom first. Empty when `screen` is not in
    /// the window.
    func screensRemoved(byClosing screen: any Screen) -> [any Screen] {
        guard let found = position(of: screen) else { return [] }
        let leaving = entries(in: found.container)[found.index...].map { $0.screen }
        guard let presented = firstModal(presentedFrom: found.container, at: found.index) else { return leaving }
        return leaving + modals[presented...].flatMap { $0.screens }
    }
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
        if let view, let window, !(await window.confirmLeaving(window.screensRemoved(byClosing: view))) {
            return false
        }
        try close()
        return true
    }
}
