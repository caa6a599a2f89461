import Domain
import DomainTesting
import Navigation
import NavigationTesting
import TestSupport

@testable import Profile

/// Profile's test places, shown by the test's router class (`ProfileRouterType`): Profile's
/// places, and stubs for what a profile opens of other features (`Chat @bob`).
protocol ProfileTestPlaces: TesterPlaces, ProfilePlaces, ExpressibleByStringLiteral where Environment == Services {
    associatedtype ProfileRouterType: ProfileRouter<Self> & ProfileRouting
    var profilePlace: ProfilePlace? { get }
    var stubPlace: StubPlace { get }
}

extension ProfileTestPlaces {
    @MainActor func visit<V: PlaceVisitor>(_ visitor: V) -> V.Result where V.Places == Self {
        if let place = profilePlace { return visitor.visit(place, of: ProfileFeature<Self, ProfileRouterType>.self) }
        return visitor.visit(stubPlace, of: StubFeature<Self>.self)
    }

    init(stringLiteral title: String) { self = .stub(StubPlace(title)) }

    /// `user`'s profile.
    static func profile(_ user: UserID) -> Self { .profile(.profile(user)) }

    /// The bio editor.
    static var editBio: Self { .profile(.editBio) }
}

/// A profile with the test's router, as a host composes it: its chats are stubs (`Chat @bob`);
/// the bio editor is Profile's own.
enum ProfileTest: ProfileTestPlaces {
    typealias ProfileRouterType = TestProfileRouter
    typealias Environment = Services

    case profile(ProfilePlace)
    case stub(StubPlace)

    var profilePlace: ProfilePlace? { if case .profile(let place) = self { place } else { nil } }
    var stubPlace: StubPlace { if case .stub(let place) = self { place } else { "Tester" } }
}

final class TestProfileRouter: ProfileRouter<ProfileTest>, ProfileRouting, BioEditorRoute {
    static func openChat(with user: UserID) -> Route<ProfileTest> {
        Route(.stub(StubPlace("Chat \(user)")), transition: PushTransition())
    }
}

/// A profile whose chats cannot open.
enum RefusingProfileTest: ProfileTestPlaces {
    typealias ProfileRouterType = RefusingProfileRouter
    typealias Environment = Services

    case profile(ProfilePlace)
    case stub(StubPlace)

    var profilePlace: ProfilePlace? { if case .profile(let place) = self { place } else { nil } }
    var stubPlace: StubPlace { if case .stub(let place) = self { place } else { "Tester" } }
}

final class RefusingProfileRouter: ProfileRouter<RefusingProfileTest>, ProfileRouting, BioEditorRoute {
    static func openChat(with user: UserID) -> Route<RefusingProfileTest> {
        Route(.stub(StubPlace("Chat \(user)", fails: true)), transition: PushTransition())
    }
}

/// A profile whose host leaves chats out, saying so.
enum ChatlessProfileTest: ProfileTestPlaces {
    typealias ProfileRouterType = ChatlessProfileRouter
    typealias Environment = Services

    case profile(ProfilePlace)
    case stub(StubPlace)

    var profilePlace: ProfilePlace? { if case .profile(let place) = self { place } else { nil } }
    var stubPlace: StubPlace { if case .stub(let place) = self { place } else { "Tester" } }
}

final class ChatlessProfileRouter: ProfileRouter<ChatlessProfileTest>, ProfileWithoutChats, BioEditorRoute {}

/// Records what the Profile presenter asks of its router; serves every need.
@MainActor
final class ProfileRouterSpy: RouterSpy<ProfileTest>, ProfileRouting {
    static func openChat(with user: UserID) -> Route<ProfileTest> {
        Route(.stub(StubPlace("Chat \(user)")), transition: PushTransition())
    }
    static func openBioEditor() -> Route<ProfileTest> { Route(.editBio, transition: ModalTransition()) }
}

/// A host that adopts `ProfileRoute` with its default transition, as Friends' router does.
final class ProfileHost: Router<StubScreen, ProfileTest>, ProfileRoute {}

/// A host that overrides the route's transition, as Chat's router does in the app.
final class PushingProfileHost: Router<StubScreen, ProfileTest>, ProfileRoute {
    static var profileTransition: any Transition { PushTransition() }
}

/// A host that adopts `BioEditorRoute`, as Profile's router does in the app.
final class EditorHost: Router<StubScreen, ProfileTest>, BioEditorRoute {}

extension Stage where Places == ProfileTest {
    /// The screen on top, a profile.
    var profile: ProfilePresenter? { window.state.screens.topScreen as? ProfilePresenter }

    /// The editor on top.
    var editor: BioEditorPresenter? { window.state.screens.topScreen as? BioEditorPresenter }

    /// Chooses `action` on the editor on top, with `argument`.
    func perform(_ action: BioEditorPresenter.Action, _ argument: String = "") async throws {
        guard let editor else { throw RoutingError.notInWindow(screen: "Edit bio") }
        await editor.perform(action, argument: argument)
    }
}

/// Bob's profile as Alice sees it, on the classic screen.
let bobClassic: [ScreenContent.Line] = [
    .text("Bob Builder (@bob)"), .text("\"Can we fix it? Yes, we can.\""),
    .text("Friends with you. Mutual friends: Carol Singer."),
]

/// Bob's profile as the card screen (`profile.v2`) draws it.
let bobCard: [ScreenContent.Line] = [
    "+-----------------------------+",
    "| Bob Builder  @bob           |",
    "| Can we fix it? Yes, we can. |",
    "| Friends with you.           |",
    "| Mutual friends (1):         |",
    "|   - Carol Singer            |",
    "+-----------------------------+",
].map { .text($0) }

extension Services {
    /// The demo, signed in as Alice, with `profile.v2` registered and set to `cardScreen`.
    @MainActor
    static func demo(cardScreen: Bool, users: (any UserService)? = nil) -> Services {
        var dependencies = Services.demo(signedInAs: DemoData.alice)
        dependencies.flags = FeatureFlags([.profileV2])
        try? dependencies.flags.set(FeatureFlag.profileV2.name, to: cardScreen)
        if let users { dependencies.users = users }
        return dependencies
    }
}

/// A user service that holds every `user(_:)` call until the test lets it go: a slow network,
/// to load two profiles at once.
actor HeldUsers: UserService {
    private let backend: InMemoryBackend
    private var held: [CheckedContinuation<Void, Never>] = []
    private(set) var calls = 0

    init(_ backend: InMemoryBackend) {
        self.backend = backend
    }

    func user(_ id: UserID) async throws(ServiceError) -> User {
        calls += 1
        await withCheckedContinuation {
            held.append($0)
            wakeWaiters()
        }
        return try await backend.user(id)
    }

    func friends(of id: UserID) async throws(ServiceError) -> [User] { try await backend.friends(of: id) }
    func mutualFriends(of a: UserID, and b: UserID) async throws(ServiceError) -> [User] {
        try await backend.mutualFriends(of: a, and: b)
    }
    func areFriends(_ a: UserID, _ b: UserID) async throws(ServiceError) -> Bool { try await backend.areFriends(a, b) }
    func setBio(_ bio: String, of id: UserID) async throws(ServiceError) -> User {
        try await backend.setBio(bio, of: id)
    }

    func setFriendship(_ a: UserID, _ b: UserID, areFriends: Bool) async throws(ServiceError) {
        try await backend.setFriendship(a, b, areFriends: areFriends)
    }

    /// Who waits for how many calls to be held.
    private var waiters: [(count: Int, continuation: CheckedContinuation<Void, Never>)] = []

    /// Waits until `count` calls are held: the call that makes them `count` wakes it, however
    /// long the machine takes (a test that never gets them is ended by its time limit).
    func waitForHeld(_ count: Int) async {
        guard held.count < count else { return }
        await withCheckedContinuation { waiters.append((count, $0)) }
    }

    private func wakeWaiters() {
        let ready = waiters.filter { held.count >= $0.count }
        waiters.removeAll { held.count >= $0.count }
        for waiter in ready { waiter.continuation.resume() }
    }

    /// Lets the held call number `index` (counting from 0 among those still held) go on.
    func release(_ index: Int) {
        held.remove(at: index).resume()
    }
}
