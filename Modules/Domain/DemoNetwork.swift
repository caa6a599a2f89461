/// The demo's network: for some users the services answer as real ones sometimes do, slowly,
/// once badly, or never, so each load policy can be seen in the app. It stands between the app
/// and any backend, and waits on a clock the app gives it (a test gives one it moves).
///
/// Only what loads a screen is affected: a profile's details (the mutual friends) and a chat's
/// messages. Looking a user up, which a link's checks do, answers at once.
public final class DemoNetwork: UserService, MessageService, Sendable {
    /// How the network treats one user.
    public enum Behaviour: Hashable, Sendable {
        /// Each answer takes this long.
        case slow(Duration)
        /// The first answer fails (`ServiceError.unavailable`); later ones are right.
        case flaky
        /// No answer ever comes.
        case silent
    }

    private let users: any UserService
    private let messages: any MessageService
    private let behaviours: [UserID: Behaviour]
    private let clock: any Clock<Duration>
    private let failedOnce = FailedOnce()

    /// - Parameters:
    ///   - users: the user service that answers.
    ///   - messages: the message service that answers.
    ///   - behaviours: how the network treats each user it names.
    ///   - clock: what the waits are measured on.
    public init(
        users: any UserService, messages: any MessageService, behaviours: [UserID: Behaviour],
        clock: any Clock<Duration>
    ) {
        self.users = users
        self.messages = messages
        self.behaviours = behaviours
        self.clock = clock
    }

    /// Waits, or fails, as the network treats the users of a call.
    private func network(for ids: UserID...) async throws(ServiceError) {
        for id in ids {
            switch behaviours[id] {
            case .slow(let wait)?:
                do { try await clock.sleep(for: wait) } catch { throw .unavailable(id) }
            case .flaky?:
                if await failedOnce.first(id) { throw .unavailable(id) }
            case .silent?:
                // Never: until the caller gives up.
                do { try await clock.sleep(for: .seconds(86_400)) } catch {}
                throw .unavailable(id)
            case nil:
                break
            }
        }
    }

    public func user(_ id: UserID) async throws(ServiceError) -> User { try await users.user(id) }

    public func friends(of id: UserID) async throws(ServiceError) -> [User] { try await users.friends(of: id) }

    public func mutualFriends(of a: UserID, and b: UserID) async throws(ServiceError) -> [User] {
        try await network(for: a, b)
        return try await users.mutualFriends(of: a, and: b)
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

    public func conversation(between a: UserID, and b: UserID) async throws(ServiceError) -> [Message] {
        try await network(for: a, b)
        return try await messages.conversation(between: a, and: b)
    }

    public func recentConversation(between a: UserID, and b: UserID, limit: Int) async throws(ServiceError) -> (
        friend: User, messages: [Message], earlier: Int
    ) {
        try await network(for: a, b)
        return try await messages.recentConversation(between: a, and: b, limit: limit)
    }

    public func send(_ text: String, link: String?, from sender: UserID, to recipient: UserID, consuming answer: Int?)
        async throws(ServiceError) -> Message?
    {
        try await messages.send(text, link: link, from: sender, to: recipient, consuming: answer)
    }

    public func conversations(of user: UserID) async throws(ServiceError) -> [Conversation] {
        try await messages.conversations(of: user)
    }

    public func forget(answer: Int) async throws(ServiceError) { try await messages.forget(answer: answer) }
}

/// Which flaky users have failed once already.
private actor FailedOnce {
    private var failed: Set<UserID> = []

    /// Whether this is `id`'s first call: it fails, and the next ones do not.
    func first(_ id: UserID) -> Bool {
        failed.insert(id).inserted
    }
}
