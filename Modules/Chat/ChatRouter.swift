import Domain
import Navigation

/// The router of a chat: Chat's own decisions, which a host's class inherits. A host composes it
/// in one line, with the routes that serve `ChatRouting`:
/// `final class AppChatRouter: ChatRouter<AppPlace>, ChatRouting, ProfileRoute, FriendPickerRoute {}`.
///
/// It asks of the app's places only what `Router` asks; the feature's conformance names the rest
/// (`Places: ChatPlaces`); `Feature`'s documentation says why.
open class ChatRouter<Places: AppPlaces>: Router<ChatPresenter, Places> {
    /// What the routes it adopts build with.
    public let dependencies: Places.Environment

    public required init(place: Places, dependencies: Places.Environment) {
        self.dependencies = dependencies
        super.init(place: place)
    }

    /// From a chat, a profile is pushed on the chat's stack instead of covering it: this
    /// overrides the route's default transition, and `close` on that profile then pops it.
    public static var profileTransition: any Transition { PushTransition() }

    /// A message's link opens as a link does, from this chat when the chat can open it (a
    /// profile is pushed on the chat's stack); the host says how it went.
    public func followLink(_ link: String) async {
        guard let view else { return }
        await window?.host?.follow(link, from: view)
    }
}
