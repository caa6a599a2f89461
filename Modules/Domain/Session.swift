/// Who is signed in on this device. The app makes one and passes it to every module that needs
/// to know; nothing reaches it globally.
@MainActor
public final class Session {
    /// The signed-in user, or `nil` when signed out.
    public private(set) var user: User?

    /// Whether someone is signed in: `user != nil`.
    public var isSignedIn: Bool { user != nil }

    public init(user: User? = nil) {
        self.user = user
    }

    public func begin(as user: User) {
        self.user = user
    }

    public func end() {
        user = nil
    }

    /// The signed-in user.
    /// - Throws: `SessionError.signedOut` when nobody is signed in.
    public func currentUser() throws(SessionError) -> User {
        guard let user else { throw .signedOut }
        return user
    }
}

/// Why something that needs a signed-in user cannot go ahead.
public enum SessionError: Error, Hashable, Sendable, CustomStringConvertible {
    case signedOut

    public var description: String { "nobody is signed in; sign in first" }
}
