import Domain

/// What the Login presenter shows through its view.
@MainActor
protocol LoginPresentable: AnyObject {
    func show(error: String)
    func show(notice: String)
}

/// Turns what happens on the Login screen into sign-in attempts and destinations of the flow.
@MainActor
final class LoginPresenter {
    weak var view: (any LoginPresentable)?
    private let interactor: LoginInteractor
    let navigator: any LoginNavigating

    init(interactor: LoginInteractor, navigator: any LoginNavigating) {
        self.interactor = interactor
        self.navigator = navigator
    }

    /// Moves to `destination`, or shows why it cannot.
    /// - Returns: whether the flow moved.
    @discardableResult
    private func go(to destination: LoginDestination) async -> Bool {
        do {
            try await navigator.navigate(to: destination)
            return true
        } catch {
            view?.show(error: "\(error)")
            return false
        }
    }
}

extension LoginPresenter: LoginViewListener {
    func signInRequested(username: String, password: Password) async {
        let user: User
        do {
            user = try await interactor.signIn(username: username, password: password)
        } catch {
            view?.show(error: "\(error)")
            return
        }
        if await !go(to: .loginCompleted(user)) { interactor.signOut() }
    }

    func signUpRequested() async {
        await go(to: .signup)
    }

    func forgotPasswordRequested() async {
        await go(to: .forgotPassword)
    }

    func closeRequested() {
        do {
            try navigator.close()
        } catch {
            view?.show(error: "\(error)")
        }
    }
}

extension LoginPresenter: LoginStepListener {
    func stepFinished(_ outcome: LoginStepOutcome) {
        switch outcome {
        case .accountCreated(let id):
            view?.show(notice: "Account \(id) created. Sign in with: login \(id.rawValue)")
        case .passwordResetRequested(let username):
            view?.show(
                notice: "If the account \"\(username)\" exists, a password-reset link is on its way to its email.")
        }
    }
}
