/// The rules every backend applies to what it is asked to keep: the in-memory one and the
/// SQLite store check the same way, so a feature sees the same errors from either.
public enum Rules {
    public static let minimumPasswordLength = 6
    public static let nameLimit = 40
    public static let messageLimit = 1_000
    public static let bioLimit = 160

    /// A new account's handle, checked (whether it is taken is the backend's to say, next).
    /// - Returns: the handle.
    /// - Throws: `AuthError.invalidUsername`.
    public static func newUsername(_ username: String) throws(AuthError) -> UserID {
        do { return try UserID(validating: username) } catch { throw .invalidUsername(error) }
    }

    /// A new account's display name and password, checked.
    /// - Returns: the name without surrounding spaces.
    /// - Throws: `AuthError` naming the first field that is wrong.
    public static func newAccount(name: String, password: Password) throws(AuthError) -> String {
        let name = String(name.trimmingWhitespace())
        guard !name.isEmpty else { throw .missingName }
        guard name.count <= nameLimit else { throw .nameTooLong(limit: nameLimit) }
        guard password.count >= minimumPasswordLength else { throw .passwordTooShort(minimum: minimumPasswordLength) }
        return name
    }

    /// The username a sign-in names: trimmed and lowercased, the key its failures count under.
    /// - Returns: the key.
    /// - Throws: `AuthError.missingUsername` or `.missingPassword`.
    public static func signInKey(username: String, password: Password) throws(AuthError) -> String {
        let key = key(of: username)
        guard !key.isEmpty else { throw .missingUsername }
        guard !password.isEmpty else { throw .missingPassword }
        return key
    }

    /// A username as typed, trimmed and lowercased: the key an account is found by.
    public static func key(of username: String) -> String { username.trimmingWhitespace().lowercased() }

    /// A message's text, checked.
    /// - Returns: the text without surrounding spaces.
    /// - Throws: `ServiceError.emptyMessage` or `.messageTooLong`.
    public static func message(_ text: String) throws(ServiceError) -> String {
        let text = String(text.trimmingWhitespace())
        guard !text.isEmpty else { throw .emptyMessage }
        guard text.count <= messageLimit else { throw .messageTooLong(length: text.count, limit: messageLimit) }
        return text
    }

    /// A bio, checked.
    /// - Returns: the bio without surrounding spaces.
    /// - Throws: `ServiceError.bioTooLong`.
    public static func bio(_ bio: String) throws(ServiceError) -> String {
        let bio = String(bio.trimmingWhitespace())
        guard bio.count <= bioLimit else { throw .bioTooLong(length: bio.count, limit: bioLimit) }
        return bio
    }

    /// Whole minutes, rounded up, at least one: how long a lock is said to last.
    public static func minutes(in duration: Duration) -> Int {
        let (seconds, attoseconds) = duration.components
        let wholeSeconds = seconds + (attoseconds > 0 ? 1 : 0)
        return max(1, Int((wholeSeconds + 59) / 60))
    }
}
