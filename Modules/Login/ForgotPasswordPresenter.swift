import Domain
import Navigation

/// Asks for a password-reset link for a username, then hands control back to the Login flow.
@MainActor
public final class ForgotPasswordPresenter: ScreenPresenter {
    public enum Action: String, ScreenAction {
        case reset

        public var argument: ActionArgument { .text("<username>") }
        public var summary: String { "send the reset link for that account" }
    }

    public let title = LoginPlace.forgotPassword.title
    public let feedback = ScreenFeedback()
    public let lines: [ScreenContent.Line] = [
        .text("Give your username, and a link to choose a new password goes to your email.")
    ]
    private let interactor: LoginInteractor
    private let end: LoginStepEnd

    init(interactor: LoginInteractor, end: LoginStepEnd) {
        self.interactor = interactor
        self.end = end
    }

    public func perform(_ action: Action, argument: String) async {
        let words = argument.split(separator: " ")
        guard words.count == 1 else {
            return feedback.error(InputRefused("reset needs one username: reset <username>"))
        }
        let username = argument.lowercased()
        await interactor.requestPasswordReset(username: username)
        do { try end.finish(with: .passwordResetRequested(username)) } catch { feedback.error(error) }
    }
}
