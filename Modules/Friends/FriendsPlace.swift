import Domain
import Routing

/// The places Friends' screens show.
public enum FriendsPlace: Place {
    /// The signed-in user's friends: the friends tab's first screen.
    case friends
    /// The friends list in picking mode, answering the flow that opened it. No link names it: a
    /// link could open it, but nobody would wait for its answer.
    case pickFriend

    public var title: String {
        switch self {
        case .friends: "Friends"
        case .pickFriend: "Pick a friend"
        }
    }
}

/// Friends as a host composes it: its places, the link of each, how each opens, and what its
/// screen offers.
public enum FriendsFeature {
    /// - Parameter services: what the feature's screens are built with.
    /// - Returns: the friends list, the first screen of the `friends` tab, which a link may filter
    ///   (`friends?search=car`): its `profile <n>` and
    ///   `message <n>` open any friend's profile and chat.
    @MainActor
    public static func places(_ services: some FriendsDependencies) -> [PlaceKind] {
        [
            PlaceKind(
                "friends", FriendsPlace.friends, on: FriendsView.self, access: .guarded,
                role: .tab("friends") { host in
                    TabProvider("friends", FriendsPlace.friends, on: FriendsView.self, from: host) { router in
                        try await FriendsPresenter.screen(router: router, dependencies: services)
                    }
                },
                offers: { _ in [.call("openProfile(for:)"), .call("openChat(with:)")] },
                query: [.text("search", maxLength: 40)])
        ]
    }
}
