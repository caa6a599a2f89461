import Domain

/// Friends' business rules: whose list it is, loading it, and ending the session.
@MainActor
struct FriendsInteractor {
    /// The signed-in user whose friends these are.
    let user: User
    let users: any UserService
    let session: Session

    /// The user's friends, sorted by name.
    func friends() async throws(ServiceError) -> [User] {
        try await users.friends(of: user.id)
    }

    func signOut() {
        session.end()
    }
}
