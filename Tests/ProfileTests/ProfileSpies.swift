import Domain
import DomainTesting
import Navigation
import TestSupport

@testable import Profile

/// Records what the Profile presenter asks of its router (`opened`, `closes`); fails on demand.
/// It serves every need.
@MainActor
final class ProfileRouterSpy: RouterSpy, ProfileRouting {
    static func openChat(with user: UserID) -> Route { Route("Chat \(user)", transition: PushTransition()) }
    static func openBioEditor() -> Route { Route("Edit bio", transition: ModalTransition()) }
}

/// A router that serves the bio editor and leaves chats out, saying so (`ProfileWithoutChats`).
@MainActor
final class ChatlessRouter: RouterSpy, ProfileWithoutChats {
    static func openBioEditor() -> Route { Route("Edit bio", transition: ModalTransition()) }
}

/// The services of these tests' hosts: the demo's, and a record of the last Profile router made.
@MainActor
final class ProfileTestServices: ProfileDependencies {
    let services: Services
    /// The router of the last profile built, held weakly.
    weak var lastRouter: ProfileModuleStub?

    init(_ services: Services) { self.services = services }

    var session: Session { services.session }
    var flags: FeatureFlags { services.flags }
    var prompt: any UserPrompt { services.prompt }
    func user(_ id: UserID) async throws(ServiceError) -> User { try await services.user(id) }
    func areFriends(_ a: UserID, _ b: UserID) async throws(ServiceError) -> Bool { try await services.areFriends(a, b) }
    func mutualFriends(of a: UserID, and b: UserID) async throws(ServiceError) -> [User] {
        try await services.mutualFriends(of: a, and: b)
    }
    func setBio(_ bio: String, of id: UserID) async throws(ServiceError) -> User {
        try await services.setBio(bio, of: id)
    }
    func setFriendship(_ a: UserID, _ b: UserID, areFriends: Bool) async throws(ServiceError) {
        try await services.setFriendship(a, b, areFriends: areFriends)
    }
}

/// A host for Profile's routes: its stage knows Profile's places, whose profiles get a stub
/// router that records the chats it is asked for.
class ProfileHostBase: HostRouter {
    let dependencies: Services
    let recorded: ProfileTestServices

    init(dependencies: Services = .demo(signedInAs: DemoData.alice)) throws(RoutingError) {
        self.dependencies = dependencies
        recorded = ProfileTestServices(dependencies)
        try super.init()
        declare(ProfileFeature.places(recorded, profile: ProfileModuleStub.self))
    }

    /// The router of the last profile built.
    var lastRouter: ProfileModuleStub? { recorded.lastRouter }
}

/// A host that adopts `ProfileRoute` with its default transition, as Friends' router does.
final class ProfileHost: ProfileHostBase, ProfileRoute {}

/// A host that overrides the route's transition, as Chat's router does in the app.
final class PushingProfileHost: ProfileHostBase, ProfileRoute {
    var profileTransition: any Transition { PushTransition() }
}

/// A host that adopts `BioEditorRoute`, as Profile's router does in the app.
final class EditorHost: HostRouter, BioEditorRoute {
    let dependencies: Services

    init(prompt: ScriptedPrompt) throws(RoutingError) {
        dependencies = .demo(signedInAs: DemoData.alice, prompt: prompt)
        try super.init()
        declare(ProfileFeature.places(ProfileTestServices(dependencies), profile: ProfileModuleStub.self))
    }

    /// The editor on top.
    var editor: BioEditorPresenter? { stage.state.topScreen as? BioEditorPresenter }

    /// Chooses `action` on the editor on top, with `argument`.
    func perform(_ action: BioEditorPresenter.Action, _ argument: String = "") async throws {
        guard let editor else { throw RoutingError.notInWindow(screen: "Edit bio") }
        await editor.perform(action, argument: argument)
    }
}

/// The router a Profile module gets in these tests: it records the chats it is asked for.
final class ProfileModuleStub: ProfileRouter<ProfileTestServices>, ProfileRouting, BioEditorRoute {
    private(set) var chats: [UserID] = []

    required init(place: ProfilePlace, dependencies: ProfileTestServices) {
        super.init(place: place, dependencies: dependencies)
        dependencies.lastRouter = self
    }

    static func openChat(with user: UserID) -> Route {
        Route(flowStep: "Chat \(user)") { (router: ProfileModuleStub) in router.chats.append(user) }
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
