import Chat
import Domain
import Friends
import Links
import Login
import Profile
import Routing

// The app's navigation, composed. Each feature says what it needs (`XRouting`); each route
// (`XRoute`) brings a default implementation; here a router adopts the routes that satisfy its
// feature's needs, and the compiler checks that they do.

/// Friends opens a friend's profile or chat.
typealias FriendsRoutes = ProfileRoute & ChatRoute
/// The conversations open a chat.
typealias ChatsRoutes = ChatRoute
/// A profile starts a chat; your own profile (the Me tab) edits your bio.
typealias ProfileRoutes = ChatRoute & BioEditorRoute
/// A chat opens the friend's profile, and picks a friend to share (a route that returns a
/// value).
typealias ChatRoutes = ProfileRoute & FriendPickerRoute

final class LoginRouter: AppRouter<LoginView>, LoginRouting {
    weak var navigator: (any LoginFlowNavigating)?

    /// Login's steps are the app's `signup` and `forgotPassword` places.
    func place(of step: LoginDestination) -> AnyPlace {
        AnyPlace(step == .signup ? Destination.signup : .forgotPassword)
    }

    /// Home, in this app, is three tabs, showing the friends list; then the link the user opened
    /// before signing in, if any (the pending intent), else where the user was when App last
    /// quit (state restoration).
    func openHome(for user: User) async throws {
        try await openHomeTabs(for: user, selecting: "friends")
        await context.links?.continueAfterSignIn()
    }
}

final class FriendsRouter: AppRouter<FriendsView>, FriendsRoutes, FriendsRouting {}

final class ChatsRouter: AppRouter<ChatsView>, ChatsRoutes, ChatsRouting {}

final class ProfileRouter: AppRouter<ProfileScreen>, ProfileRoutes, ProfileRouting {}

final class ChatRouter: AppRouter<ChatView>, ChatRoutes, ChatRouting {
    /// From a chat, a profile is pushed on the chat's stack instead of covering it. One property
    /// overrides the route's default transition (the route's `profileTransition`); `close` on
    /// that profile then pops it.
    var profileTransition: any Transition { PushTransition() }

    /// The app's link to the profile: `waypoint://profile/carol`.
    func profileLink(for user: UserID) -> String? {
        context.links?.navigator.path(of: .profile(user)).map { "\(Destination.scheme)://\($0)" }
    }

    /// A message's link opens through the app's links, which say how it went, from this chat
    /// when the chat can open it (a profile is pushed on the chat's stack); else as `open`.
    func follow(_ link: String) async {
        await context.links?.open(link, fromHere: true)
    }
}

/// The bio editor asks before it is taken away with unsaved changes: its route's default
/// implementation of the core's `LeaveConfirming` does, so this router adopts it and is done.
final class BioEditorRouter: AppRouter<BioEditorView>, BioEditorRouting {}

/// The friend picker answers the chat that opened it, then closes; it opens nothing.
final class FriendPickerRouter: AppRouter<FriendPickerView> {}
