import Chat
import Domain
import Friends
import Login
import Profile
import Routing

// The app's navigation, composed. Each feature says what it needs (`XRouting`); each route
// (`XRoute`) brings a default implementation; here a router adopts the routes that satisfy its
// feature's needs, and the compiler checks that they do.

/// Friends opens a friend's profile or chat, and Login once the user signs out.
typealias FriendsRoutes = ProfileRoute & ChatRoute & LoginRoute
/// The conversations open a chat.
typealias ChatsRoutes = ChatRoute
/// A profile starts a chat; your own profile (the Me tab) signs out to Login.
typealias ProfileRoutes = ChatRoute & LoginRoute
/// A chat opens the friend's profile.
typealias ChatRoutes = ProfileRoute

final class LoginRouter: AppRouter<LoginView>, LoginRouting {
    weak var navigator: (any LoginFlowNavigating)?

    /// Login's steps are the app's `signup` and `forgotPassword` places.
    func place(of step: LoginDestination) -> AnyPlace {
        AnyPlace(step == .signup ? Destination.signup : .forgotPassword)
    }

    /// Home, in this app, is three tabs, showing the friends list; then the link the user opened
    /// before signing in, if any (the pending intent).
    func openHome(for user: User) async throws {
        try await openHomeTabs(for: user, selecting: "friends")
        await context.links?.continuePendingLink()
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
}
