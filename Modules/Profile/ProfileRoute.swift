import Domain
import Navigation

/// "Can open Profile": the Profile module's entry route, a route protocol with a default
/// transition and a default implementation. A router that adopts it opens a user's profile,
/// modally unless the router says otherwise.
@MainActor
public protocol ProfileRoute: RouterProtocol where Places: ProfilePlaces {
    /// How Profile opens from this router; by default presented, rising as a sheet for the
    /// classic screen and fading in for the card (`ProfileTransition`). A router overrides it in
    /// one place to open profiles another way.
    static var profileTransition: any Transition { get }
}

extension ProfileRoute {
    public static var profileTransition: any Transition { ProfileTransition() }

    /// The profile of `user`, opened by `profileTransition`: loaded, then opened; a profile of
    /// `user` already in the stack it opens from is returned to instead (`WhenShown.goBack`), as
    /// from Profile @bob > Chat @bob, then `profile`. Opening it throws the load's error (an
    /// unknown user, nobody signed in) or `RoutingError`, and then nothing is opened.
    public static func openProfile(for user: UserID) -> Route<Places> {
        Route(.profile(.profile(user)), whenShown: .goBack, transition: profileTransition)
    }

    /// The app's link to `user`'s profile (`waypoint://profile/carol`), as a message carries it;
    /// `nil` when the router's module is in no window.
    public func profileLink(for user: UserID) -> String? {
        window?.link(to: .profile(.profile(user)))
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
