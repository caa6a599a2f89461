import Domain
import Navigation

/// The places Chat's screens show.
public enum ChatPlace: Place {
    /// The signed-in user's conversations: the chats tab's first screen.
    case chats
    /// The conversation with one friend.
    case chat(UserID)

    public var title: String {
        switch self {
        case .chats: "Chats"
        case .chat(let user): "Chat \(user)"
        }
    }

    /// The friend a chat is with.
    var user: UserID? {
        if case .chat(let user) = self { user } else { nil }
    }
}

/// Chat as a host composes it: its places, the link of each, how each is built and opens, what
/// its screens offer, and its rules.
public enum ChatFeature {
    /// - Parameters:
    ///   - services: what the feature's screens are built with, and its rules checked with.
    ///   - chats: the host's router class for the conversations: it serves `ChatsRouting`.
    ///   - chat: the host's router class for a chat: it serves `ChatRouting`.
    /// - Returns: the conversations, the first screen of the `chats` tab (`chat <n>` opens any of
    ///   them), and a chat, `chat/<user>`, with a friend only (its rule, `friendship`, checked
    ///   again whenever the friendships change), whose `profile` and `follow <n>` open profiles.
    @MainActor
    public static func places<
        S: ChatDependencies, Chats: ChatsRouter<S> & ChatsRouting, Chat: ChatRouter<S> & ChatRouting
    >(
        _ services: S, chats: Chats.Type, chat: Chat.Type
    ) -> [PlaceKind] {
        [
            PlaceKind(
                "chats", ChatPlace.chats, access: .guarded, role: .tab,
                router: { Chats(place: $0, dependencies: services) },
                screen: { router, _ in try await ChatsPresenter.screen(router: router, dependencies: services) },
                offers: { ChatsPresenter.offers(at: $0, host: Chats.self) }),
            PlaceKind(
                "chat", LinkParameter(UserID.link), ChatPlace.chat, \.user, access: .guarded, role: .opened,
                router: { Chat(place: $0, dependencies: services) },
                screen: { router, user in
                    try await ChatPresenter.screen(with: user, router: router, dependencies: services)
                },
                policy: ChatLoading.policy, offers: { ChatPresenter.offers(at: $0, host: Chat.self) },
                query: [.int("message", 1...9_999)], rules: [friendship(services)]),
        ]
    }

    /// Chat's rule on data: a chat is with a friend of whoever is signed in.
    @MainActor
    static func friendship(_ services: some ChatDependencies) -> PlaceRule {
        PlaceRule("friendship", summary: "you and the user it names are friends", reads: UserID.self) { user in
            try await ChatInteractor.checkChat(with: user, dependencies: services)
        }
    }
}
