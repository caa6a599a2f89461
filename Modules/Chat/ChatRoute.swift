import Domain
import Routing

/// The router a Chat module gets: a `Router` for its screen that also does what Chat needs
/// (`ChatRouting`). The app decides the class.
public typealias ChatModuleRouter = Router<ChatView> & ChatRouting

/// "Can open Chat": the Chat module's entry route (a route protocol with a default transition and a default implementation). A router that adopts it opens the
/// conversation with a friend, pushed on the current stack unless the router says otherwise.
@MainActor
public protocol ChatRoute: RouterProtocol {
    /// How Chat opens from this router; pushed by default.
    var chatTransition: any Transition { get }
    /// The services the module is assembled with: any type that has what it uses.
    associatedtype ChatServices: ChatDependencies
    /// The services the module is assembled with.
    var dependencies: ChatServices { get }
    /// Makes the router of a new Chat module, for the chat with `user`: the app gives it its
    /// place.
    func makeChatRouter(with user: UserID) -> any ChatModuleRouter
    /// Loads the conversation with `user`, then opens it; a chat with `user` already in the
    /// stack it opens from is returned to instead (`WhenShown.goBack`).
    /// - Throws: the load's error (an unknown user, not a friend, nobody signed in), or
    ///   `RoutingError`; nothing is opened then, and nothing of the half-built module stays alive.
    func openChat(with user: UserID) async throws
}

extension ChatRoute {
    public var chatTransition: any Transition { PushTransition() }

    public func openChat(with user: UserID) async throws {
        let router = makeChatRouter(with: user)
        let builder = ChatBuilder(dependencies: dependencies)
        // A chat already in this stack (Chat @bob > Profile @bob, then `message`) is gone back
        // to instead of stacking a copy.
        try await open(router, transition: chatTransition, whenShown: .goBack) {
            try await builder.build(with: user, router: router)
        }
    }
}

/// Assembles a Chat module around the router it is given, and loads it: providing a screen is
/// asynchronous and may fail (an asynchronous, failable provider).
@MainActor
struct ChatBuilder {
    let dependencies: any ChatDependencies

    func build(with user: UserID, router: any ChatRouting) async throws -> ChatView {
        let interactor = ChatInteractor(
            friend: user,
            users: dependencies.users,
            messages: dependencies.messages,
            session: dependencies.session
        )
        let presenter = ChatPresenter(interactor: interactor, router: router)
        let view = ChatView(user: user, listener: presenter)
        presenter.view = view
        try await presenter.load()
        return view
    }
}
