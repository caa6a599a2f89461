/// Accounts: signing in, signing up, and asking for a password reset.
public protocol AuthService: Sendable {
    /// Checks a username and password.
    /// - Returns: the user they belong to.
    /// - Throws: `AuthError.wrongCredentials` with the attempts left, or `.locked` once too many
    ///   attempts for that username have failed.
    func signIn(username: String, password: Password) async throws(AuthError) -> User

    /// Creates an account.
    /// - Returns: the new user, who has no friends yet.
    /// - Throws: `AuthError` naming the field that is wrong, or `.usernameTaken`.
    func signUp(username: String, name: String, password: Password) async throws(AuthError) -> User

    /// Sends a password-reset link to the account's owner, if the account exists. It says nothing
    /// either way, so nobody can probe which usernames exist.
    func requestPasswordReset(username: String) async
}

/// Why signing in or up failed.
public enum AuthError: Error, Hashable, Sendable {
    case missingUsername
    case missingPassword
    /// No account with that username and password. After `attemptsLeft` more failures, sign-in
    /// for that username is locked for `lockMinutes`.
    case wrongCredentials(username: String, attemptsLeft: Int, lockMinutes: Int)
    /// Too many failed attempts for that username; sign-in is refused for `minutes` more.
    case locked(username: String, minutes: Int)
    /// So many usernames failed to sign in lately that no more can be tracked; sign-in for
    /// any other username is refused for `minutes` more. It says nothing of the account.
    case signInPaused(minutes: Int)
    case invalidUsername(UserID.Problem)
    case missingName
    case nameTooLong(limit: Int)
    case passwordTooShort(minimum: Int)
    case usernameTaken(UserID)
    /// The backend could not read or write its storage; the words say what to do.
    case storage(String)
}

extension AuthError: CustomStringConvertible {
    public var description: String {
        switch self {
        case .missingUsername:
            "the username is empty; type the username you signed up with"
        case .missingPassword:
            "the password is empty; sign in again and type your password"
        case .wrongCredentials(let username, 0, let minutes):
            "wrong username or password; that was the last attempt, so sign-in for \"\(username)\" is locked for \(minutes) minutes"
        case .wrongCredentials(_, let left, let minutes):
            "wrong username or password; \(left) more failed \(left == 1 ? "attempt locks" : "attempts lock") sign-in for \(minutes) minutes"
        case .locked(let username, let minutes):
            "sign-in for \"\(username)\" is locked after too many failed attempts; try again in \(minutes) \(minutes == 1 ? "minute" : "minutes"), or reset the password"
        case .signInPaused(let minutes):
            "sign-in is paused after many failed attempts on many accounts; try again in \(minutes) \(minutes == 1 ? "minute" : "minutes")"
        case .invalidUsername(let problem):
            "\(problem)"
        case .missingName:
            "the name is empty; type the name your friends know you by"
        case .nameTooLong(let limit):
            "the name is longer than \(limit) characters; shorten it"
        case .passwordTooShort(let minimum):
            "the password is shorter than \(minimum) characters; choose a longer one"
        case .usernameTaken(let id):
            "the username \(id) is taken; choose another one"
        case .storage(let words):
            words
        }
    }
}
