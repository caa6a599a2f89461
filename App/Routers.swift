import Chat
import Console
import Domain
import Friends
import Links
import Login
import Profile
import Routing

// The app's composition. Each feature declares its places, links and rules (`XFeature.places`)
// and what its screens need (`XRouting`); each route (`XRoute`) brings a default
// implementation. Here the app lists the features, and a router adopts the routes that serve its
// feature's needs: the compiler checks that they do.

/// The features the app is made of, one line each: their places, links, tabs, rules and the gate
/// come with them, in this order (the tabs are friends, chats, me).
@MainActor
func features(_ services: Services) -> [PlaceKind] {
    LoginFeature.places(services)
        + FriendsFeature.places(services)
        + ChatFeature.places(services)
        + ProfileFeature.places(services)
}

/// Friends opens a friend's profile or chat.
typealias FriendsRoutes = ProfileRoute & ChatRoute
/// The conversations open a chat.
typealias ChatsRoutes = ChatRoute
/// A profile starts a chat; your own profile edits your bio.
typealias ProfileRoutes = ChatRoute & BioEditorRoute
/// A chat opens the friend's profile, and picks a friend to share (a route that returns a value).
typealias ChatRoutes = ProfileRoute & FriendPickerRoute

extension AppContext {
    /// The router classes of the screens whose needs the app serves, one line each. Any other
    /// screen (the bio editor, the friend picker) gets a plain `Router`: it opens nothing.
    func registerRouters() {
        register(LoginRouter.self)
        register(FriendsRouter.self)
        register(ChatsRouter.self)
        register(ProfileRouter.self)
        register(ChatRouter.self)
    }
}

/// Sign-in leads home: the tabs, then the link followed before signing in, or where the user was
/// when App last quit.
final class LoginRouter: AppRouter<LoginView>, LoginRouting {
    func openHome(for user: User) async throws {
        try await context.links?.openTabs()
        await context.console?.gatePassed()
    }
}

final class FriendsRouter: AppRouter<FriendsView>, FriendsRoutes, FriendsRouting {}

final class ChatsRouter: AppRouter<ChatsView>, ChatsRoutes, ChatsRouting {}

final class ProfileRouter: AppRouter<ProfileView>, ProfileRoutes, ProfileRouting {}

final class ChatRouter: AppRouter<ChatView>, ChatRoutes, ChatRouting {
    /// From a chat, a profile is pushed on the chat's stack instead of covering it: one property
    /// overrides the route's default transition, and `close` on that profile then pops it.
    var profileTransition: any Transition { PushTransition() }

    /// The app's link to a profile: `waypoint://profile/carol`.
    func profileLink(for user: UserID) -> String? {
        context.links?.link(to: AnyPlace(ProfilePlace.profile(user)))
    }

    /// A message's link opens as a link does, from this chat when the chat can open it (a
    /// profile is pushed on the chat's stack); the console says how it went.
    func follow(_ link: String) async {
        await context.console?.openLink(link, fromHere: true)
    }
}
