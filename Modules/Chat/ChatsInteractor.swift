import Domain

/// The signed-in user's conversations.
@MainActor
struct ChatsInteractor {
    let dependencies: any ChatDependencies

    /// - Throws: `SessionError` when nobody is signed in, or the service's error.
    func conversations() async throws -> (me: User, conversations: [Conversation]) {
        let me = try dependencies.session.currentUser()
        return (me, try await dependencies.conversations(of: me.id))
    }
}
