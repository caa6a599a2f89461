import Domain
import Navigation

/// The router of a chat: Chat's own decisions, which a host's class inherits. A host composes it
/// in one line, with the routes that serve `ChatRouting`:
/// `final class AppChatRouter: ChatRouter<Services>, ChatRouting, ProfileRoute, FriendPickerRoute {}`.
open class ChatRouter<Dependencies: ChatDependencies>: Router<ChatPresenter> {
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
        await navigator?.host?.follow(link, from: view)
    }
}

/// The router of the conversations list: it opens nothing of its own.
open class ChatsRouter<Dependencies: ChatDependencies>: Router<ChatsPresenter> {
    public let dependencies: Dependencies

    public required init(place: ChatPlace, dependencies: Dependencies) {
        self.dependencies = dependencies
        super.init(place: place)
    }
}
