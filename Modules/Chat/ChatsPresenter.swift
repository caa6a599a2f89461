import Domain
import Navigation

/// The signed-in user's conversations, most recent first, each with its last message; the list
/// loads again each time it comes back on top.
@MainActor
public final class ChatsPresenter: ScreenPresenter {
    public enum Action: String, ScreenAction {
        case chat

        public var argument: ActionArgument { .item("conversation") }
        public var summary: String { "open conversation <n>" }
    }

    public let title = ChatPlace.chats.title
    public let feedback = ScreenFeedback()
    private let interactor: ChatsInteractor
    /// The module's router: the conversations open Chat's own chats, so it needs no host's.
    let router: any Routing
    private(set) var conversations: [Conversation] = []
    private var me: User?

    init(interactor: ChatsInteractor, router: any Routing) {
        self.interactor = interactor
        self.router = router
    }

    /// Builds the Chats screen around `router` and loads it.
    /// - Throws: `SessionError` when nobody is signed in, or the service's error.
    static func screen(router: any Routing, dependencies: some ChatDependencies) async throws -> ChatsPresenter {
        let presenter = ChatsPresenter(
            interactor: ChatsInteractor(dependencies: dependencies), router: router)
        try await presenter.load()
        return presenter
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

    /// What each action opens: `chat <n>`, any conversation's chat, as `chat` opens it.
    static func offers<Places: AppPlaces>(opening chat: @escaping @MainActor (UserID) -> Route<Places>) -> [Offer<
        Places
    >] {
        Action.allCases.compactMap { action -> Offer<Places>? in
            switch action {
            case .chat: Offer(action, any: userParameter, chat)
            }
        }
    }

    public func perform(_ action: Action, argument: String) async {
        let number = Int(argument) ?? 0
        guard number >= 1, number <= conversations.count else {
            return feedback.error(
                InputRefused(
                    conversations.isEmpty
                        ? "there is no conversation \(argument); you have none yet"
                        : "there is no conversation \(argument); choose a number from 1 to \(conversations.count)"))
        }
        let friend = conversations[number - 1].friend.id
        do { try await router.follow(action.rawValue, argument: [friend.linkSegment]) } catch { feedback.error(error) }
    }

    public func reappearing() async {
        // Back on top: a conversation may have moved meanwhile.
        do { try await load() } catch { feedback.error(error) }
    }
}
