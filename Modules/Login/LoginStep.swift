import Domain
import Routing

/// How a step of the Login flow ended.
enum LoginStepOutcome: Hashable, Sendable {
    case accountCreated(UserID)
    case passwordResetRequested(String)
}

/// Who hears that a step of the Login flow finished: the Login presenter (the parent
/// that a child hands control back to).
@MainActor
protocol LoginStepListener: AnyObject {
    func stepFinished(_ outcome: LoginStepOutcome)
}

/// What the presenter of a step needs from its router: go back, or finish and report.
@MainActor
protocol LoginStepRouting: Closable {
    /// Closes the step and reports `outcome` to the flow.
    func finish(with outcome: LoginStepOutcome) throws(RoutingError)
}

/// What the presenter of a step shows through its view.
@MainActor
protocol LoginStepPresentable: AnyObject {
    func show(error: String)
}

/// The router of a step inside the Login flow (sign-up, forgot password): opened by the flow's
/// navigator; finishing closes the step, then hands control back to the flow.
final class LoginStepRouter<V: Screen>: Router<V>, LoginStepRouting {
    var onFinish: ((LoginStepOutcome) -> Void)?

    func finish(with outcome: LoginStepOutcome) throws(RoutingError) {
        try close()
        onFinish?(outcome)
    }
}
