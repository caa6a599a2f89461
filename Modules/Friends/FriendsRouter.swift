import Navigation

/// The router of the friends list. A host composes it in one line, with the routes that serve
/// `FriendsRouting`: `final class AppFriendsRouter: FriendsRouter<AppPlace>, FriendsRouting,
/// ProfileRoute, ChatRoute {}`.
open class FriendsRouter<Places: FriendsPlaces>: Router<FriendsPresenter, Places>
where Places.Environment: FriendsDependencies {
    /// What the routes it adopts build with.
    public let dependencies: Places.Environment

    public required init(place: Places, dependencies: Places.Environment) {
        self.dependencies = dependencies
        super.init(place: place)
    }
}
