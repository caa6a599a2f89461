import Domain
import Routing

/// What the Profile screen asks its router for: the host serves each need by adopting the route
/// that opens it (`ChatRoute` brings `openChat(with:)`, `BioEditorRoute` brings
/// `openBioEditor()`). A host that serves fewer says which it leaves out where the compiler sees
/// it (`ProfileWithoutChats`); the screen then offers fewer commands.
@MainActor
public protocol ProfileRouting: Closable {
    /// The chat with the user shown: `message`, on someone else's profile.
    func openChat(with user: UserID) -> Route
    /// The editor of the signed-in user's bio: `edit`, on your own profile.
    func openBioEditor() -> Route
}

/// A host with no chats adopts it, instead of a route that opens one: profiles offer no
/// `message`, and no link follows a profile to a chat.
@MainActor
public protocol ProfileWithoutChats: ProfileRouting, RouterProtocol {}

extension ProfileWithoutChats {
    public func openChat(with user: UserID) -> Route { .leftOut(from: self) }
}

/// The router of a profile. A host composes it in one line, with the routes that serve
/// `ProfileRouting`: `final class AppProfileRouter: ProfileRouter<Services>, ProfileRouting,
/// ChatRoute, BioEditorRoute {}`.
open class ProfileRouter<Dependencies: ProfileDependencies>: Router<ProfileView> {
    /// What the routes it adopts build with.
    public let dependencies: Dependencies

    public required init(place: ProfilePlace, dependencies: Dependencies) {
        self.dependencies = dependencies
        super.init(place: place)
    }
}
