import Domain
import Navigation

/// The router of a profile. A host composes it in one line, with the routes that serve
/// `ProfileRouting`: `final class AppProfileRouter: ProfileRouter<AppPlace>, ProfileRouting,
/// ChatRoute, BioEditorRoute {}`.
///
/// It asks of the app's places only what `Router` asks; the feature's conformance names the rest
/// (`Places: ProfilePlaces`); `Feature`'s documentation says why.
open class ProfileRouter<Places: AppPlaces>: Router<ProfilePresenter, Places> {
    /// What the routes it adopts build with.
    public let dependencies: Places.Environment

    public required init(place: Places, dependencies: Places.Environment) {
        self.dependencies = dependencies
        super.init(place: place)
    }
}
