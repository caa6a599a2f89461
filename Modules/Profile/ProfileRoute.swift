import Domain
import Navigation

/// "Can open Profile": the Profile module's entry route, a route protocol with a default
/// transition and a default implementation. A router that adopts it opens a user's profile,
/// modally unless the router says otherwise.
@MainActor
public protocol ProfileRoute: RouterProtocol {
    /// How Profile opens from this router; by default modal, rising as a sheet for the classic
    /// screen and fading in for the card (`ProfileCardTransition`). A router overrides it in one
    /// place to open profiles another way.
    var profileTransition: any Transition { get }
    /// The services the module is assembled with: any type that has what it uses.
    associatedtype ProfileServices: ProfileDependencies
    var dependencies: ProfileServices { get }
    /// The profile of `user`, opened by `profileTransition`: loaded, then opened; a profile of
    /// `user` already in the stack it opens from is returned to instead (`WhenShown.goBack`).
    /// Opening it throws the load's error (an unknown user, nobody signed in) or `RoutingError`,
    /// and then nothing is opened.
    static func openProfile(for user: UserID) -> Route
    /// The app's link to `user`'s profile (`waypoint://profile/carol`), as a message carries it;
    /// `nil` when the window's host has no links.
    func profileLink(for user: UserID) -> String?
}

extension ProfileRoute {
    public var profileTransition: any Transition {
        ProfilePresenter.Style.chosen(by: dependencies) == .card ? ProfileCardTransition() : ModalTransition()
    }

    public static func openProfile(for user: UserID) -> Route {
        // A profile already in this stack (Profile @bob > Chat @bob, then `profile`) is gone back
        // to instead of stacking a copy.
        Route(ProfilePlace.profile(user), whenShown: .goBack) { (router: Self) in router.profileTransition }
    }

    public func profileLink(for user: UserID) -> String? {
        navigator?.host?.link(to: AnyPlace(ProfilePlace.profile(user)))
    }
}

/// How a profile loads, declared with its route: within 3 seconds; a service that is not
/// answering is tried again twice (after 500 ms, then 1 s); a placeholder stands in after
/// 300 ms; the card falls back to the classic screen; leaving stops the load; the newest
/// navigation wins.
public enum ProfileLoading {
    public static let policy = LoadPolicy(
        timeout: .seconds(3),
        retry: LoadPolicy.Retry(attempts: 2, backoff: .milliseconds(500)) { error in
            if case .unavailable? = error as? ServiceError { true } else { false }
        },
        placeholderAfter: .milliseconds(300))
}
