import Domain

/// Everything a profile shows, as seen by the signed-in user.
struct ProfileDetails: Hashable {
    var user: User
    /// Whether this is the signed-in user's own profile.
    var isViewer: Bool
    /// Whether the signed-in user and this user are friends.
    var isFriend: Bool
    /// The friends they have in common, sorted by name.
    var mutualFriends: [User]
}

/// Profile's business rules: a profile is always seen by the signed-in user.
@MainActor
struct ProfileInteractor {
    let dependencies: any ProfileDependencies

    /// - Throws: `SessionError` when nobody is signed in, `ServiceError` for an unknown user.
    func details(of id: UserID) async throws -> ProfileDetails {
        try await details(of: dependencies.user(id))
    }

    /// What a profile of `user`, read already, shows beside the user.
    /// - Throws: `SessionError` when nobody is signed in, `ServiceError`.
    func details(of user: User) async throws -> ProfileDetails {
        let viewer = try dependencies.session.currentUser()
        let id = user.id
        guard id != viewer.id else {
            return ProfileDetails(user: user, isViewer: true, isFriend: false, mutualFriends: [])
        }
        return ProfileDetails(
            user: user,
            isViewer: false,
            isFriend: try await dependencies.areFriends(viewer.id, id),
            mutualFriends: try await dependencies.mutualFriends(of: viewer.id, and: id)
        )
    }

    /// Makes the signed-in user and `id` friends, or ends their friendship.
    /// - Throws: `SessionError` when nobody is signed in, `ServiceError`.
    func setFriendship(with id: UserID, areFriends: Bool) async throws {
        try await dependencies.setFriendship(dependencies.session.currentUser().id, id, areFriends: areFriends)
    }
}
