import Domain
import Routing

/// Makes the screens of the Login flow, each with its interactor, presenter and router
/// (the coordinator's factory: the router assembles screens with their dependencies).
@MainActor
struct LoginScreenFactory {
    let dependencies: any LoginDependencies

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

    func makeSignUp(place: AnyPlace) -> (view: SignUpView, router: LoginStepRouter<SignUpView>) {
        let router = LoginStepRouter<SignUpView>(place: place)
        let presenter = SignUpPresenter(interactor: interactor, router: router)
        let view = SignUpView(listener: presenter)
        presenter.view = view
        return (view, router)
    }

    func makeForgotPassword(place: AnyPlace) -> (view: ForgotPasswordView, router: LoginStepRouter<ForgotPasswordView>)
    {
        let router = LoginStepRouter<ForgotPasswordView>(place: place)
        let presenter = ForgotPasswordPresenter(interactor: interactor, router: router)
        let view = ForgotPasswordView(listener: presenter)
        presenter.view = view
        return (view, router)
    }
}
