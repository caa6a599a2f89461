import Domain
import Routing

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
    /// Loads the profile of `user`, then opens it; a profile of `user` already in the stack it
    /// opens from is returned to instead (`WhenShown.goBack`).
    /// - Throws: the load's error (an unknown user, nobody signed in), or `RoutingError`;
    ///   nothing is opened then, and nothing of the half-built module stays alive.
    func openProfile(for user: UserID) async throws
}

extension ProfileRoute {
    public var profileTransition: any Transition {
        ProfilePresenter.Style.chosen(by: dependencies) == .card ? ProfileCardTransition() : ModalTransition()
    }

    public func openProfile(for user: UserID) async throws {
        let dependencies = self.dependencies
        let style = ProfilePresenter.Style.chosen(by: dependencies)
        // The card falls back to the classic screen; the classic screen's error stands.
        var classic: (@MainActor (Router<ProfileView>) async throws -> ProfileView)?
        if style == .card {
            classic = { router in
                try await ProfilePresenter.screen(
                    for: user, router: router, dependencies: dependencies, style: .classic)
            }
        }
        // A profile already in this stack (Profile @bob > Chat @bob, then `profile`) is gone back
        // to instead of stacking a copy.
        try await open(
            ProfilePlace.profile(user), on: ProfileView.self, transition: profileTransition, whenShown: .goBack,
            policy: ProfileLoading.policy,
            provide: { router in
                try await ProfilePresenter.screen(for: user, router: router, dependencies: dependencies, style: style)
            }, fallback: classic)
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
