import Domain
import Routing

/// The router a friend picker gets: it only closes. The app decides the class.
public typealias FriendPickerModuleRouter = Router<FriendPickerView> & Closable

/// "Can pick a friend": a route that returns a value. A router that adopts it opens the
/// signed-in user's friends list in picking mode, presented modally unless it says otherwise,
/// and returns the friend chosen, or `nil` when the picker went without a choice (backed out, a
/// link elsewhere, a tab switch, a sign-out).
@MainActor
public protocol FriendPickerRoute: RouterProtocol {
    /// How the picker opens from this router; modal by default.
    var friendPickerTransition: any Transition { get }
    /// The services the module is assembled with: any type that has what it uses.
    associatedtype FriendsServices: FriendsDependencies
    /// The services the module is assembled with.
    var dependencies: FriendsServices { get }
    /// Makes the router of a new picker: the app gives it its place.
    func makeFriendPickerRouter() -> any FriendPickerModuleRouter
    /// Opens the picker and waits for the choice; the picker closes itself once it answers.
    /// - Parameter excluded: friends not to offer (the one the chat is with).
    /// - Returns: the friend chosen, or `nil` for none.
    /// - Throws: `PickerError.noFriends` when there is nobody to pick (nothing opens), the
    ///   load's error, or `RoutingError`.
    func pickFriend(excluding excluded: [UserID]) async throws -> User?
}

extension FriendPickerRoute {
    public var friendPickerTransition: any Transition { ModalTransition() }

    /// Picks among all the signed-in user's friends.
    /// - Returns: the friend chosen, or `nil` for none.
    /// - Throws: what `pickFriend(excluding:)` throws.
    public func pickFriend() async throws -> User? {
        try await pickFriend(excluding: [])
    }

    public func pickFriend(excluding excluded: [UserID]) async throws -> User? {
        let user = try dependencies.session.currentUser()
        let router = makeFriendPickerRouter()
        let interactor = FriendsInteractor(user: user, users: dependencies.users, session: dependencies.session)
        return try await openForReply(router, transition: friendPickerTransition) { (reply: Reply<User>) in
            let presenter = FriendPickerPresenter(
                interactor: interactor, excluded: excluded, router: router, reply: reply)
            let view = FriendPickerView(listener: presenter)
            presenter.view = view
            try await presenter.load()
            return view
        }
    }
}

/// Why the picker did not open.
public enum PickerError: Error, Hashable, Sendable, CustomStringConvertible {
    case noFriends

    public var description: String { "you have no other friends to pick, so there is nobody to share" }
}
