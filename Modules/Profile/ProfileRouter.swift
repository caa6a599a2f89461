import Domain
import Navigation

/// The router of a profile. A host composes it in one line, with the routes that serve
/// `ProfileRouting`: `final class AppProfileRouter: ProfileRouter<AppPlace>, ProfileRouting,
/// ChatRoute, BioEditorRoute {}`.
open class ProfileRouter<Places: ProfilePlaces>: Router<ProfilePresenter, Places>
where Places.Environment: ProfileDependencies {
    /// What the routes it adopts build with.
    public let dependencies: Places.Environment

    public required init(place: Places, dependencies: Places.Environment) {
        self.dependencies = dependencies
        super.init(place: place)
    }
}
