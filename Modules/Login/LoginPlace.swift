import Domain
import Navigation

/// The places Login's screens show.
public enum LoginPlace: FeaturePlace {
    /// The sign-in screen: the gate a signed-in place waits behind.
    case login
    /// The sign-up step, over the sign-in screen.
    case signup
    /// The forgot-password step, over the sign-in screen.
    case forgotPassword

    public var title: String {
        switch self {
        case .login: "Login"
        case .signup: "Sign up"
        case .forgotPassword: "Forgot password"
        }
    }
}

/// The app's places, which embed Login's: App's enum has a case for them
/// (`case login(LoginPlace)`), which is this protocol's requirement.
public protocol LoginPlaces: AppPlaces {
    static func login(_ place: LoginPlace) -> Self
}

extension LoginPlaces where Environment: LoginDependencies {
    /// Login's sign-in screen: the app's gate (`AppPlaces.gate`).
    public static var loginGate: Self { .login(.login) }

    /// Who is signed in: who passed the gate.
    @MainActor public static func passer(in environment: Environment) -> GatePasser? {
        environment.session.user.map { GatePasser(key: $0.id.rawValue, name: "\($0.id)") }
    }

    /// Ends the session: the gate closes behind the user.
    @MainActor public static func closeGate(in environment: Environment) {
        environment.session.end()
    }
}
