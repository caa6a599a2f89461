import Domain
import Routing
import TestSupport

@testable import Profile

/// Records what the Profile presenter asks of its router; fails on demand. It serves every need.
@MainActor
final class ProfileRouterSpy: Closable, ProfileRouting {
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

/// A router that serves none of the Profile screen's needs: a host that leaves them out.
@MainActor
final class BareRouter: Closable {
    func close() throws(RoutingError) {}
}

/// A host for Profile's routes: the Profile modules it opens get a stub router that records the
/// chats it is asked for.
class ProfileHostBase: HostRouter {
    let dependencies: Services
    private(set) weak var lastRouter: ProfileModuleStub?

    init(dependencies: Services = .demo(signedInAs: DemoData.alice)) throws(RoutingError) {
        self.dependencies = dependencies
        try super.init()
    }

    override func makeRouter<T: Screen>(for screen: T.Type, place: AnyPlace) -> Router<T> {
        guard screen == ProfileView.self, let stub = ProfileModuleStub(place: place) as? Router<T> else {
            return super.makeRouter(for: screen, place: place)
        }
        lastRouter = stub as? ProfileModuleStub
        return stub
    }
}

/// A host that adopts `ProfileRoute` with its default transition, as Friends' router does.
final class ProfileHost: ProfileHostBase, ProfileRoute {}

/// A host that overrides the route's transition, as Chat's router does in the app. The override
/// sits in the class that adopts the route: a subclass of an adopter could not replace the
/// default, because the conformance is fixed where it is declared.
final class PushingProfileHost: ProfileHostBase, ProfileRoute {
    var profileTransition: any Transition { PushTransition() }
}

/// A host that adopts `BioEditorRoute`, as Profile's router does in the app.
final class EditorHost: HostRouter, BioEditorRoute {
    let dependencies: Services

    init(prompt: ScriptedPrompt) throws(RoutingError) {
        dependencies = .demo(signedInAs: DemoData.alice, prompt: prompt)
        try super.init()
    }

    /// The editor on top.
    var editor: BioEditorView? { stage.topScreen as? BioEditorView }

    /// Chooses `action` on the editor on top, with `argument`.
    func perform(_ action: BioEditorPresenter.Action, _ argument: String = "") async throws {
        guard let editor else { throw RoutingError.notInWindow(screen: "Edit bio") }
        await editor.presenter.perform(action, argument: argument)
    }
}

/// The router a Profile module gets in these tests: it records the chats it is asked for.
final class ProfileModuleStub: Router<ProfileView>, ProfileRouting {
    private(set) var chats: [UserID] = []

    func openChat(with user: UserID) async throws { chats.append(user) }
    func openBioEditor() async throws {}
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
