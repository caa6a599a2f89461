import Domain
import Navigation

/// Moves the Login flow to one of its destinations: what the Login presenter does when the user
/// types signup.
@MainActor
public protocol LoginFlowNavigating: AnyObject {
    /// - Throws: the router's error when the destination cannot be shown.
    func navigate(to destination: LoginDestination) async throws
}

/// The sign-in screen: turns what happens there into sign-in attempts and destinations of the
/// flow. The password is asked for as a secret, on its own, and goes straight into a `Password`,
/// which never prints itself.
@MainActor
public final class LoginPresenter: ScreenPresenter {
    public enum Action: String, ScreenAction {
        case login, signup, forgot

        public var argument: ActionArgument { self == .login ? .text("<username>") : .none }

        public var summary: String {
            switch self {
            case .login: "sign in; the password is asked for next, and not shown"
            case .signup: "create an account"
            case .forgot: "get a link to reset your password"
            }
        }
    }

    public let title = LoginPlace.login.title
    public let feedback = ScreenFeedback()
    public let lines: [ScreenContent.Line] = [
        .text("Sign in to see your friends and chats."),
        .text("New here? Sign up. Forgot your password? Ask for a reset link."),
    ]
    private let interactor: LoginInteractor
    /// The flow it runs: a link to a step of the flow goes through it too.
    let navigator: any LoginFlowNavigating
    private let prompt: any UserPrompt

    init(interactor: LoginInteractor, navigator: any LoginFlowNavigating, prompt: any UserPrompt) {
        self.interactor = interactor
        self.navigator = navigator
        self.prompt = prompt
    }

    public func perform(_ action: Action, argument: String) async {
        switch action {
        case .login:
            let words = argument.split(separator: " ")
            guard let username = words.first else {
                return feedback.error(InputRefused("login needs a username: login <username>"))
            }
            guard words.count == 1 else {
                return feedback.error(InputRefused("a username is one word, with no spaces; try again"))
            }
            guard let password = await prompt.secret("Password") else { return }
            await signIn(username: String(username), password: Password(password))
        case .signup:
            await go(to: .signup)
        case .forgot:
            await go(to: .forgotPassword)
        }
    }

    private func signIn(username: String, password: Password) async {
        let user: User
        do {
            user = try await interactor.signIn(username: username, password: password)
        } catch {
            return feedback.error(error)
        }
        if await !go(to: .loginCompleted(user)) { interactor.signOut() }
    }

    /// Moves to `destination`, or says why it cannot.
    /// - Returns: whether the flow moved.
    @discardableResult
    private func go(to destination: LoginDestination) async -> Bool {
        do {
            try await navigator.navigate(to: destination)
            return true
        } catch {
            feedback.error(error)
            return false
        }
    }
}

extension LoginPresenter: LoginStepListener {
    func stepFinished(_ outcome: LoginStepOutcome) {
        switch outcome {
        case .accountCreated(let id):
            feedback.notice("Account \(id) created. Sign in with: login \(id.rawValue)")
        case .passwordResetRequested(let username):
            feedback.notice("If the account \"\(username)\" exists, a password-reset link is on its way to its email.")
        }
    }
}
