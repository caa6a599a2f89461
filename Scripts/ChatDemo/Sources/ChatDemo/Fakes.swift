import Chat
import Domain

/// Chat's calls, and only those (`ChatDependencies`), over a few people and messages in memory:
/// everyone here is a friend of everyone else.
@MainActor
final class ChatFakes: ChatDependencies {
    let session = Session()
    private let people: [User]
    private var messages: [Message] = []

    init(people: [User], messages: [(from: UserID, to: UserID, text: String)]) {
        self.people = people
        self.messages = messages.enumerated().map {
            Message(id: $0.offset + 1, sender: $0.element.from, recipient: $0.element.to, text: $0.element.text)
        }
    }

    func areFriends(_ a: UserID, _ b: UserID) async throws(ServiceError) -> Bool { a != b }

    func conversations(of user: UserID) async throws(ServiceError) -> [Conversation] {
        people.compactMap { friend in between(user, friend.id).last.map { Conversation(friend: friend, last: $0) } }
            .sorted { $0.last.id > $1.last.id }
    }

    func recentConversation(between a: UserID, and b: UserID, limit: Int) async throws(ServiceError) -> (
        friend: User, messages: [Message], earlier: Int
    ) {
        guard let friend = people.first(where: { $0.id == b }) else { throw .unknownUser(b) }
        let all = between(a, b)
        return (friend, Array(all.suffix(limit)), max(0, all.count - limit))
    }

    func friends(of user: UserID) async throws(ServiceError) -> [User] { people.filter { $0.id != user } }

    /// A send here keeps no answers: this program has no picker, so no answer asks for a send.
    func send(_ text: String, link: String?, from sender: UserID, to recipient: UserID, consuming answer: Int?)
        async throws(ServiceError) -> Message?
    {
        guard !text.isEmpty else { throw .emptyMessage }
        let message = Message(id: messages.count + 1, sender: sender, recipient: recipient, text: text, link: link)
        messages.append(message)
        return message
    }

    private func between(_ a: UserID, _ b: UserID) -> [Message] {
        messages.filter { Set([$0.sender, $0.recipient]) == Set([a, b]) }
    }
}
