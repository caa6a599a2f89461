import Domain

/// Makes the screens of the Login flow, each with its interactor, presenter and router
/// (the coordinator's factory: the router assembles screens with their dependencies).
@MainActor
struct LoginScreenFactory {
    let dependencies: Dependencies

    private var interactor: LoginInteractor {
        LoginInteractor(auth: dependencies.auth, session: dependencies.session)
    }

    func makeLogin(router: any LoginModuleRouter) -> LoginView {
        let navigator = LoginNavigator(router: router, factory: self)
        let presenter = LoginPresenter(interactor: interactor, navigator: navigator)
        navigator.listener = presenter
        router.navigator = navigator
        let view = LoginView(listener: presenter)
        presenter.view = view
        return view
    }

    func makeSignUp() -> (view: SignUpView, router: LoginStepRouter<SignUpView>) {
        let router = LoginStepRouter<SignUpView>()
        let presenter = SignUpPresenter(interactor: interactor, router: router)
        let view = SignUpView(listener: presenter)
        presenter.view = view
        return (view, router)
    }

    func makeForgotPassword() -> (view: ForgotPasswordView, router: LoginStepRouter<ForgotPasswordView>) {
        let router = LoginStepRouter<ForgotPasswordView>()
        let presenter = ForgotPasswordPresenter(interactor: interactor, router: router)
        let view = ForgotPasswordView(listener: presenter)
        presenter.view = view
        return (view, router)
    }
}
