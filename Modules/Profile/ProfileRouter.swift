import Domain
import Navigation

/// The router of a profile. A host composes it in one line, with the routes that serve
/// `ProfileRouting`: `final class AppProfileRouter: ProfileRouter<Services>, ProfileRouting,
/// ChatRoute, BioEditorRoute {}`.
open class ProfileRouter<Dependencies: ProfileDependencies>: Router<ProfilePresenter> {
    /// What the routes it adopts build with.
    public let dependencies: Dependencies

    public required init(place: ProfilePlace, dependencies: Dependencies) {
        self.dependencies = dependencies
        super.init(place: place)
    }
}
