import Routing

/// Asks for a password-reset link, then hands control back to the Login flow.
@MainActor
final class ForgotPasswordPresenter {
    weak var view: (any LoginStepPresentable)?
    private let interactor: LoginInteractor
    let router: any LoginStepRouting

    init(interactor: LoginInteractor, router: any LoginStepRouting) {
        self.interactor = interactor
        self.router = router
    }
}

extension ForgotPasswordPresenter: ForgotPasswordViewListener {
    func resetRequested(username: String) async {
        await interactor.requestPasswordReset(username: username)
        do {
            try router.finish(with: .passwordResetRequested(username))
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
