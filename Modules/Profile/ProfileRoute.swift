import Domain
import Routing

/// The router a Profile module gets: a `Router` for its screen that also does what Profile
/// needs (`ProfileRouting`). The app decides the class.
public typealias ProfileModuleRouter = Router<ProfileScreen> & ProfileRouting

extension FeatureFlag {
    /// Opens profiles on the new card screen (`ProfileCardView`) instead of the classic one.
    public static let profileV2 = FeatureFlag(
        "profile.v2",
        default: false,
        summary: "show profiles on the new card screen instead of the classic one"
    )
}

/// "Can open Profile": the Profile module's entry route (a route protocol with a default transition and a default implementation). A router that adopts it
/// opens a user's profile, modally unless the router says otherwise.
@MainActor
public protocol ProfileRoute: RouterProtocol {
    /// How Profile opens from this router; modal by default. A router overrides it in one place
    /// to open profiles another way.
    var profileTransition: any Transition { get }
    /// The services the module is assembled with: any type that has what it uses.
    associatedtype ProfileServices: ProfileDependencies
    /// The services the module is assembled with.
    var dependencies: ProfileServices { get }
    /// Makes the router of a new Profile module, for `user`'s profile: the app gives it its
    /// place.
    func makeProfileRouter(for user: UserID) -> any ProfileModuleRouter
    /// Loads the profile of `user`, then opens it; a profile of `user` already in the stack it
    /// opens from is returned to instead (`WhenShown.goBack`).
    /// - Throws: the load's error (an unknown user, nobody signed in), or `RoutingError`;
    ///   nothing is opened then, and nothing of the half-built module stays alive.
    func openProfile(for user: UserID) async throws
}

extension ProfileRoute {
    public var profileTransition: any Transition { ModalTransition() }

    public func openProfile(for user: UserID) async throws {
        let router = makeProfileRouter(for: user)
        let builder = ProfileBuilder(dependencies: dependencies)
        // A profile already in this stack (Profile @bob > Chat @bob, then `profile`) is gone back
        // to instead of stacking a copy.
        try await open(router, transition: profileTransition, whenShown: .goBack) {
            try await builder.build(for: user, router: router)
        }
    }
}

extension TabProvider {
    /// A tab whose first screen is `user`'s profile (the signed-in user's own, for a "Me" tab),
    /// built around `router` and loaded when the tabs open; the `profile.v2` flag picks the
    /// screen, as it does for `openProfile(for:)`.
    /// - Parameters:
    ///   - name: the tab's name: `me`.
    ///   - user: whose profile it shows.
    ///   - router: the profile's router, with the place the app gives it.
    ///   - dependencies: the services the module is assembled with.
    /// - Returns: the tab, for `openTabs(_:selecting:)`.
    public static func profile(
        named name: String, of user: UserID, router: any ProfileModuleRouter, dependencies: any ProfileDependencies
    ) -> TabProvider {
        let builder = ProfileBuilder(dependencies: dependencies)
        return TabProvider(name, router: router) { try await builder.build(for: user, router: router) }
    }
}

/// Assembles a Profile module around the router it is given, and loads it: providing a screen
/// is asynchronous and may fail (an asynchronous, failable provider).
@MainActor
struct ProfileBuilder {
    let dependencies: any ProfileDependencies

    /// A profile module for `user`, loaded, on the screen the `profile.v2` flag picks: the one
    /// place that decides, so every way to a profile (the friends list, a chat, a link, the me
    /// tab) follows the flag.
    func build(for user: UserID, router: any ProfileRouting) async throws -> ProfileScreen {
        if dependencies.flags.isOn(.profileV2) {
            try await build(for: user, router: router, screen: ProfileCardView.init)
        } else {
            try await build(for: user, router: router, screen: ProfileView.init)
        }
    }

    private func build<V: ProfileScreen>(
        for user: UserID,
        router: any ProfileRouting,
        screen: (UserID, any ProfileViewListener) -> V
    ) async throws -> V {
        let interactor = ProfileInteractor(users: dependencies.users, session: dependencies.session)
        let presenter = ProfilePresenter(user: user, interactor: interactor, router: router)
        let view = screen(user, presenter)
        presenter.view = view
        try await presenter.load()
        return view
    }
}
