/// Someone with an account.
public struct User: Hashable, Sendable, Identifiable {
    public let id: UserID
    /// The display name: "Alice Liddell".
    public var name: String
    /// A line about themselves; empty when they have not written one.
    public var bio: String

    public init(id: UserID, name: String, bio: String = "") {
        self.id = id
        self.name = name
        self.bio = bio
    }
}

/// One chat message between two friends.
public struct Message: Hashable, Sendable, Identifiable {
    /// Increases with every message sent, so it also orders a conversation.
    public let id: Int
    public let sender: UserID
    public let recipient: UserID
    public let text: String
    /// A link the message carries (`waypoint://profile/carol`, a shared profile), or `nil`.
    public let link: String?

    public init(id: Int, sender: UserID, recipient: UserID, text: String, link: String? = nil) {
        self.id = id
        self.sender = sender
        self.recipient = recipient
        self.text = text
        self.link = link
    }
}
