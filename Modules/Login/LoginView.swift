import Console
import Domain

/// What the Login screen tells its presenter.
@MainActor
protocol LoginViewListener: AnyObject {
    func signInRequested(username: String, password: Password) async
    func signUpRequested() async
    func forgotPasswordRequested() async
    func closeRequested()
}

/// The sign-in screen. The password is read as a secret on its own line and goes straight into
/// a `Password`, which never prints itself.
public final class LoginView: ConsoleScreen {
    public let title = "Login"
    public var feedback = ScreenFeedback()
    public let body = [
        "Sign in to see your friends and chats.",
        "New here? Type signup. Forgot your password? Type forgot.",
    ]
    public let commands = [
        CommandSpec("login", "<username>", summary: "sign in; the password is asked for next, and not shown"),
        CommandSpec("signup", summary: "create an account"),
        CommandSpec("forgot", summary: "get a link to reset your password"),
    ]

    let listener: any LoginViewListener

    init(listener: any LoginViewListener) {
        self.listener = listener
    }

    public func handle(_ command: Command, in context: any CommandContext) async {
        switch command.name {
        case "login":
            guard let username = command.words.first else {
                return feedback.error("login needs a username: login <username>")
            }
            guard command.words.count == 1 else {
                return feedback.error("a username is one word; type login <username>")
            }
            guard let password = context.readSecret(prompt: "Password") else { return }
            await listener.signInRequested(username: String(username), password: Password(password))
        case "signup":
            await listener.signUpRequested()
        case "forgot":
            await listener.forgotPasswordRequested()
        default:
            feedback.error("Login has no command \"\(command.name)\"; type help to list its commands")
        }
    }

    public func backRequested() async {
        listener.closeRequested()
    }
}

extension LoginView: LoginPresentable {
    func show(error: String) {
        feedback.error(error)
    }

    func show(notice: String) {
        feedback.notice(notice)
    }
}
