import Domain
import Routing

/// Turns the sign-up form into a new account, then hands control back to the Login flow.
@MainActor
final class SignUpPresenter {
    weak var view: (any LoginStepPresentable)?
    private let interactor: LoginInteractor
    let router: any LoginStepRouting

    init(interactor: LoginInteractor, router: any LoginStepRouting) {
        self.interactor = interactor
        self.router = router
    }
}

extension SignUpPresenter: SignUpViewListener {
    func createRequested(username: String, name: String, password: Password) async {
        do {
            let user = try await interactor.signUp(username: username, name: name, password: password)
            try router.finish(with: .accountCreated(user.id))
        } catch {
            view?.show(error: "\(error)")
        }
    }

    func closeRequested() {
        do {
            try router.close()
        } catch {
            view?.show(error: "\(error)")
        }
    }
}
