import Domain
import Navigation

/// The router of a profile. A host composes it in one line, with the routes that serve
/// `ProfileRouting`: `final class AppProfileRouter: ProfileRouter<AppPlace>, ProfileRouting,
/// ChatRoute, BioEditorRoute {}`.
///
/// It asks of the app's places only what `Router` asks: the feature's conformance names the rest
/// (`Places: ProfilePlaces`), which App's code hands over, where a class's own requirement is
/// looked up in every conformance of the program when App's subclass is first made.
open class ProfileRouter<Places: AppPlaces>: Router<ProfilePresenter, Places> {
    /// What the routes it adopts build with.
    public let dependencies: Places.Environment

    public required init(place: Places, dependencies: Places.Environment) {
        self.dependencies = dependencies
        super.init(place: place)
    }
}
