import Navigation

/// Login, declared: the sign-in screen, `login`, the gate, passed while a user is signed in and
/// closed by ending the session; and its steps, `signup` and `forgot-password`, which its
/// navigator opens from the sign-in screen through the same offers a link follows. All are
/// shown before the gate is passed, and built at once. Its screens are made by the environment's
/// `loginScreens` (Login's own by default), so a host may give Login screens of its own making.
public enum LoginFeature<Places> {}

@MainActor
extension LoginFeature: Feature where Places: LoginPlaces, Places.Environment: LoginDependencies {
    public typealias Place = LoginPlace

    public static var name: String { "Login" }

    public static func embed(_ place: LoginPlace) -> Places { .login(place) }

    public static func link(of place: LoginPlace) -> PlaceLink {
        switch place {
        case .login: PlaceLink("login")
        case .signup: PlaceLink("signup")
        case .forgotPassword: PlaceLink("forgot-password")
        }
    }

    public static func access(of place: LoginPlace) -> PlaceAccess { .unguarded }

    public static func policy(of place: LoginPlace) -> LoadPolicy? { nil }

    public static func offers(at place: LoginPlace, in environment: Places.Environment) -> [Offer<Places>] {
        guard place == .login else { return [] }
        return LoginPresenter.Action.allCases.compactMap { action -> Offer<Places>? in
            switch action {
            case .signup: Offer(action, openSignUp())
            case .forgot: Offer(action, openForgotPassword())
            case .login: nil
            }
        }
    }

    /// Login's places name no data: there is nothing to check.
    public static func check(_ place: LoginPlace, in environment: Places.Environment) async throws {}

    public static func open(_ place: LoginPlace, checking: Checking<Void>, in opening: Opening<Places>) throws
        -> ModuleLoad
    {
        let screens = opening.environment.loginScreens
        switch place {
        case .login:
            let router = LoginRouter<Places>(place: embed(place))
            let navigator = LoginNavigator(router: router)
            let view = screens.makeLogin(navigator: navigator)
            navigator.listener = view
            return try opening.open(view, of: router)
        case .signup:
            let router = Router<SignUpPresenter, Places>(place: embed(place))
            return try opening.open(
                screens.makeSignUp(end: LoginStepEnd(router: router, from: opening.source)), of: router)
        case .forgotPassword:
            let router = Router<ForgotPasswordPresenter, Places>(place: embed(place))
            let end = LoginStepEnd(router: router, from: opening.source)
            return try opening.open(screens.makeForgotPassword(end: end), of: router)
        }
    }

    /// The sign-up step, pushed over the sign-in screen, sliding up.
    static func openSignUp() -> Route<Places> {
        Route(embed(.signup), transition: LoginStepTransition())
    }

    /// The forgot-password step, pushed over the sign-in screen, sliding up.
    static func openForgotPassword() -> Route<Places> {
        Route(embed(.forgotPassword), transition: LoginStepTransition())
    }
}
