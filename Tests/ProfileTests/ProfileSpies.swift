import Domain
import Routing
import TestSupport

@testable import Profile

/// Records what the Profile presenter asks of its router; fails on demand.
@MainActor
final class ProfileRouterSpy: ProfileRouting {
    enum Call: Hashable {
        case openChat(UserID)
        case openBioEditor
        case close
    }

    private(set) var calls: [Call] = []
    var failure: (any Error)?

    func openChat(with user: UserID) async throws {
        calls.append(.openChat(user))
        if let failure { throw failure }
    }

    func openBioEditor() async throws {
        calls.append(.openBioEditor)
        if let failure { throw failure }
    }

    func close() throws(RoutingError) {
        calls.append(.close)
    }
}

/// Records what the Profile presenter shows.
@MainActor
final class ProfileViewSpy: ProfilePresentable {
    enum Call: Hashable {
        case display(ProfileViewModel)
        case error(String)
    }

    private(set) var calls: [Call] = []

    func display(_ model: ProfileViewModel) { calls.append(.display(model)) }
    func show(error: String) { calls.append(.error(error)) }
}

/// A host for the Profile route: it makes router stubs and remembers the last one.
class ProfileHostBase: HostRouter {
    let dependencies: Dependencies
    private(set) weak var lastRouter: ProfileModuleStub?

    init(dependencies: Dependencies = .demo(signedInAs: DemoData.alice)) throws(RoutingError) {
        self.dependencies = dependencies
        try super.init()
    }

    func makeProfileRouter(for user: UserID) -> any ProfileModuleRouter {
        let router = ProfileModuleStub(place: "Profile \(user)")
        lastRouter = router
        return router
    }
}

/// A host that adopts `ProfileRoute` with its default transition, as Friends' router does.
final class ProfileHost: ProfileHostBase, ProfileRoute {}

/// A host that overrides the route's transition, as Chat's router does in the app. The
/// override sits in the class that adopts the route: a subclass of an adopter could not
/// replace the default, because the conformance is fixed where it is declared.
final class PushingProfileHost: ProfileHostBase, ProfileRoute {
    var profileTransition: any Transition { PushTransition() }
}

/// The router a Profile module gets in these tests.
final class ProfileModuleStub: Router<ProfileScreen>, ProfileRouting {
    private(set) var chats: [UserID] = []

    func openChat(with user: UserID) async throws { chats.append(user) }
    func openBioEditor() async throws {}
}

/// Bob's profile as Alice sees it.
let bobForAlice = ProfileViewModel(
    name: "Bob Builder",
    handle: "@bob",
    bio: "Can we fix it? Yes, we can.",
    relation: "Friends with you.",
    mutualFriends: ["Carol Singer"]
)

/// Bob's profile as the classic screen draws it.
let bobClassic = [
    "Bob Builder (@bob)",
    "\"Can we fix it? Yes, we can.\"",
    "Friends with you. Mutual friends: Carol Singer.",
]

/// Bob's profile as the card screen (`profile.v2`) draws it.
let bobCard = [
    "+-----------------------------+",
    "| Bob Builder  @bob           |",
    "| Can we fix it? Yes, we can. |",
    "| Friends with you.           |",
    "| Mutual friends (1):         |",
    "|   - Carol Singer            |",
    "+-----------------------------+",
]

extension Dependencies {
    /// The demo, signed in as Alice, with `profile.v2` registered and set to `cardScreen`.
    @MainActor
    static func demo(cardScreen: Bool, users: (any UserService)? = nil) -> Dependencies {
        var dependencies = Dependencies.demo(signedInAs: DemoData.alice)
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
        await withCheckedContinuation { held.append($0) }
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

    /// Waits until `count` calls are held, for at most 10 seconds.
    /// - Throws: when they are not held after the bound, so the test fails instead of hanging.
    func waitForHeld(_ count: Int) async throws {
        let deadline = ContinuousClock.now + .seconds(10)
        while held.count < count, ContinuousClock.now < deadline { await Task.yield() }
        guard held.count >= count else { throw NotHeld(expected: count, held: held.count) }
    }

    struct NotHeld: Error, CustomStringConvertible {
        let expected: Int
        let held: Int
        var description: String { "waited for \(expected) held calls; only \(held) came" }
    }

    /// Lets the held call number `index` (counting from 0 among those still held) go on.
    func release(_ index: Int) {
        held.remove(at: index).resume()
    }
}

/// The tests' bag of every service serves what Profile uses.
extension Dependencies: ProfileDependencies {}
