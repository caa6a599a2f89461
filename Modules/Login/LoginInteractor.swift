import Domain

/// Login's business rules: signing in starts the session; signing up creates an account but
/// leaves the user signed out; a reset request goes to the auth service.
@MainActor
struct LoginInteractor {
    let auth: any AuthService
    let session: Session

    /// Checks the credentials and, if they hold, starts the session.
    /// - Throws: `AuthError` when the fields are empty, the credentials are wrong, or sign-in
    ///   for that username is locked.
    func signIn(username: String, password: Password) async throws(AuthError) -> User {
        guard !username.isEmpty else { throw .missingUsername }
        guard !password.isEmpty else { throw .missingPassword }
        let user = try await auth.signIn(username: username, password: password)
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
        try await auth.signUp(username: username, name: name, password: password)
    }

    func requestPasswordReset(username: String) async {
        await auth.requestPasswordReset(username: username)
    }
}
