import Domain
import Routing

/// The router a Friends module gets: a `Router` for its screen that also does what Friends
/// needs (`FriendsRouting`). The app decides the class.
public typealias FriendsModuleRouter = Router<FriendsView> & FriendsRouting

/// "Can open Friends": the Friends module's entry route (a route protocol with a default transition and a default implementation). A router that adopts it
/// opens a signed-in user's friends list, as the window's new root unless it says otherwise.
@MainActor
public protocol FriendsRoute: RouterProtocol {
    /// How Friends opens from this router; a new root by default, so there is no way back to
    /// whatever came before (Login).
    var friendsTransition: any Transition { get }
    /// The services the module is assembled with: any type that has what it uses.
    associatedtype FriendsServices: FriendsDependencies
    /// The services the module is assembled with.
    var dependencies: FriendsServices { get }
    /// Makes the router of a new Friends module; the app gives it its place.
    func makeFriendsRouter() -> any FriendsModuleRouter
    /// Loads the friends of `user`, then opens the list.
    /// - Throws: the load's error, or `RoutingError`; nothing is opened then.
    func openFriends(for user: User) async throws
}

extension FriendsRoute {
    public var friendsTransition: any Transition { RootTransition() }

    public func openFriends(for user: User) async throws {
        let router = makeFriendsRouter()
        let builder = FriendsBuilder(dependencies: dependencies)
        try await open(router, transition: friendsTransition) {
            try await builder.build(for: user, router: router)
        }
    }
}

extension TabProvider {
    /// A tab whose first screen is `user`'s friends list, built around `router` and loaded when
    /// the tabs open.
    /// - Parameters:
    ///   - name: the tab's name: `friends`.
    ///   - user: whose friends it lists: the signed-in user.
    ///   - router: the list's router, with the place the app gives it.
    ///   - dependencies: the services the module is assembled with.
    /// - Returns: the tab, for `openTabs(_:selecting:)`.
    public static func friends(
        named name: String, for user: User, router: any FriendsModuleRouter, dependencies: any FriendsDependencies
    ) -> TabProvider {
        let builder = FriendsBuilder(dependencies: dependencies)
        return TabProvider(name, router: router) { try await builder.build(for: user, router: router) }
    }
}

/// Assembles a Friends module around the router it is given, and loads it: providing a screen
/// is asynchronous and may fail (an asynchronous, failable provider).
@MainActor
struct FriendsBuilder {
    let dependencies: any FriendsDependencies

    func build(for user: User, router: any FriendsRouting) async throws -> FriendsView {
        let interactor = FriendsInteractor(user: user, users: dependencies.users, session: dependencies.session)
        let presenter = FriendsPresenter(interactor: interactor, router: router)
        let view = FriendsView(listener: presenter)
        presenter.view = view
        try await presenter.load()
        return view
    }
}
