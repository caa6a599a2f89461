import Domain
import Navigation

/// The places Profile's screens show.
public enum ProfilePlace: Place {
    /// The signed-in user's own profile: the me tab's first screen.
    case me
    /// A user's profile.
    case profile(UserID)
    /// The editor of the signed-in user's bio.
    case editBio

    public var title: String {
        switch self {
        case .me: "Me"
        case .profile(let user): "Profile \(user)"
        case .editBio: "Edit bio"
        }
    }

    /// Whose profile it is, for a user's profile.
    var user: UserID? {
        if case .profile(let user) = self { user } else { nil }
    }
}

/// Profile as a host composes it: its places, the link of each, how each is built and opens,
/// what its screens offer, and its rules.
public enum ProfileFeature {
    /// The feature flags Profile declares, which a host registers with its flags:
    /// `profile.v2` picks the card screen.
    public static let flags: [FeatureFlag] = [.profileV2]

    /// - Parameters:
    ///   - services: what the feature's screens are built with, and its rules checked with.
    ///   - profile: the host's router class for a profile: it serves `ProfileRouting`.
    /// - Returns: your own profile, the first screen of the `me` tab; a user's profile,
    ///   `profile/<user>`; and the bio editor, `edit-bio`. What each profile offers (`edit` on
    ///   yours, `message` on someone else's) is what a link may follow from it.
    @MainActor
    public static func places<S: ProfileDependencies, R: ProfileRouter<S> & ProfileRouting>(
        _ services: S, profile: R.Type
    ) -> [PlaceKind] {
        // Whether a place is the signed-in user's own profile; `nil` while nobody is signed in.
        let isYours = { (place: ProfilePlace) -> Bool? in
            services.session.user.map { place == .me || place.user == $0.id }
        }
        return [
            PlaceKind(
                "me", ProfilePlace.me, access: .guarded, role: .tab,
                router: { R(place: $0, dependencies: services) },
                screen: { router, _ in
                    try await ProfilePresenter.screen(
                        for: services.user(services.session.currentUser().id), router: router,
                        dependencies: services)
                }, offers: { ProfilePresenter.offers(at: $0, isYours: isYours($0), host: R.self) }),
            PlaceKind(
                "profile", LinkParameter(UserID.link), ProfilePlace.profile, \.user, access: .guarded, role: .opened,
                router: { R(place: $0, dependencies: services) },
                check: { user in try await services.user(user) },
                screen: { router, user in
                    try await ProfilePresenter.screen(for: user, router: router, dependencies: services)
                }, policy: ProfileLoading.policy,
                fallback: { _ in
                    // The card falls back to the classic screen; the classic screen's error stands.
                    guard ProfilePresenter.Style.chosen(by: services) == .card else { return nil }
                    return { router, user in
                        try await ProfilePresenter.screen(
                            for: user, router: router, dependencies: services, style: .classic)
                    }
                },
                offers: { ProfilePresenter.offers(at: $0, isYours: isYours($0), host: R.self) }),
            PlaceKind(
                "edit-bio", ProfilePlace.editBio, access: .guarded, role: .opened,
                router: { Router<BioEditorPresenter>(place: $0) },
                screen: { router, _ in try await BioEditorPresenter.screen(router: router, dependencies: services) }),
        ]
    }
}
