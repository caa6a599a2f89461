import Domain
import Routing

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

/// Chat as a host composes it: its places, the link of each, how each opens, what its screen
/// offers, and its rules.
public enum ChatFeature {
    /// - Parameter services: what the feature's screens are built with, and its rules checked with.
    /// - Returns: the conversations, the first screen of the `chats` tab (`chat <n>` opens any of
    ///   them), and a chat, `chat/<user>`, opened by `openChat(with:)`, with a friend only, whose
    ///   `profile` and `follow <n>` open profiles.
    @MainActor
    public static func places(_ services: some ChatDependencies) -> [PlaceKind] {
        [
            PlaceKind(
                "chats", ChatPlace.chats, on: ChatsView.self, access: .guarded,
                role: .tab("chats") { host in
                    TabProvider("chats", ChatPlace.chats, on: ChatsView.self, from: host) { router in
                        try await ChatsPresenter.screen(router: router, dependencies: services)
                    }
                },
                offers: { _ in [.call("openChat(with:)")] }),
            PlaceKind(
                "chat", .user, ChatPlace.chat, \.user, on: ChatView.self, access: .guarded,
                role: .opened(
                    .route(
                        "openChat(with:)", adoptedBy: { $0 is any ChatRoute.Type },
                        open: { (router: any ChatRoute, place: ChatPlace) in
                            if case .chat(let user) = place { try await router.openChat(with: user) }
                        })),
                // Any user's profile, not only the partner's: `follow` opens any profile shared
                // in the chat, and which were shared is in messages a link cannot know.
                offers: { _ in [.call("openProfile(for:)")] },
                query: [.int("message", 1...9_999)],
                check: { place in
                    if case .chat(let user) = place {
                        try await ChatInteractor.checkChat(with: user, dependencies: services)
                    }
                }),
        ]
    }
}

extension LinkParameter where Value == UserID {
    /// A user's handle, as a link writes it: `bob`.
    static var user: LinkParameter<UserID> {
        LinkParameter("user", reading: UserID.init(linkSegment:), print: \.rawValue)
    }
}
