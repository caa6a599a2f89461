import Domain
import Navigation

/// The places Friends' screens show.
public enum FriendsPlace: Place {
    /// The signed-in user's friends: the friends tab's first screen.
    case friends
    /// The friends list in picking mode, without `excluding` (the friend of the chat it was
    /// opened from), answering the screen before it with the friend picked: `chat/bob/pick-friend`.
    case pickFriend(excluding: UserID)

    public var title: String {
        switch self {
        case .friends: "Friends"
        case .pickFriend: "Pick a friend"
        }
    }

    /// The user the picker leaves out, for the picker.
    var excluded: UserID? {
        if case .pickFriend(let user) = self { user } else { nil }
    }
}

/// Friends as a host composes it: its places, the link of each, how each is built and opens,
/// and what its screen offers.
public enum FriendsFeature {
    /// - Parameters:
    ///   - services: what the feature's screens are built with.
    ///   - friends: the host's router class for the friends list: it serves `FriendsRouting`.
    /// - Returns: the friends list, the first screen of the `friends` tab, which a link may filter
    ///   (`friends?search=car`): its `profile <n>` and `message <n>` open any friend's profile and
    ///   chat; and the picker, `pick-friend`, which takes the user of the place before it (a chat's
    ///   friend, whom it leaves out) and answers that place with a friend (`FriendPickerRoute`).
    @MainActor
    public static func places<S: FriendsDependencies, R: FriendsRouter<S> & FriendsRouting>(
        _ services: S, friends: R.Type
    ) -> [PlaceKind] {
        [
            PlaceKind(
                "friends", FriendsPlace.friends, access: .guarded, role: .tab,
                router: { R(place: $0, dependencies: services) },
                screen: { router, _ in try await FriendsPresenter.screen(router: router, dependencies: services) },
                offers: { FriendsPresenter.offers(at: $0, host: R.self) }, query: [.text("search", maxLength: 40)]),
            PlaceKind(
                "pick-friend", context: UserID.self, FriendsPlace.pickFriend, \.excluded, access: .guarded,
                router: { Router<FriendPickerPresenter>(place: $0) },
                screen: { router, excluded in
                    try await FriendPickerPresenter.screen(excluding: excluded, router: router, dependencies: services)
                }, answers: UserID.self),
        ]
    }
}
