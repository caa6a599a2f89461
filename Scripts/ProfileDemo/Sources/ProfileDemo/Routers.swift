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

/// Profile's router here. Profile needs `openChat(with:)` and `openLogin()` (`ProfileRouting`);
/// this program has neither a chat nor Login, so its answers are errors the profile screen shows.
final class DemoProfileRouter: Router<ProfileScreen>, ProfileRouting {
    func openChat(with user: UserID) async throws {
        throw NoChat(user: user)
    }

    /// Signing out (offered on your own profile) needs a Login this program does not have.
    func openLogin() async throws {
        throw NoLogin()
    }
}

struct NoLogin: Error, CustomStringConvertible {
    var description: String { "ProfileDemo has no Login, so you stay signed in here; Waypoint's app has one" }
}

struct NoChat: Error, CustomStringConvertible {
    let user: UserID
    var description: String { "ProfileDemo has no chat, so you cannot message \(user) here; Waypoint's app has one" }
}
