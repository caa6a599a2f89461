import Navigation

/// Friends, declared: the friends list, the first screen of the `friends` tab, which a link may
/// filter (`friends?search=car`): its `profile <n>` and `message <n>` open any friend's profile and
/// chat; and the picker, `pick-friend`, which answers the place that opened it with a friend
/// (`FriendPickerRoute`). `Router` is the app's router class for the list: it serves
/// `FriendsRouting`.
public enum FriendsFeature<Places, Router> {}

@MainActor
extension FriendsFeature: Feature
where Places: FriendsPlaces, Router: FriendsRouter<Places> & FriendsRouting, Places.Environment: FriendsDependencies {
    public typealias Place = FriendsPlace

    public static var name: String { "Friends" }

    public static func embed(_ place: FriendsPlace) -> Places { .friends(place) }

    public static func link(of place: FriendsPlace) -> PlaceLink {
        switch place {
        case .friends: PlaceLink("friends")
        case .pickFriend: PlaceLink("pick-friend")
        }
    }

    public static func query(of place: FriendsPlace) -> [QueryParameter] {
        place == .friends ? [.text("search", maxLength: 40)] : []
    }

    public static func answers(_ place: FriendsPlace) -> Bool { place != .friends }

    public static func offers(at place: FriendsPlace, in environment: Places.Environment) -> [Offer<Places>] {
        place == .friends ? FriendsPresenter.offers(host: Router.self) : []
    }

    /// The list and the picker name no data of their own: there is nothing to check.
    public static func check(_ place: FriendsPlace, in environment: Places.Environment) async throws {}

    public static func open(_ place: FriendsPlace, checking: Checking<Void>, in opening: Opening<Places>)
        -> ModuleLoad
    {
        let services = opening.environment
        switch place {
        case .friends:
            let router = Router(place: embed(place), dependencies: services)
            return opening.open(router, checking) { _ in
                try await FriendsPresenter.screen(router: router, dependencies: services)
            }
        case .pickFriend(let excluded):
            let router = Navigation.Router<FriendPickerPresenter, Places>(place: embed(place))
            return opening.open(router, checking) { _ in
                try await FriendPickerPresenter.screen(excluding: excluded, router: router, dependencies: services)
            }
        }
    }
}
