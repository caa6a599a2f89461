import Domain

/// Friends' business rules: whose list it is, and loading it.
@MainActor
struct FriendsInteractor {
    /// The signed-in user whose friends these are.
    let user: User
    let dependencies: any FriendsDependencies

    /// The list of whoever is signed in now.
    /// - Throws: `SessionError` when nobody is.
    init(dependencies: some FriendsDependencies) throws(SessionError) {
        user = try dependencies.session.currentUser()
        self.dependencies = dependencies
    }

    /// The user's friends, sorted by name.
    /// - Throws: `SessionError` unless `user` is the one signed in, so the list is never shown
    ///   to someone signed out; `ServiceError` from the service.
    func friends() async throws -> [User] {
        guard try dependencies.session.currentUser().id == user.id else { throw SessionError.signedOut }
        return try await dependencies.friends(of: user.id)
    }

    /// Ends the friendship of the user and `id`.
    /// - Throws: `SessionError` unless `user` is the one signed in; `ServiceError`.
    func endFriendship(with id: UserID) async throws {
        guard try dependencies.session.currentUser().id == user.id else { throw SessionError.signedOut }
        try await dependencies.setFriendship(user.id, id, areFriends: false)
    }
}
