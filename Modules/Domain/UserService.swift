/// Users and who is friends with whom.
public protocol UserService: Sendable {
    /// - Throws: `ServiceError.unknownUser` when nobody has that handle.
    func user(_ id: UserID) async throws(ServiceError) -> User

    /// The friends of `id`, sorted by name.
    func friends(of id: UserID) async throws(ServiceError) -> [User]

    /// The friends `a` and `b` have in common, sorted by name.
    func mutualFriends(of a: UserID, and b: UserID) async throws(ServiceError) -> [User]

    /// Whether `a` and `b` are friends.
    func areFriends(_ a: UserID, _ b: UserID) async throws(ServiceError) -> Bool

    /// Replaces the bio of `id`.
    /// - Returns: the user, with the new bio.
    /// - Throws: `ServiceError.unknownUser`, or `.bioTooLong`.
    func setBio(_ bio: String, of id: UserID) async throws(ServiceError) -> User

    /// Makes `a` and `b` friends, or ends their friendship: a rule that reads it (a chat needs
    /// it) is checked again in every window, of this App and of any other on the same data.
    /// - Throws: `ServiceError.unknownUser`.
    func setFriendship(_ a: UserID, _ b: UserID, areFriends: Bool) async throws(ServiceError)
}

/// Chat messages between friends.
public protocol MessageService: Sendable {
    /// The messages `a` and `b` exchanged, oldest first.
    /// - Throws: `ServiceError.notFriends` unless they are friends.
    func conversation(between a: UserID, and b: UserID) async throws(ServiceError) -> [Message]

    /// Sends `text` from `sender` to `recipient`, carrying `link` if there is one (a profile
    /// shared from a chat), and consumes the kept answer `answer` that asked for it, if any, in
    /// the same write: the message is sent once however often the answer is delivered, and an
    /// answer consumed already sends nothing (`AppStateStore.keepAnswer(_:action:asker:of:)`).
    /// - Returns: the stored message; `nil` when `answer` was consumed already.
    /// - Throws: `ServiceError` when the text is empty or too long, or they are not friends.
    func send(_ text: String, link: String?, from sender: UserID, to recipient: UserID, consuming answer: Int?)
        async throws(ServiceError) -> Message?

    /// Forgets the kept answer `answer` that asked for a send which failed for good (the friend
    /// it names is no friend any more): nothing will consume it, and no later sign-in gives it
    /// back.
    /// - Throws: `ServiceError.storage` when it cannot be written.
    func forget(answer: Int) async throws(ServiceError)

    /// The newest `limit` messages `a` and `b` exchanged, oldest first, how many older ones there
    /// are, and `b`, the friend `a` talks with: all a chat shows first, in one answer.
    /// - Throws: `ServiceError.notFriends` unless they are friends.
    func recentConversation(between a: UserID, and b: UserID, limit: Int) async throws(ServiceError) -> (
        friend: User, messages: [Message], earlier: Int
    )

    /// The conversations `user` has with friends, most recent first, each with its last message.
    /// - Throws: `ServiceError.unknownUser` for a user that does not exist.
    func conversations(of user: UserID) async throws(ServiceError) -> [Conversation]
}

extension MessageService {
    /// Sends `text`, with no link.
    /// - Returns: the stored message.
    /// - Throws: `ServiceError` when the text is empty or too long, or they are not friends.
    public func send(_ text: String, from sender: UserID, to recipient: UserID) async throws(ServiceError) -> Message {
        try await send(text, link: nil, from: sender, to: recipient)
    }

    /// Sends `text`, carrying `link` if there is one; no kept answer asked for it.
    /// - Returns: the stored message.
    /// - Throws: `ServiceError` when the text is empty or too long, or they are not friends.
    public func send(_ text: String, link: String?, from sender: UserID, to recipient: UserID)
        async throws(ServiceError) -> Message
    {
        // With no answer to consume, a message is always stored.
        guard let message = try await send(text, link: link, from: sender, to: recipient, consuming: nil) else {
            throw .storage("the message was not stored")
        }
        return message
    }
}

/// A conversation as a list shows it: the friend, and the last message either of them sent.
public struct Conversation: Hashable, Sendable {
    public let friend: User
    public let last: Message

    public init(friend: User, last: Message) {
        self.friend = friend
        self.last = last
    }
}

/// Why a user or message service call failed.
public enum ServiceError: Error, Hashable, Sendable {
    case unknownUser(UserID)
    case notFriends(UserID)
    case emptyMessage
    case messageTooLong(length: Int, limit: Int)
    /// The service that holds this user's profile does not answer (the demo's @frank).
    case unavailable(UserID)
    case bioTooLong(length: Int, limit: Int)
    /// The backend could not read or write its storage; the words say what to do.
    case storage(String)
}

extension ServiceError: CustomStringConvertible {
    public var description: String {
        switch self {
        case .unknownUser(let id): "there is no user \(id); check the username"
        case .notFriends(let id): "you and \(id) are not friends; you can only chat with friends"
        case .emptyMessage: "the message is empty; type some text to send"
        case .messageTooLong(let length, let limit):
            "the message has \(length) characters; the limit is \(limit), so split it"
        case .unavailable(let id): "the profile service is not answering for \(id); try again later"
        case .bioTooLong(let length, let limit):
            "the bio has \(length) characters; the limit is \(limit), so shorten it"
        case .storage(let words): words
        }
    }
}
