import Domain
import Navigation

/// "Can pick a friend": a route that returns a value. A router that adopts it opens the
/// signed-in user's friends list in picking mode, presented modally unless it says otherwise, and
/// hands back the friend chosen, or nobody when the picker goes without a choice (backed out, a
/// link elsewhere, a tab switch, a sign-out).
@MainActor
public protocol FriendPickerRoute: RouterProtocol {
    /// How the picker opens from this router; modal by default.
    var friendPickerTransition: any Transition { get }
    /// The services the module is assembled with: any type that has what it uses.
    associatedtype FriendsServices: FriendsDependencies
    var dependencies: FriendsServices { get }
    /// Opens the picker, and returns once it is on screen; `answered` runs once, with the friend
    /// chosen, or with `nil` for none. The picker closes itself once it answers.
    /// - Parameters:
    ///   - excluded: friends not to offer (the one the chat is with).
    ///   - answered: what runs with the answer.
    /// - Throws: `PickerError.noFriends` when there is nobody to pick (nothing opens, and
    ///   `answered` never runs), the load's error, or `RoutingError`.
    func pickFriend(excluding excluded: [UserID], then answered: @escaping @MainActor (User?) async -> Void)
        async throws
}

extension FriendPickerRoute {
    public var friendPickerTransition: any Transition { FriendPickerTransition() }

    public func pickFriend(excluding excluded: [UserID], then answered: @escaping @MainActor (User?) async -> Void)
        async throws
    {
        let interactor = try FriendsInteractor(dependencies: dependencies)
        try await openForReply(
            FriendsPlace.pickFriend, on: FriendPickerPresenter.self, transition: friendPickerTransition
        ) {
            router, reply in
            let presenter = FriendPickerPresenter(
                interactor: interactor, excluded: excluded, router: router, reply: reply)
            try await presenter.load()
            return presenter
        } answered: { friend in
            await answered(friend)
        }
    }
}

/// Why the picker did not open.
public enum PickerError: Error, Hashable, Sendable, CustomStringConvertible {
    case noFriends

    public var description: String { "you have no other friends to pick, so there is nobody to share" }
}
