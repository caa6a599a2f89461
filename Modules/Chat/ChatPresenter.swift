import Domain
import Routing

/// What the Chat screen needs from its router.
@MainActor
public protocol ChatRouting: Closable {
    func openProfile(for user: UserID) async throws
    /// Opens a friend picker, without `excluded`, and waits for the choice (a route that
    /// returns a value).
    /// - Returns: the friend chosen, or `nil` when the picker went without a choice.
    /// - Throws: when the picker cannot open (no friends to pick).
    func pickFriend(excluding excluded: [UserID]) async throws -> User?
    /// The link to `user`'s profile, as a message carries it; `nil` if the app has none.
    func profileLink(for user: UserID) -> String?
    /// Opens `link`, carried by a message, through the app's links; the app says how it went.
    func follow(_ link: String) async
}

/// What the Chat presenter shows through its view.
@MainActor
protocol ChatPresentable: AnyObject {
    func display(_ model: ChatViewModel)
    func show(error: String)
    func show(notice: String)
}

/// What the Chat screen draws.
struct ChatViewModel: Hashable {
    /// "Chat with Bob Builder (@bob)"
    var heading: String
    /// The newest messages, oldest first: "Bob: Hi!", "You: Hello."; a message that carries a
    /// link shows it, with the number `follow` takes.
    var lines: [String]
    /// The links the shown messages carry, in order: `follow <n>` opens the n-th.
    var links: [String] = []
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
        let conversation = try await interactor.conversation(newest: Self.visibleMessages)
        self.conversation = conversation
        view?.display(Self.model(for: conversation))
    }

    /// The links the shown messages carry, in order: what `follow <n>` numbers.
    static func links(in conversation: ChatHistory) -> [String] {
        conversation.messages.suffix(visibleMessages).compactMap { $0.link }
    }

    static func model(for conversation: ChatHistory) -> ChatViewModel {
        let friendName =
            conversation.friend.name.split(separator: " ").first.map(String.init) ?? conversation.friend.name
        let shown = conversation.messages.suffix(visibleMessages)
        var followed = 0
        // Every send redraws the shown messages: the prefixes are made once, and each line is one
        // concatenation rather than an interpolation.
        let mine = "You: "
        let theirs = friendName + ": "
        let lines = shown.map { message in
            let line = (message.sender == conversation.me.id ? mine : theirs) + message.text
            guard let link = message.link else { return line }
            followed += 1
            return line + " -> " + link + " (follow " + String(followed) + ")"
        }
        return ChatViewModel(
            heading: "Chat with \(conversation.friend.name) (\(conversation.friend.id))",
            lines: lines,
            links: links(in: conversation),
            hiddenCount: conversation.earlierCount + conversation.messages.count - shown.count
        )
    }
}

extension ChatPresenter: ChatViewListener {
    func sendRequested(text: String) async {
        await send(text, link: nil)
    }

    private func send(_ text: String, link: String?) async {
        guard var updated = conversation else { return }
        do {
            updated.messages.append(try await interactor.send(text, link: link))
        } catch {
            view?.show(error: "\(error)")
            return
        }
        let shown = updated.newest(Self.visibleMessages)
        conversation = shown
        view?.display(Self.model(for: shown))
    }

    func shareRequested() async {
        let friend: User?
        do {
            // Anyone but the friend this chat is with.
            friend = try await router.pickFriend(excluding: [interactor.friend])
        } catch {
            view?.show(error: "\(error)")
            return
        }
        guard let friend else {
            view?.show(notice: "No friend picked; nothing was shared.")
            return
        }
        guard let link = router.profileLink(for: friend.id) else {
            view?.show(error: "there is no link to \(friend.id)'s profile to share")
            return
        }
        await send("Shared a profile: \(friend.name) (\(friend.id))", link: link)
    }

    func followRequested(number: Int) async {
        let links = conversation.map(Self.links(in:)) ?? []
        guard number >= 1, number <= links.count else {
            view?.show(
                error: links.isEmpty
                    ? "no message here carries a link; share sends one"
                    : "there is no link \(number); choose a number from 1 to \(links.count)")
            return
        }
        await router.follow(links[number - 1])
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
