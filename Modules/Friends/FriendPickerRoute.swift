import Domain
import Navigation

/// "Can pick a friend": a route to a place that answers. A router that adopts it opens the
/// signed-in user's friends in picking mode, without the user the screen that asks is about,
/// presented modally unless it says otherwise. The picker answers that screen with the friend
/// picked (`Answer`, written as `UserID.link` writes a user), or with none when it leaves without
/// a choice (backed out, a link elsewhere, a tab switch, a sign-out); the answer is kept until
/// the asker's effect consumes it, so it survives a relaunch.
@MainActor
public protocol FriendPickerRoute: RouterProtocol where Places: FriendsPlaces {
    /// How the picker opens from this router; modal, rising as a sheet, by default.
    static var friendPickerTransition: any Transition { get }
}

extension FriendPickerRoute {
    public static var friendPickerTransition: any Transition { FriendPickerTransition() }

    /// The picker without `excluded` (the friend a chat is with), opened by
    /// `friendPickerTransition`. Opening it throws `PickerError.noFriends` when there is nobody
    /// to pick (nothing opens then), the load's error, or `RoutingError`.
    public static func pickFriend(excluding excluded: UserID) -> Route<Places> {
        Route(.friends(.pickFriend(excluding: excluded)), transition: friendPickerTransition)
    }
}

/// Why the picker did not open.
public enum PickerError: Error, Hashable, Sendable, CustomStringConvertible {
    case noFriends

    public var description: String { "you have no other friends to pick, so there is nobody to share" }
}
