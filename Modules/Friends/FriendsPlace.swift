import Domain
import Navigation

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

/// Friends as a host composes it: its places, the link of each, how each is built and opens,
/// and what its screen offers.
public enum FriendsFeature {
    /// - Parameters:
    ///   - services: what the feature's screens are built with.
    ///   - friends: the host's router class for the friends list: it serves `FriendsRouting`.
    /// - Returns: the friends list, the first screen of the `friends` tab, which a link may filter
    ///   (`friends?search=car`): its `profile <n>` and `message <n>` open any friend's profile and
    ///   chat. The picker has no kind: no link names it (`FriendPickerRoute` opens it).
    @MainActor
    public static func places<S: FriendsDependencies, R: FriendsRouter<S> & FriendsRouting>(
        _ services: S, friends: R.Type
    ) -> [PlaceKind] {
        [
            PlaceKind(
                "friends", FriendsPlace.friends, access: .guarded, role: .tab,
                router: { R(place: $0, dependencies: services) },
                screen: { router, _ in try await FriendsPresenter.screen(router: router, dependencies: services) },
                offers: { FriendsPresenter.offers(at: $0, host: R.self) }, query: [.text("search", maxLength: 40)])
        ]
    }
}
