import Chat
import Domain
import Friends
import Login
import Navigation
import Profile

// The app's composition, and all of it. Each feature declares its places, links, rules and
// router classes (`XFeature.places`, `XRouter`) and what its screens need (`XRouting`); each
// route (`XRoute`) brings a default implementation. Here the app gives each router the routes
// that serve its screen's needs, one line each: a class that serves fewer does not compile.

/// Friends opens a friend's profile or chat.
typealias FriendsRoutes = ProfileRoute & ChatRoute
/// The conversations open a chat.
typealias ChatsRoutes = ChatRoute
/// A profile starts a chat; your own profile edits your bio.
typealias ProfileRoutes = ChatRoute & BioEditorRoute
/// A chat opens the friend's profile, and picks a friend to share (a route that returns a value).
typealias ChatRoutes = ProfileRoute & FriendPickerRoute

final class AppFriendsRouter: FriendsRouter<Services>, FriendsRouting, FriendsRoutes {}
final class AppChatsRouter: ChatsRouter<Services>, ChatsRouting, ChatsRoutes {}
final class AppProfileRouter: ProfileRouter<Services>, ProfileRouting, ProfileRoutes {}
final class AppChatRouter: ChatRouter<Services>, ChatRouting, ChatRoutes {}

/// The features the app is made of, one line each, with the router class of each screen that
/// needs routes: their places, links, tabs, rules and the gate come with them, in this order (the
/// tabs are friends, chats, me).
@MainActor
func features(_ services: Services) -> [PlaceKind] {
    LoginFeature.places(services)
        + FriendsFeature.places(services, friends: AppFriendsRouter.self)
        + ChatFeature.places(services, chats: AppChatsRouter.self, chat: AppChatRouter.self)
        + ProfileFeature.places(services, profile: AppProfileRouter.self)
}
