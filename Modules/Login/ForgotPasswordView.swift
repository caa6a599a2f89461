import Console

/// What the forgot-password screen tells its presenter.
@MainActor
protocol ForgotPasswordViewListener: AnyObject {
    func resetRequested(username: String) async
    func closeRequested()
}

/// Asks for the username whose password should be reset.
public final class ForgotPasswordView: ConsoleScreen {
    public let title = "Forgot password"
    public var feedback = ScreenFeedback()
    public let body = ["Type your username, and a link to choose a new password goes to your email."]
    public let commands = [CommandSpec("reset", "<username>", summary: "send the reset link for that account")]

    let listener: any ForgotPasswordViewListener

    init(listener: any ForgotPasswordViewListener) {
        self.listener = listener
    }

    public func handle(_ command: Command, in context: any CommandContext) async {
        guard command.name == "reset", command.words.count == 1 else {
            return feedback.error("reset needs one username: reset <username>")
        }
        await listener.resetRequested(username: command.argument.lowercased())
    }

    public func backRequested() async {
        listener.closeRequested()
    }
}

extension ForgotPasswordView: LoginStepPresentable {
    func show(error: String) {
        feedback.error(error)
    }
}
