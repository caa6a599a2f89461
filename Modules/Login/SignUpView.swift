import Console
import Domain

/// What the sign-up screen tells its presenter.
@MainActor
protocol SignUpViewListener: AnyObject {
    func createRequested(username: String, name: String, password: Password) async
    func closeRequested()
}

/// The sign-up form: a username and a name on one line, then the password on its own, hidden.
public final class SignUpView: ConsoleScreen {
    public let title = "Sign up"
    public var feedback = ScreenFeedback()
    public let body = [
        "Create an account; your friends find you by your username.",
        "Usernames: 3 to 20 of a-z, 0-9, \".\", \"_\", \"-\", starting with a letter.",
        "Passwords: at least 6 characters.",
    ]
    public let commands = [
        CommandSpec("create", "<username> <full name>", summary: "create the account; the password is asked for next")
    ]

    let listener: any SignUpViewListener

    init(listener: any SignUpViewListener) {
        self.listener = listener
    }

    public func handle(_ command: Command, in context: any CommandContext) async {
        let words = command.words
        guard command.name == "create", words.count >= 2 else {
            return feedback.error("create needs a username and a name: create <username> <full name>")
        }
        guard let password = context.readSecret(prompt: "Password") else { return }
        await listener.createRequested(
            username: String(words[0]),
            name: words.dropFirst().joined(separator: " "),
            password: Password(password)
        )
    }

    public func backRequested() async {
        listener.closeRequested()
    }
}

extension SignUpView: LoginStepPresentable {
    func show(error: String) {
        feedback.error(error)
    }
}
