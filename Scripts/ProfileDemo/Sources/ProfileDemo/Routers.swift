import Domain
import Profile
import Routing

/// What a screen of this program shows: its own place type, as Waypoint's app has its own.
enum DemoPlace: Hashable, Sendable, Codable {
    case directory
    case profile(UserID)
    case editBio
}

/// This program's composition: the directory's router adopts Waypoint's `ProfileRoute`, so
/// `openProfile(for:)` comes with it; the program only says which router a profile gets.
final class DirectoryRouter: Router<DirectoryView>, ProfileRoute {
    let dependencies: ProfileServices

    init(dependencies: ProfileServices) {
        self.dependencies = dependencies
        super.init(place: DemoPlace.directory)
    }

    func makeProfileRouter(for user: UserID) -> any ProfileModuleRouter {
        DemoProfileRouter(place: DemoPlace.profile(user), dependencies: dependencies)
    }
}

/// Profile's router here. Profile needs `openChat(with:)` and `openBioEditor()`
/// (`ProfileRouting`). This program has no chat, so that answer is an error the profile screen
/// shows; the bio editor is Profile's own, so adopting `BioEditorRoute` brings it.
final class DemoProfileRouter: Router<ProfileScreen>, ProfileRouting, BioEditorRoute {
    let dependencies: ProfileServices

    init(place: DemoPlace, dependencies: ProfileServices) {
        self.dependencies = dependencies
        super.init(place: place)
    }

    func openChat(with user: UserID) async throws {
        throw NoChat(user: user)
    }

    func makeBioEditorRouter() -> any BioEditorModuleRouter {
        DemoBioEditorRouter(place: DemoPlace.editBio)
    }
}

/// The editor asks before it is taken away with unsaved changes: the route's default
/// implementation does, so adopting `BioEditorRouting` is all.
final class DemoBioEditorRouter: Router<BioEditorView>, BioEditorRouting {}

struct NoChat: Error, CustomStringConvertible {
    let user: UserID
    var description: String { "ProfileDemo has no chat, so you cannot message \(user) here; Waypoint's app has one" }
}
