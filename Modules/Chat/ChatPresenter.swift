import Domain
import Navigation

/// What the Chat screen asks its router for: the host serves each need by adopting the route
/// that opens it (`ProfileRoute` brings `openProfile(for:)` and `profileLink(for:)`,
/// `FriendPickerRoute` brings `pickFriend(excluding:)`, a place that answers the chat with a
/// friend); `followLink(_:)` is Chat's own (`ChatRouter`). A host class that serves fewer does not
/// compile, unless it says which it leaves out where the compiler sees it (`ChatWithoutProfiles`);
/// the screen then offers fewer commands.
@MainActor
public protocol ChatRouting: RouterProtocol {
    /// The friend's profile: `profile`, and the profiles messages share (`follow <n>`).
    static func openProfile(for user: UserID) -> Route<Places>
    /// The host's link to `user`'s profile, as a message carries it; `nil` if it has none.
    func profileLink(for user: UserID) -> String?
    /// A friend picker without `excluded`, which answers the chat with the friend picked
    /// (`receive(_:)`), or with none when it goes without a choice: `share`.
    static func pickFriend(excluding excluded: UserID) -> Route<Places>
    /// Opens `link`, carried by a message; the host says how it went: `follow <n>`.
    func followLink(_ link: String) async
    /// Whether the host opens profiles: `false` for a host that says `ChatWithoutProfiles`. A
    /// fact of the host's type, so the screen's table of offers knows it before any router exists.
    static var servesProfiles: Bool { get }
}

extension ChatRouting {
    public static var servesProfiles: Bool { true }
}

/// A host with no profiles (Chat reused on its own) adopts it, instead of the routes that open
/// and pick them: chats offer neither `profile` nor `share` (a share sends a profile's link), and
/// no link follows a chat to a profile.
@MainActor
public protocol ChatWithoutProfiles: ChatRouting {}

extension ChatWithoutProfiles {
    public static var servesProfiles: Bool { false }
    public static func openProfile(for user: UserID) -> Route<Places> { .leftOut() }
    public func profileLink(for user: UserID) -> String? { nil }
    public static func pickFriend(excluding excluded: UserID) -> Route<Places> { .leftOut() }
}

/// The conversation with one friend: loads it, sends messages, shares a friend's profile, and
/// follows the links messages carry.
@MainActor
public final class ChatPresenter: ScreenPresenter, QueryReceiving, AnswerReceiving {
    public enum Action: String, ScreenAction {
        case send, share, follow, profile

        public var argument: ActionArgument {
            switch self {
            case .send: .text("<text>")
            case .follow: .number("link", from: "(follow n)")
            case .share, .profile: .none
            }
        }

        public var summary: String {
            switch self {
            case .send: "send a message"
            case .share: "pick a friend and send their profile's link"
            case .follow: "open the link of message (follow n)"
            case .profile: "open your friend's profile"
            }
        }
    }

    /// How many of the newest messages the screen shows.
    static let visibleMessages = 20

    public let title: String
    public let feedback = ScreenFeedback()
    private let interactor: ChatInteractor
    /// The module's router: it serves every need of the screen (`ChatRouting`).
    let router: any ChatRouting
    private(set) var conversation: ChatHistory? { didSet { madeLines = nil } }
    /// The message a link marked (`message=2`), counting the messages shown from 1.
    private(set) var marked: Int? { didSet { madeLines = nil } }
    /// The lines, as last made: made again only when what they show changes, as a front reads
    /// them after every command.
    private var madeLines: [ScreenContent.Line]?

    init(interactor: ChatInteractor, router: any ChatRouting) {
        title = ChatPlace.chat(interactor.friend).title
        self.interactor = interactor
        self.router = router
    }

    /// Builds the chat with `user` around `router` and loads it.
    /// - Throws: the load's error (an unknown user, not a friend, nobody signed in).
    static func screen(with user: UserID, router: any ChatRouting, dependencies: some ChatDependencies) async throws
        -> ChatPresenter
    {
        let presenter = ChatPresenter(
            interactor: ChatInteractor(friend: user, dependencies: dependencies), router: router)
        try await presenter.load()
        return presenter
    }

    /// Loads the conversation.
    /// - Throws: the load's error; what is shown stays as it was.
    func load() async throws {
        // Only the messages the screen shows are kept, so a send costs the same however long
        // the conversation is.
        conversation = try await interactor.conversation(newest: Self.visibleMessages)
    }

    public func reappearing() async {
        // Back on top (another window came forward, a screen above closed): the same chat in
        // another window, or another App, may have sent a message meanwhile.
        do { try await load() } catch { feedback.error(error) }
    }

    /// A conversation is read from its newest message: a front short of rows shows those.
    public var content: ScreenContent {
        ScreenContent(lines: lines, actions: availableActions, opensAtEnd: true)
    }

    public var lines: [ScreenContent.Line] {
        if let madeLines { return madeLines }
        let lines = makeLines()
        madeLines = lines
        return lines
    }

    private func makeLines() -> [ScreenContent.Line] {
        guard let conversation else { return [] }
        return Self.lines(of: conversation, marked: marked)
    }

    private static func lines(of conversation: ChatHistory, marked: Int?) -> [ScreenContent.Line] {
        let messages = conversation.lines(marked: marked)
        var lines: [ScreenContent.Line] = []
        // The heading, a line of earlier messages, then the messages (or a line for none).
        lines.reserveCapacity(messages.count + 2)
        lines.append(.text("Chat with \(conversation.friend.name) (\(conversation.friend.id))"))
        let hidden = conversation.earlierCount
        if hidden > 0 { lines.append(.text("  (\(hidden) earlier messages)")) }
        if messages.isEmpty {
            lines.append(.text("  No messages yet. Say hello with: send <text>"))
        } else {
            for message in messages { lines.append(.text(message)) }
        }
        return lines
    }

    /// `message=<n>`: marks message n, counting the messages shown from 1.
    public func receive(_ query: QueryItems) -> Bool {
        guard let number = query.int("message"), number != marked else { return false }
        let count = conversation?.messages.count ?? 0
        guard number <= count else {
            // Not an error: the link that carried it may have opened this chat; the item is left
            // out, and the chat shows unmarked.
            feedback.notice(
                count == 0
                    ? "Not marked: there is no message \(number); this chat has none yet."
                    : "Not marked: there is no message \(number); this chat shows \(count).")
            return false
        }
        marked = number
        return true
    }

    public var query: QueryItems {
        marked.map { QueryItems([("message", .int($0))]) } ?? QueryItems()
    }

    /// The links the shown messages carry, in order: what `follow <n>` numbers.
    var links: [String] { conversation?.links ?? [] }

    public var actions: [Action] {
        var offered: [Action] = []
        for action in Action.allCases {
            let isOffered =
                switch action {
                // Only while a message here carries a link.
                case .follow: conversation?.carriesLinks == true
                // What the host serves: a host without profiles has none to open, and none to share.
                case .profile, .share: hostHasProfiles
                // Sending, and an action a screen added later opens, are always offered.
                default: true
                }
            if isOffered { offered.append(action) }
        }
        return offered
    }

    /// Whether the host serves profiles (it does not say `ChatWithoutProfiles`): a fact of its
    /// router's type.
    private var hostHasProfiles: Bool { type(of: router).servesProfiles }

    /// What each action opens from the chat with `friend`, one route each: what the screen
    /// offers, and what a link may follow from it. `profile` opens the friend's profile only;
    /// `follow` any user's, since which profiles were shared is in messages a link cannot know. A
    /// host without profiles (`ChatWithoutProfiles`) has neither.
    static func offers<Host: ChatRouting>(at friend: UserID, host: Host.Type) -> [Offer<Host.Places>] {
        guard host.servesProfiles else { return [] }
        return Action.allCases.compactMap { action -> Offer<Host.Places>? in
            switch action {
            case .profile: Offer(action, host.openProfile(for: friend))
            case .follow: Offer(action, any: userParameter) { host.openProfile(for: $0) }
            case .share: Offer(action, host.pickFriend(excluding: friend))
            case .send: nil
            }
        }
    }

    public func perform(_ action: Action, argument: String) async {
        switch action {
        case .send:
            guard !argument.isEmpty else { return feedback.error(InputRefused("send needs some text: send <text>")) }
            await send(argument, link: nil)
        case .follow:
            await follow(argument)
        case .profile, .share:
            do { try await router.follow(action.rawValue, argument: []) } catch { feedback.error(error) }
        }
    }

    private func send(
        _ text: String, link: String?, consuming answer: Int? = nil,
        failed: (@MainActor (any Error) async -> Void)? = nil
    ) async {
        guard var updated = conversation else { return }
        do {
            // An answer consumed already (delivered once before a relaunch) sends nothing again.
            guard let sent = try await interactor.send(text, link: link, consuming: answer) else { return }
            updated.messages.append(sent)
        } catch {
            guard let failed else { return feedback.error(error) }
            return await failed(error)
        }
        conversation = updated.newest(Self.visibleMessages)
    }

    /// The picker `share` opened answered: sends the friend's profile link, consuming the kept
    /// answer in the same write, or says nothing was shared.
    public func receive(_ answer: Answer) async {
        guard Action(rawValue: answer.action) == .share else { return }
        guard let picked = answer.value(as: userParameter) else {
            return feedback.notice("No friend picked; nothing was shared.")
        }
        // The picker has closed: whatever stops the share now is said in one line, and the kept
        // answer is forgotten, so no later sign-in sends it (or fails again) unasked.
        let friend: User
        do {
            guard let found = try await interactor.friend(picked) else {
                return await notShared(answer, because: "\(picked) is not your friend any more")
            }
            friend = found
        } catch {
            return await notShared(answer, because: error)
        }
        guard let link = router.profileLink(for: friend.id) else {
            return await notShared(answer, because: "there is no link to \(friend.id)'s profile to share")
        }
        await send(
            "Shared a profile: \(friend.name) (\(friend.id))", link: link, consuming: answer.record,
            failed: { await self.notShared(answer, because: $0) })
    }

    /// Says that the share `answer` asked for was not sent, and why, and forgets the answer.
    private func notShared(_ answer: Answer, because reason: any Error) async {
        if let record = answer.record { await interactor.forget(answer: record) }
        feedback.error(ShareNotSent(reason: reason))
    }

    private func notShared(_ answer: Answer, because reason: String) async {
        await notShared(answer, because: InputRefused(reason))
    }

    private func follow(_ argument: String) async {
        let links = self.links
        let number = Int(argument) ?? 0
        guard number >= 1, number <= links.count else {
            return feedback.error(
                InputRefused(
                    links.isEmpty
                        ? "no message here carries a link; share sends one"
                        : "there is no link \(argument); choose a number from 1 to \(links.count)"))
        }
        await router.followLink(links[number - 1])
    }
}

/// A friend picked to share whose profile was not sent: the picker has closed, and the pick is
/// forgotten (no later sign-in sends it). Its words say so, and why.
public struct ShareNotSent: Error, CustomStringConvertible {
    public let reason: any Error

    public var description: String {
        "the share was not sent: \(reason); the pick is forgotten, so share again to pick anew"
    }
}
