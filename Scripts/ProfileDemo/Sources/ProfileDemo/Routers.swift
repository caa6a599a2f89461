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

/// This program's places: its own directory, and Profile's, each with its feature; the directory
/// is the first screen.
enum DemoPlace: ProfilePlaces {
    typealias Environment = ProfileServices

    case directory
    case profile(ProfilePlace)

    func visit<V: PlaceVisitor>(_ visitor: V) -> V.Result where V.Places == DemoPlace {
        switch self {
        case .directory: visitor.visit(.directory, of: DirectoryFeature.self)
        case .profile(let place): visitor.visit(place, of: ProfileFeature<DemoPlace, DemoProfileRouter>.self)
        }
    }

    static var gate: DemoPlace { .directory }
    static var tabs: [DemoPlace] { [] }
    static func passer(in services: ProfileServices) -> GatePasser? { nil }
    static func closeGate(in services: ProfileServices) {}
}

/// The directory's router adopts Waypoint's `ProfileRoute`, so `openProfile(for:)` comes with it:
/// what the directory's `profile <handle>` opens.
final class DirectoryRouter: Router<DirectoryPresenter, DemoPlace>, ProfileRoute {}

/// Profile's router here, in one line. Of Profile's needs (`ProfileRouting`) this program serves
/// one, the bio editor: it is Profile's own, so adopting `BioEditorRoute` brings it. It has no
/// chat, and says so where the compiler sees it (`ProfileWithoutChats`): the profile screen offers
/// no `message`. Were it to say nothing, the class would not compile.
final class DemoProfileRouter: ProfileRouter<DemoPlace>, ProfileWithoutChats, BioEditorRoute {}
