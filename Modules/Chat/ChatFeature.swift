import Domain
import Navigation

/// Chat, declared: the conversations, the first screen of the `chats` tab (`chat <n>` opens any
/// of them), and a chat, `chat/<user>`, with a friend only (its rule, `friendship`, checked again
/// whenever the friendships change), whose `profile` and `follow <n>` open profiles and whose
/// `share` picks a friend. `Router` is the app's router class for a chat: it serves `ChatRouting`.
public enum ChatFeature<Places, Router> {}

@MainActor
extension ChatFeature: Feature
where Places: ChatPlaces, Router: ChatRouter<Places> & ChatRouting, Places.Environment: ChatDependencies {
    public typealias Place = ChatPlace

    public static var name: String { "Chat" }

    public static func embed(_ place: ChatPlace) -> Places { .chat(place) }

    public static func link(of place: ChatPlace) -> PlaceLink {
        switch place {
        case .chats: PlaceLink("chats")
        case .chat(let user): PlaceLink("chat", userParameter, user)
        }
    }

    public static func policy(of place: ChatPlace) -> LoadPolicy? {
        place == .chats ? .standard : ChatLoading.policy
    }

    public static func query(of place: ChatPlace) -> [QueryParameter] {
        place == .chats ? [] : [.int("message", 1...9_999)]
    }

    public static func rules(of place: ChatPlace, in environment: Places.Environment) -> [PlaceRule] {
        guard case .chat(let user) = place else { return [] }
        return [friendship(with: user, environment)]
    }

    public static func offers(at place: ChatPlace, in environment: Places.Environment) -> [Offer<Places>] {
        switch place {
        case .chats: ChatsPresenter.offers(opening: openChat(with:))
        case .chat(let friend): ChatPresenter.offers(at: friend, host: Router.self)
        }
    }

    /// A chat's user is checked by its rule (`friendship`: a friend, who exists); the
    /// conversations name no data.
    public static func check(_ place: ChatPlace, in environment: Places.Environment) async throws {}

    public static func open(_ place: ChatPlace, checking: Checking<Void>, in opening: Opening<Places>) -> ModuleLoad {
        let services = opening.environment
        switch place {
        case .chats:
            let router = Navigation.Router<ChatsPresenter, Places>(place: embed(place))
            return opening.open(router, checking) { _ in
                try await ChatsPresenter.screen(router: router, dependencies: services)
            }
        case .chat(let user):
            let router = Router(place: embed(place), dependencies: services)
            return opening.open(router, checking) { _ in
                try await ChatPresenter.screen(with: user, router: router, dependencies: services)
            }
        }
    }

    /// The chat with `user`, as the conversations open it: pushed, sliding in.
    static func openChat(with user: UserID) -> Route<Places> {
        Route(embed(.chat(user)), whenShown: .goBack, transition: ChatTransition())
    }

    /// Chat's rule on data: a chat is with a friend of whoever is signed in.
    static func friendship(with user: UserID, _ services: some ChatDependencies) -> PlaceRule {
        PlaceRule("friendship", summary: "you and the user it names are friends") {
            try await ChatInteractor.checkChat(with: user, dependencies: services)
        }
    }
}
