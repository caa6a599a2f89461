import Domain
import Routing

/// What the Chat screen needs from its router.
@MainActor
public protocol ChatRouting: Closable {
    func openProfile(for user: UserID) async throws
}

/// What the Chat presenter shows through its view.
@MainActor
protocol ChatPresentable: AnyObject {
    func display(_ model: ChatViewModel)
    func show(error: String)
}

/// What the Chat screen draws.
struct ChatViewModel: Hashable {
    /// "Chat with Bob Builder (@bob)"
    var heading: String
    /// The newest messages, oldest first: "Bob: Hi!", "You: Hello."
    var lines: [String]
    /// How many older messages are not shown.
    var hiddenCount: Int
}

/// Loads a conversation, sends messages, and turns the screen's requests into routes.
@MainActor
final class ChatPresenter {
    /// How many of the newest messages the screen shows.
    static let visibleMessages = 20

    weak var view: (any ChatPresentable)?
    private let interactor: ChatInteractor
    let router: any ChatRouting
    private var conversation: ChatHistory?

    init(interactor: ChatInteractor, router: any ChatRouting) {
        self.interactor = interactor
        self.router = router
    }

    /// Loads the conversation and shows it.
    /// - Throws: the load's error; the view is left as it was.
    func load() async throws {
        // Only the messages the screen shows are kept, so a send costs the same however long
        // the conversation is.
        let conversation = try await interactor.conversation().newest(Self.visibleMessages)
        self.conversation = conversation
        view?.display(Self.model(for: conversation))
    }

    static func model(for conversation: ChatHistory) -> ChatViewModel {
        let friendName =
            conversation.friend.name.split(separator: " ").first.map(String.init) ?? conversation.friend.name
        let shown = conversation.messages.suffix(visibleMessages)
        return ChatViewModel(
            heading: "Chat with \(conversation.friend.name) (\(conversation.friend.id))",
            lines: shown.map { "\($0.sender == conversation.me.id ? "You" : friendName): \($0.text)" },
            hiddenCount: conversation.earlierCount + conversation.messages.count - shown.count
        )
    }
}

extension ChatPresenter: ChatViewListener {
    func sendRequested(text: String) async {
        guard var updated = conversation else { return }
        do {
            updated.messages.append(try await interactor.send(text))
        } catch {
            view?.show(error: "\(error)")
            return
        }
        let shown = updated.newest(Self.visibleMessages)
        conversation = shown
        view?.display(Self.model(for: shown))
    }

    func profileRequested() async {
        do {
            try await router.openProfile(for: interactor.friend)
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
