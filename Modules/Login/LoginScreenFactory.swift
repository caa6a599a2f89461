import Domain
import Navigation

/// Makes the screens of the Login flow (the coordinator's factories): the environment hands one
/// to Login (`LoginDependencies.loginScreens`), so a host can give Login screens of its own making
/// (other interactors, other services), and a test can record which screens the flow makes.
@MainActor
public protocol LoginScreenFactory {
    /// The sign-in screen; `navigator` is the flow it runs.
    func makeLogin(navigator: any LoginFlowNavigating) -> LoginPresenter
    /// The sign-up step, which ends through `end`.
    func makeSignUp(end: LoginStepEnd) -> SignUpPresenter
    /// The forgot-password step, which ends through `end`.
    func makeForgotPassword(end: LoginStepEnd) -> ForgotPasswordPresenter
}

/// The Login flow's own screens, each with its interactor and presenter over `dependencies`.
@MainActor
public struct StandardLoginScreens: LoginScreenFactory {
    let dependencies: any LoginDependencies

    public init(dependencies: any LoginDependencies) {
        self.dependencies = dependencies
    }

    private var interactor: LoginInteractor {
        LoginInteractor(dependencies: dependencies)
    }

    public func makeLogin(navigator: any LoginFlowNavigating) -> LoginPresenter {
        LoginPresenter(interactor: interactor, navigator: navigator, prompt: dependencies.prompt)
    }

    public func makeSignUp(end: LoginStepEnd) -> SignUpPresenter {
        SignUpPresenter(interactor: interactor, end: end, prompt: dependencies.prompt)
    }

    public func makeForgotPassword(end: LoginStepEnd) -> ForgotPasswordPresenter {
        ForgotPasswordPresenter(interactor: interactor, end: end)
    }
}
