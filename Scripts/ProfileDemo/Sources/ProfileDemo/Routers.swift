import Domain
import Profile
import Routing

/// What a screen of this program shows: its own place type, as Waypoint's app has its own.
enum DemoPlace: Hashable, Sendable, Codable {
    case directory
    case profile(UserID)
}

/// This program's composition: the directory's router adopts Waypoint's `ProfileRoute`, so
/// `openProfile(for:)` comes with it; the program only says which router a profile gets.
final class DirectoryRouter: Router<DirectoryView>, ProfileRoute {
    let dependencies: Dependencies

    init(dependencies: Dependencies) {
        self.dependencies = dependencies
        super.init(place: DemoPlace.directory)
    }

    func makeProfileRouter(for user: UserID) -> any ProfileModuleRouter {
        DemoProfileRouter(place: DemoPlace.profile(user))
    }
}

/// Profile's router here. Profile needs `openChat(with:)` (`ProfileRouting`); this program has
/// no chat, so its answer is an error the profile screen shows.
final class DemoProfileRouter: Router<ProfileScreen>, ProfileRouting {
    func openChat(with user: UserID) async throws {
        throw NoChat(user: user)
    }
}

struct NoChat: Error, CustomStringConvertible {
    let user: UserID
    var description: String { "ProfileDemo has no chat, so you cannot message \(user) here; Waypoint's app has one" }
}
