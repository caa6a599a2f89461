/// Each call a feature makes, served by the app's services. A feature's dependencies name the
/// calls it makes (`ChatDependencies`: a user, the conversations, a send), not whole services, so
/// a program that reuses one feature writes only those calls; `Services` serves every feature's
/// by handing each call to the service that answers it. (The prompt stays whole: the front answers
/// it, not a backend.)
extension Services {
    public func user(_ id: UserID) async throws(ServiceError) -> User { try await users.user(id) }

    public func friends(of id: UserID) async throws(ServiceError) -> [User] { try await users.friends(of: id) }

    public func mutualFriends(of a: UserID, and b: UserID) async throws(ServiceError) -> [User] {
        try await users.mutualFriends(of: a, and: b)
    }

    public func areFriends(_ a: UserID, _ b: UserID) async throws(ServiceError) -> Bool {
        try await users.areFriends(a, b)
    }

    public func setBio(_ bio: String, of id: UserID) async throws(ServiceError) -> User {
        try await users.setBio(bio, of: id)
    }

    public func setFriendship(_ a: UserID, _ b: UserID, areFriends: Bool) async throws(ServiceError) {
        try await users.setFriendship(a, b, areFriends: areFriends)
    }

    public func conversations(of user: UserID) async throws(ServiceError) -> [Conversation] {
        try await messages.conversations(of: user)
    }

    public func recentConversation(between a: UserID, and b: UserID, limit: Int) async throws(ServiceError) -> (
        friend: User, messages: [Message], earlier: Int
    ) {
        try await messages.recentConversation(between: a, and: b, limit: limit)
    }

    public func send(_ text: String, link: String?, from sender: UserID, to recipient: UserID, consuming answer: Int?)
        async throws(ServiceError) -> Message?
    {
        try await messages.send(text, link: link, from: sender, to: recipient, consuming: answer)
    }

    public func forget(answer: Int) async throws(ServiceError) { try await messages.forget(answer: answer) }

    public func signIn(username: String, password: Password) async throws(AuthError) -> User {
        try await auth.signIn(username: username, password: password)
    }

    public func signUp(username: String, name: String, password: Password) async throws(AuthError) -> User {
        try await auth.signUp(username: username, name: name, password: password)
    }

    public func requestPasswordReset(username: String) async { await auth.requestPasswordReset(username: username) }
}
