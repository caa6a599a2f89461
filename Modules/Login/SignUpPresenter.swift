import Domain
import Navigation

/// The sign-up form: a username and a name on one line, then the password on its own, hidden.
/// A new account hands control back to the Login flow.
@MainActor
public final class SignUpPresenter: ScreenPresenter {
    public enum Action: String, ScreenAction {
        case create

        public var argument: ActionArgument { .text("<username> <full name>") }
        public var summary: String { "create the account; the password is asked for next" }
    }

    public let title = LoginPlace.signup.title
    public let feedback = ScreenFeedback()
    public let lines: [ScreenContent.Line] = [
        .text("Create an account; your friends find you by your username."),
        .text("Usernames: 3 to 20 of a-z, 0-9, \".\", \"_\", \"-\", starting with a letter."),
        .text("Passwords: at least 6 characters."),
    ]
    private let interactor: LoginInteractor
    private let end: LoginStepEnd
    private let prompt: any UserPrompt

    init(interactor: LoginInteractor, end: LoginStepEnd, prompt: any UserPrompt) {
        self.interactor = interactor
        self.end = end
        self.prompt = prompt
    }

    public func perform(_ action: Action, argument: String) async {
        let words = argument.split(separator: " ")
        guard words.count >= 2 else {
            return feedback.error(InputRefused("create needs a username and a name: create <username> <full name>"))
        }
        guard let password = await prompt.secret("Password") else { return }
        do {
            let user = try await interactor.signUp(
                username: String(words[0]), name: words.dropFirst().joined(separator: " "), password: Password(password)
            )
            try end.finish(with: .accountCreated(user.id))
        } catch {
            feedback.error(error)
        }
    }
}
