import Domain
import Routing

/// The router the Chats screen gets: a `Router` for it that also does what it needs
/// (`ChatsRouting`). The app decides the class.
public typealias ChatsModuleRouter = Router<ChatsView> & ChatsRouting

extension TabProvider {
    /// A tab whose first screen is the signed-in user's conversations: the Chats screen, built
    /// around `router` and loaded when the tabs open.
    /// - Parameters:
    ///   - name: the tab's name: `chats`.
    ///   - router: the Chats screen's router, with the place the app gives it.
    ///   - dependencies: the services the screen is assembled with.
    /// - Returns: the tab, for `openTabs(_:selecting:)`.
    public static func chats(
        named name: String, router: any ChatsModuleRouter, dependencies: any ChatDependencies
    ) -> TabProvider {
        TabProvider(name, router: router) {
            let presenter = ChatsPresenter(
                interactor: ChatsInteractor(messages: dependencies.messages, session: dependencies.session),
                router: router)
            let view = ChatsView(listener: presenter)
            presenter.view = view
            try await presenter.load()
            return view
        }
    }
}
