import Domain
import Navigation
import Profile

/// What Profile uses, and only that: no sign-in, no messages (Profile's `ProfileDependencies`).
@MainActor
struct ProfileServices: ProfileDependencies {
    /// The people and their friendships: Domain's in-memory backend, with the demo's data.
    let backend: InMemoryBackend
    var session: Session
    var flags: FeatureFlags
    var prompt: any UserPrompt

    func user(_ id: UserID) async throws(ServiceError) -> User { try backend.user(id) }
    func areFriends(_ a: UserID, _ b: UserID) async throws(ServiceError) -> Bool { try backend.areFriends(a, b) }
    func mutualFriends(of a: UserID, and b: UserID) async throws(ServiceError) -> [User] {
        try backend.mutualFriends(of: a, and: b)
    }
    func setBio(_ bio: String, of id: UserID) async throws(ServiceError) -> User { try backend.setBio(bio, of: id) }
    func setFriendship(_ a: UserID, _ b: UserID, areFriends: Bool) async throws(ServiceError) {
        try backend.setFriendship(a, b, areFriends: areFriends)
    }
}

/// This program's composition. The directory's router adopts Waypoint's `ProfileRoute`, so
/// `openProfile(for:)` comes with it (a route it opens: `router.open(DirectoryRouter.openProfile(for: bob))`); the program names the router class a profile gets where it
/// lists Profile's places (`ProfileFeature.places`), as Waypoint's app does.
final class DirectoryRouter: Router<DirectoryPresenter>, ProfileRoute {
    let dependencies: ProfileServices

    init(dependencies: ProfileServices) {
        self.dependencies = dependencies
        super.init(place: DemoPlace.directory)
    }
}

/// Profile's router here, in one line. Of Profile's needs (`ProfileRouting`) this program serves
/// one, the bio editor: it is Profile's own, so adopting `BioEditorRoute` brings it. It has no
/// chat, and says so where the compiler sees it (`ProfileWithoutChats`): the profile screen offers
/// no `message`. Were it to say nothing, the class would not compile.
final class DemoProfileRouter: ProfileRouter<ProfileServices>, ProfileWithoutChats, BioEditorRoute {}
