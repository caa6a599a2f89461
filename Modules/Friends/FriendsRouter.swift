import Navigation

/// The router of the friends list. A host composes it in one line, with the routes that serve
/// `FriendsRouting`: `final class AppFriendsRouter: FriendsRouter<AppPlace>, FriendsRouting,
/// ProfileRoute, ChatRoute {}`.
///
/// It asks of the app's places only what `Router` asks; the feature's conformance names the rest
/// (`Places: FriendsPlaces`); `Feature`'s documentation says why.
open class FriendsRouter<Places: AppPlaces>: Router<FriendsPresenter, Places> {
    /// What the routes it adopts build with.
    public let dependencies: Places.Environment

    public required init(place: Places, dependencies: Places.Environment) {
        self.dependencies = dependencies
        super.init(place: place)
    }
}
