import Domain
import Routing

/// What the Chats screen may ask its router for: opening a conversation's chat (`chat <n>`),
/// where the host serves it.
public enum ChatsNeeds {
    @MainActor
    public protocol OpenChat: AnyObject {
        func openChat(with user: UserID) async throws
    }
}

/// Every need of the Chats screen.
public typealias ChatsRouting = ChatsNeeds.OpenChat

/// The Chats screen: its presenter, on screen.
public typealias ChatsView = ScreenView<ChatsPresenter>

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

/// The signed-in user's conversations, most recent first, each with its last message; the list
/// loads again each time it comes back on top.
@MainActor
public final class ChatsPresenter: ScreenPresenter {
    public enum Action: String, ScreenAction {
        case chat

        public var argument: ActionArgument { .item("conversation") }
        public var summary: String { "open conversation <n>" }
    }

    public let title = "Chats"
    public var feedback = ScreenFeedback()
    private let interactor: ChatsInteractor
    let router: any Closable
    private(set) var conversations: [Conversation] = []
    private var me: User?

    init(interactor: ChatsInteractor, router: any Closable) {
        self.interactor = interactor
        self.router = router
    }

    /// Builds the Chats screen around `router` and loads it.
    /// - Throws: `SessionError` when nobody is signed in, or the service's error.
    static func screen(router: any Closable, dependencies: some ChatDependencies) async throws -> ChatsView {
        let presenter = ChatsPresenter(
            interactor: ChatsInteractor(messages: dependencies.messages, session: dependencies.session), router: router)
        try await presenter.load()
        return ChatsView(presenter)
    }

    /// Loads the conversations.
    /// - Throws: the load's error; what is shown stays as it was.
    func load() async throws {
        (me, conversations) = try await interactor.conversations()
    }

    public var lines: [ScreenContent.Line] {
        guard !conversations.isEmpty else {
            return [.text("No conversations yet. Start one on the friends tab: message <n>.")]
        }
        return [.text("Your conversations, most recent first:")] + conversations.map { .item(row($0)) }
    }

    /// "Bob Builder (@bob): Bob: Send me a link when you can."
    private func row(_ conversation: Conversation) -> String {
        let friend = conversation.friend
        let sender =
            conversation.last.sender == me?.id
            ? "You" : friend.name.split(separator: " ").first.map(String.init) ?? friend.name
        return "\(friend.name) (\(friend.id)): \(sender): \(conversation.last.text)"
    }

    public var actions: [Action] { router is any ChatsNeeds.OpenChat ? [.chat] : [] }

    public func perform(_ action: Action, argument: String) async {
        let number = Int(argument) ?? 0
        guard number >= 1, number <= conversations.count else {
            return feedback.error(
                InputRefused(
                    conversations.isEmpty
                        ? "there is no conversation \(argument); you have none yet"
                        : "there is no conversation \(argument); choose a number from 1 to \(conversations.count)"))
        }
        do {
            try await (router as? any ChatsNeeds.OpenChat)?.openChat(with: conversations[number - 1].friend.id)
        } catch {
            feedback.error(error)
        }
    }

    public func reappearing() async {
        // Back on top: a conversation may have moved meanwhile.
        do { try await load() } catch { feedback.error(error) }
    }
}
