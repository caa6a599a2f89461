import Domain
import Navigation

/// How a step of the Login flow ended.
enum LoginStepOutcome: Hashable, Sendable {
    case accountCreated(UserID)
    case passwordResetRequested(String)
}

/// Who hears that a step of the Login flow finished: the Login presenter (the parent that a
/// child hands control back to).
@MainActor
protocol LoginStepListener: AnyObject {
    func stepFinished(_ outcome: LoginStepOutcome)
}

/// How a step of the flow ends: its module closes, then the flow hears how it went.
@MainActor
public struct LoginStepEnd {
    let router: any Closable
    weak var listener: (any LoginStepListener)?

    /// The end of a step whose module is `router`'s, opened from `source`: the flow's screen,
    /// which hears how the step went when it listens (the sign-in screen does).
    init(router: any Closable, from source: (any Screen)?) {
        self.router = router
        listener = source as? any LoginStepListener
    }

    /// Closes the step, then reports `outcome` to the flow.
    /// - Throws: what closing throws; nothing is reported then.
    func finish(with outcome: LoginStepOutcome) throws(RoutingError) {
        try router.close()
        listener?.stepFinished(outcome)
    }
}
