import Domain

/// What the Chat module asks of the app, and nothing else: the calls it makes (a builder's
/// dependency, as in RIBs, narrowed to the calls). A route that opens Chat hands them on
/// (`dependencies`); any type that makes them serves: Domain's `Services` (declared below), a
/// test's, or another program's that reuses Chat alone and fakes only these.
@MainActor
public protocol ChatDependencies {
    /// Who is signed in.
    var session: Session { get }
    /// Whether `a` and `b` are friends: a chat is with a friend.
    func areFriends(_ a: UserID, _ b: UserID) async throws(ServiceError) -> Bool
    /// The conversations `user` has, most recent first, each with its last message: the Chats list.
    func conversations(of user: UserID) async throws(ServiceError) -> [Conversation]
    /// The newest `limit` messages `a` and `b` exchanged, oldest first, and how many older ones
    /// there are: what a chat shows first.
    func recentConversation(between a: UserID, and b: UserID, limit: Int) async throws(ServiceError) -> (
        friend: User, messages: [Message], earlier: Int
    )
    /// The friends of `user`: a shared profile names one of them, and must still be one when it
    /// is sent (the picker showed the same list).
    func friends(of user: UserID) async throws(ServiceError) -> [User]
    /// Sends `text`, carrying `link` if there is one (a profile shared from a chat), consuming the
    /// kept answer `answer` that asked for it in the same write.
    /// - Returns: the message as stored; `nil` when `answer` was consumed already.
    func send(_ text: String, link: String?, from sender: UserID, to recipient: UserID, consuming answer: Int?)
        async throws(ServiceError) -> Message?
    /// Forgets the kept answer `answer`, whose send failed for good: it is not given back again.
    func forget(answer: Int) async throws(ServiceError)
}

extension ChatDependencies {
    /// A host that keeps no answers has none to forget.
    public func forget(answer: Int) async throws(ServiceError) {}
}

extension Services: ChatDependencies {}
