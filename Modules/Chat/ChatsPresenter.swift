import Domain
import Routing

/// What the Chats screen needs from its router.
@MainActor
public protocol ChatsRouting: Closable {
    func openChat(with user: UserID) async throws
}

/// What the Chats presenter shows through its view.
@MainActor
protocol ChatsPresentable: AnyObject {
    func display(_ model: ChatsViewModel)
    func show(error: String)
}

/// What the Chats screen draws: one row per conversation, most recent first.
struct ChatsViewModel: Hashable {
    /// "Bob Builder (@bob): Bob: Send me a link when you can."
    var rows: [String]
}

/// The signed-in user's conversations.
@MainActor
struct ChatsInteractor {
    let messages: any MessageService
    let session: Session

    /// - Throws: `SessionError` when nobody is signed in, or the service's error.
    func conversations() async throws -> (me: User, conversations: [Conversation]) {
        let me = try session.currentUser()
        return (me, try await messages.conversations(of: me.id))
    }
}

/// Loads the conversations, and turns a conversation's number into its chat.
@MainActor
final class ChatsPresenter {
    weak var view: (any ChatsPresentable)?
    private let interactor: ChatsInteractor
    let router: any ChatsRouting
    private var conversations: [Conversation] = []

    init(interactor: ChatsInteractor, router: any ChatsRouting) {
        self.interactor = interactor
        self.router = router
    }

    /// Loads the conversations and shows them.
    /// - Throws: the load's error; the view is left as it was.
    func load() async throws {
        let (me, conversations) = try await interactor.conversations()
        self.conversations = conversations
        view?.display(Self.model(for: conversations, me: me))
    }

    static func model(for conversations: [Conversation], me: User) -> ChatsViewModel {
        ChatsViewModel(
            rows: conversations.map { conversation in
                let friend = conversation.friend
                let sender =
                    conversation.last.sender == me.id
                    ? "You" : friend.name.split(separator: " ").first.map(String.init) ?? friend.name
                return "\(friend.name) (\(friend.id)): \(sender): \(conversation.last.text)"
            })
    }
}

extension ChatsPresenter: ChatsViewListener {
    func appeared() async {
        do {
            try await load()
        } catch {
            view?.show(error: "\(error)")
        }
    }

    func conversationSelected(number: Int) async {
        guard number >= 1, number <= conversations.count else {
            view?.show(
                error: conversations.isEmpty
                    ? "there is no conversation \(number); you have none yet"
                    : "there is no conversation \(number); choose a number from 1 to \(conversations.count)")
            return
        }
        do {
            try await router.openChat(with: conversations[number - 1].friend.id)
        } catch {
            view?.show(error: "\(error)")
        }
    }

    func closeRequested() {
        do {
            try router.close()
        } catch {
            view?.show(error: "\(error)")
        }
    }
}
