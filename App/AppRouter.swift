import Chat
import Domain
import Friends
import Login
import Profile
import Routing

/// What every router in the app shares: the live dependencies, and the app's link handling
/// (held weakly: the app owns it).
@MainActor
final class AppContext {
    let dependencies: AppServices
    /// Where flag choices and each user's places are kept for the next run.
    let kept: any AppStateStore
    weak var links: AppLinks?

    init(dependencies: AppServices, kept: any AppStateStore) {
        self.dependencies = dependencies
        self.kept = kept
    }
}

/// What every router in the app has: the shared context, whose dependencies it hands to the
/// modules it opens.
@MainActor
protocol AppRouting: RouterProtocol {
    var context: AppContext { get }
}

/// The one place that says which router class each feature gets, and what place its screen
/// shows. A route's default implementation asks its router for a new module router; every
/// router in the app answers from here.
extension AppRouting {
    var dependencies: AppServices { context.dependencies }

    func makeLoginRouter() -> any LoginModuleRouter { LoginRouter(context: context, place: .login) }
    func makeFriendsRouter() -> any FriendsModuleRouter { FriendsRouter(context: context, place: .friends) }
    func makeProfileRouter(for user: UserID) -> any ProfileModuleRouter {
        ProfileRouter(context: context, place: .profile(user))
    }
    func makeChatRouter(with user: UserID) -> any ChatModuleRouter { ChatRouter(context: context, place: .chat(user)) }
    func makeBioEditorRouter() -> any BioEditorModuleRouter { BioEditorRouter(context: context, place: .editBio) }
    func makeFriendPickerRouter() -> any FriendPickerModuleRouter {
        FriendPickerRouter(context: context, place: .pickFriend)
    }

    /// The signed-in root: a tab per tab entry of `Destination.entries`, with `tab` shown. Each tab's
    /// first module comes from its feature's tab provider, around the router this app gives it.
    func openHomeTabs(for user: User, selecting tab: String) async throws {
        try await openTabs(
            [
                .friends(
                    named: "friends", for: user, router: FriendsRouter(context: context, place: .friends),
                    dependencies: dependencies),
                .chats(
                    named: "chats", router: ChatsRouter(context: context, place: .chats), dependencies: dependencies),
                .profile(
                    named: "me", of: user.id, router: ProfileRouter(context: context, place: .me),
                    dependencies: dependencies),
            ], selecting: tab)
    }
}

/// The base of the app's module routers: a `Router` that carries the context, for a screen
/// that shows one of the app's places.
class AppRouter<V: Screen>: Router<V>, AppRouting {
    let context: AppContext

    init(context: AppContext, place: Destination) {
        self.context = context
        super.init(place: place)
    }
}

/// The app's first router. It has no screen, so it can only open roots: Login at start, and
/// whichever root a link needs (Login, or the signed-in tabs).
final class Launcher: AppRouting, LoginRoute {
    let context: AppContext
    private(set) weak var window: Window?
    var sourceScreen: (any Screen)? { nil }

    init(window: Window, context: AppContext) {
        self.window = window
        self.context = context
    }
}
