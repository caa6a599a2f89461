import Domain
import Navigation

/// "Can open Chat": the Chat module's entry route, a route protocol with a default transition
/// and a default implementation. A router that adopts it opens the conversation with a friend,
/// pushed on the current stack unless the router says otherwise.
@MainActor
public protocol ChatRoute: RouterProtocol {
    /// How Chat opens from this router; pushed by default.
    var chatTransition: any Transition { get }
    /// The conversation with `user`, opened by `chatTransition`: loaded, then opened; a chat with
    /// `user` already in the stack it opens from is returned to instead (`WhenShown.goBack`).
    /// Opening it throws the load's error (an unknown user, not a friend, nobody signed in) or
    /// `RoutingError`, and then nothing is opened and nothing of the half-built module stays alive.
    static func openChat(with user: UserID) -> Route
}

extension ChatRoute {
    public var chatTransition: any Transition { ChatTransition() }

    public static func openChat(with user: UserID) -> Route {
        // A chat already in this stack (Chat @bob > Profile @bob, then `message`) is gone back
        // to instead of stacking a copy.
        Route(ChatPlace.chat(user), whenShown: .goBack) { (router: Self) in router.chatTransition }
    }
}

/// How a chat loads, declared with its place: within 3 seconds, a placeholder after 300 ms,
/// leaving stops the load, and **the first navigation wins**: while a chat loads, another
/// navigation is refused (a second `message` cannot open a second chat on top of it).
public enum ChatLoading {
    public static let policy = LoadPolicy(
        timeout: .seconds(3), placeholderAfter: .milliseconds(300), competition: .firstWins)
}
