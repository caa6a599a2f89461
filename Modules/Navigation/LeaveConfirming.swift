/// A module that may hold work leaving would lose (an editor with unsaved changes): the window
/// asks it before its screen is taken away in any way (`back`, a tab switch, a link's plan, a
/// sign-out, a front's own dismissal it can still refuse). The screen adopts it, or its router
/// does and says so in `leaveConfirming`. Asking is asynchronous; a refusal changes nothing.
@MainActor
public protocol LeaveConfirming: AnyObject {
    /// Whether taking the screen away now would lose something, read without asking: by plans,
    /// `explain`, and a front before a gesture (UIKit's `isModalInPresentation`).
    var asksBeforeLeaving: Bool { get }

    /// Asks whether the module's screen may leave; called only while `asksBeforeLeaving`.
    /// - Returns: `true` to let it go (the work is given up), `false` to stay.
    func confirmLeaving() async -> Bool
}
