import Domain
import Routing

/// What the Chat screen asks its router for: the host serves each need by adopting the route
/// that opens it (`ProfileRoute` brings `openProfile(for:)` and `profileLink(for:)`,
/// `FriendPickerRoute` brings `pickFriend`); `follow(_:)` is Chat's own (`ChatRouter`). A host
/// class that serves fewer does not compile.
@MainActor
public protocol ChatRouting: Closable {
    /// The friend's profile: `profile`, and the profiles messages share (`follow <n>`).
    func openProfile(for user: UserID) -> Route
    /// The host's link to `user`'s profile, as a message carries it; `nil` if it has none.
    func profileLink(for user: UserID) -> String?
    /// Opens a friend picker without `excluded`, and hands back the friend chosen, or `nil` when
    /// the picker goes without a choice (a route that returns a value): `share`.
    func pickFriend(excluding excluded: [UserID], then answered: @escaping @MainActor (User?) async -> Void)
        async throws
    /// Opens `link`, carried by a message; the host says how it went: `follow <n>`.
    func follow(_ link: String) async
}

/// What the Chats screen asks its router for: a conversation's chat (`chat <n>`).
@MainActor
public protocol ChatsRouting: Closable {
    func openChat(with user: UserID) -> Route
}

/// The router of a chat: Chat's own decisions, which a host's class inherits. A host composes it
/// in one line, with the routes that serve `ChatRouting`:
/// `final class AppChatRouter: ChatRouter<Services>, ChatRouting, ProfileRoute, FriendPickerRoute {}`.
open class ChatRouter<Dependencies: ChatDependencies>: Router<ChatView> {
    /// What the routes it adopts build with.
    public let dependencies: Dependencies

    public required init(place: ChatPlace, dependencies: Dependencies) {
        self.dependencies = dependencies
        super.init(place: place)
    }

    /// From a chat, a profile is pushed on the chat's stack instead of covering it: this
    /// overrides the route's default transition, and `close` on that profile then pops it.
    public var profileTransition: any Transition { PushTransition() }

    /// A message's link opens as a link does, from this chat when the chat can open it (a
    /// profile is pushed on the chat's stack); the host says how it went.
    public func follow(_ link: String) async {
        guard let view else { return }
        await window?.host?.follow(link, from: view)
    }
}

/// The router of the conversations list: it opens nothing of its own.
open class ChatsRouter<Dependencies: ChatDependencies>: Router<ChatsView> {
    public let dependencies: Dependencies

    public required init(place: ChatPlace, dependencies: Dependencies) {
        self.dependencies = dependencies
        super.init(place: place)
    }
}
