import Domain

/// Login's business rules: signing in starts the session; signing up creates an account but
/// leaves the user signed out; a reset request goes to the auth service.
@MainActor
struct LoginInteractor {
    let dependencies: any LoginDependencies
    var session: Session { dependencies.session }

    /// Checks the credentials and, if they hold, starts the session.
    /// - Throws: `AuthError` when the fields are empty, the credentials are wrong, or sign-in
    ///   for that username is locked.
    func signIn(username: String, password: Password) async throws(AuthError) -> User {
        guard !username.isEmpty else { throw .missingUsername }
        guard !password.isEmpty else { throw .missingPassword }
        let user = try await dependencies.signIn(username: username, password: password)
        session.begin(as: user)
        return user
    }

    /// Ends a session that was started but could not be used.
    func signOut() {
        session.end()
    }

    /// Creates an account.
    /// - Throws: `AuthError` naming what is wrong.
    func signUp(username: String, name: String, password: Password) async throws(AuthError) -> User {
        try await dependencies.signUp(username: username, name: name, password: password)
    }

    func requestPasswordReset(username: String) async {
        await dependencies.requestPasswordReset(username: username)
    }
}
