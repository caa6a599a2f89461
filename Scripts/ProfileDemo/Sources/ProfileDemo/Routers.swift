import Domain
import Profile
import Routing

/// What Profile uses, and only that: no sign-in, no messages (Profile's `ProfileDependencies`).
@MainActor
struct ProfileServices: ProfileDependencies {
    var users: any UserService
    var session: Session
    var flags: FeatureFlags
    var prompt: any UserPrompt
}

/// This program's composition. The directory's router adopts Waypoint's `ProfileRoute`, so
/// `openProfile(for:)` comes with it; the program says which router a profile gets, as
/// Waypoint's app does with its router classes.
final class DirectoryRouter: Router<DirectoryView>, ProfileRoute {
    let dependencies: ProfileServices
    private var classes = RouterClasses()

    init(dependencies: ProfileServices) {
        self.dependencies = dependencies
        super.init(place: DemoPlace.directory)
        classes.register(DemoProfileRouter.self) { place in
            DemoProfileRouter(place: place, dependencies: dependencies)
        }
    }

    override func makeRouter<T: Screen>(for screen: T.Type, place: AnyPlace) -> Router<T> {
        classes.make(for: screen, place: place) ?? Router(place: place)
    }
}

/// Profile's router here. Of Profile's needs (`ProfileNeeds`) this program serves one, the bio
/// editor: it is Profile's own, so adopting `BioEditorRoute` brings it. It has no chat, so it
/// does not adopt `ProfileNeeds.OpenChat`, and the profile screen offers no `message`: a need
/// Profile gains later changes nothing here either. The editor itself gets a plain `Router`,
/// which asks before unsaved work is thrown away with no code of this program's.
final class DemoProfileRouter: Router<ProfileView>, ProfileNeeds.OpenBioEditor, BioEditorRoute {
    let dependencies: ProfileServices

    init(place: AnyPlace, dependencies: ProfileServices) {
        self.dependencies = dependencies
        super.init(place: place)
    }
}
