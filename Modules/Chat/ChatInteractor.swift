import Domain

/// The history of one chat, as the signed-in user sees it.
struct ChatHistory: Hashable {
    var me: User
    var friend: User
    /// Oldest first.
    var messages: [Message]
    /// How many older messages there are besides `messages`.
    var earlierCount = 0

    /// The same conversation holding only its newest `count` messages, and the number of the
    /// others.
    func newest(_ count: Int) -> ChatHistory {
        let kept = messages.suffix(count)
        return ChatHistory(
            me: me, friend: friend, messages: Array(kept), earlierCount: earlierCount + messages.count - kept.count)
    }

    // Read on every draw of the chat. The history is not isolated, so the closures below pay no
    // executor check for each message, as the presenter's (on the main actor) would.

    /// The messages as lines, oldest first, indented, the marked one (counting from 1) pointed
    /// at: "  Bob: Hi!", "> You: Hello."; a message that carries a link shows it, with the number
    /// `follow` takes.
    func lines(marked: Int? = nil) -> [String] {
        // The first name: up to the first space, found in the bytes (a split compares Characters).
        let space = friend.name.utf8.firstIndex(of: UInt8(ascii: " "))
        let friendName = space.map { String(friend.name[..<$0]) } ?? friend.name
        var followed = 0
        // The prefixes are made once, and each line is one concatenation rather than an
        // interpolation.
        let mine = ("  You: ", "> You: ")
        let theirs = ("  " + friendName + ": ", "> " + friendName + ": ")
        // Each message is read in place, field by field: a copy of a whole message would retain
        // and release every string in it.
        var lines: [String] = []
        lines.reserveCapacity(messages.count)
        for index in messages.indices {
            let prefixes = messages[index].sender == me.id ? mine : theirs
            let line = (index + 1 == marked ? prefixes.1 : prefixes.0) + messages[index].text
            guard let link = messages[index].link else {
                lines.append(line)
                continue
            }
            followed += 1
            lines.append(line + " -> " + link + " (follow " + String(followed) + ")")
        }
        return lines
    }

    /// The links the messages carry, in order: what `follow <n>` numbers.
    var links: [String] { messages.compactMap(\.link) }

    /// Whether a message carries a link.
    var carriesLinks: Bool { messages.contains { $0.link != nil } }
}

/// Chat's business rules: a conversation is between the signed-in user and one friend.
@MainActor
struct ChatInteractor {
    let friend: UserID
    let dependencies: any ChatDependencies

    /// The conversation's newest `limit` messages, and the count of the others.
    /// - Throws: `SessionError` when nobody is signed in; `ServiceError` for an unknown user or
    ///   someone who is not a friend.
    func conversation(newest limit: Int) async throws -> ChatHistory {
        let me = try dependencies.session.currentUser()
        let history = try await dependencies.recentConversation(between: me.id, and: friend, limit: limit)
        return ChatHistory(me: me, friend: history.friend, messages: history.messages, earlierCount: history.earlier)
    }

    /// Chat's rule for a place a link names: the chat is with a user who exists and is a friend
    /// of whoever is signed in.
    /// - Throws: `SessionError`, or `ServiceError` (an unknown user, not a friend).
    @discardableResult
    static func checkChat(with user: UserID, dependencies: some ChatDependencies) async throws -> UserID {
        let me = try dependencies.session.currentUser()
        guard try await dependencies.areFriends(me.id, user) else { throw ServiceError.notFriends(user) }
        return user
    }

    /// Sends `text` to the friend, carrying `link` if there is one, consuming the kept answer
    /// `answer` that asked for it in the same write.
    /// - Returns: the message as stored; `nil` when `answer` was consumed already.
    /// - Throws: `SessionError` or `ServiceError` (empty or too long text, not friends).
    func send(_ text: String, link: String? = nil, consuming answer: Int? = nil) async throws -> Message? {
        try await dependencies.send(
            text, link: link, from: dependencies.session.currentUser().id, to: friend, consuming: answer)
    }

    /// The friend `id` of the signed-in user, as a shared profile names them; `nil` when they are
    /// no friend (any more). Read from the friends list, as the picker showed it: sharing needs no
    /// profile service, which may be down while the friend is there.
    /// - Throws: `SessionError`, or the service's error.
    func friend(_ id: UserID) async throws -> User? {
        try await dependencies.friends(of: dependencies.session.currentUser().id).first { $0.id == id }
    }

    /// Forgets the kept answer `record`, whose share was not sent: no sign-in gives it back.
    func forget(answer record: Int) async { try? await dependencies.forget(answer: record) }
}
