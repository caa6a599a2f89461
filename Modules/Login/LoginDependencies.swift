import Domain

/// What the Login module asks of the app, and nothing else: the calls it makes (a builder's
/// dependency, as in RIBs, narrowed to the calls), the session and the prompt. A route that opens
/// Login hands them on (`dependencies`); any type that makes them serves: Domain's `Services`
/// (declared below), a test's, or another program's that reuses Login alone and fakes only these.
@MainActor
public protocol LoginDependencies {
    /// Who is signed in; Login begins it.
    var session: Session { get }
    /// Asks for the password, as a secret the front does not show.
    var prompt: any UserPrompt { get }
    /// Checks a username and password.
    /// - Returns: the user they belong to.
    /// - Throws: `AuthError.wrongCredentials` with the attempts left, or `.locked`.
    func signIn(username: String, password: Password) async throws(AuthError) -> User
    /// Creates an account.
    /// - Returns: the new user.
    /// - Throws: `AuthError` naming the field that is wrong, or `.usernameTaken`.
    func signUp(username: String, name: String, password: Password) async throws(AuthError) -> User
    /// Sends a password-reset link to the account's owner, if the account exists.
    func requestPasswordReset(username: String) async
    /// Makes Login's screens; Login's own by default (`StandardLoginScreens`).
    var loginScreens: any LoginScreenFactory { get }
}

extension LoginDependencies {
    public var loginScreens: any LoginScreenFactory { StandardLoginScreens(dependencies: self) }
}

extension Services: LoginDependencies {}
