import Domain
import Navigation

/// "Can open Chat": the Chat module's entry route, a route protocol with a default transition
/// and a default implementation. A router that adopts it opens the conversation with a friend,
/// pushed on the current stack unless the router says otherwise.
@MainActor
public protocol ChatRoute: RouterProtocol where Places: ChatPlaces {
    /// How Chat opens from this router; pushed, sliding in, by default.
    static var chatTransition: any Transition { get }
}

extension ChatRoute {
    public static var chatTransition: any Transition { ChatTransition() }

    /// The conversation with `user`, opened by `chatTransition`: loaded, then opened; a chat with
    /// `user` already in the stack it opens from is returned to instead (`WhenShown.goBack`), as
    /// from Chat @bob > Profile @bob, then `message`. Opening it throws the load's error (an
    /// unknown user, not a friend, nobody signed in) or `RoutingError`, and then nothing is opened.
    public static func openChat(with user: UserID) -> Route<Places> {
        Route(.chat(.chat(user)), whenShown: .goBack, transition: chatTransition)
    }
}

/// How a chat loads, declared with its place: within 3 seconds, a placeholder after 300 ms,
/// leaving stops the load, and **the first navigation wins**: while a chat loads, another
/// navigation is refused (a second `message` cannot open a second chat on top of it).
public enum ChatLoading {
    public static let policy = LoadPolicy(
        timeout: .seconds(3), placeholderAfter: .milliseconds(300), competition: .firstWins)
}
