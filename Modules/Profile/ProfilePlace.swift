import Domain
import Routing

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

/// Profile as a host composes it: its places, the link of each, how each opens, what its screen
/// offers, and its rules.
public enum ProfileFeature {
    /// - Parameter services: what the feature's screens are built with, and its rules checked with.
    /// - Returns: your own profile, the first screen of the `me` tab; a user's profile,
    ///   `profile/<user>`, opened by `openProfile(for:)`; and the bio editor, `edit-bio`, opened by
    ///   `openBioEditor()`. Your own profile offers `edit` (the editor), someone else's offers
    ///   `message` (a chat with them, and no one else): a link reaches only what those offer.
    @MainActor
    public static func places(_ services: some ProfileDependencies) -> [PlaceKind] {
        let ownProfile: [RouteOffer] = [.call("openBioEditor()")]
        return [
            PlaceKind(
                "me", ProfilePlace.me, on: ProfileView.self, access: .guarded,
                role: .tab("me") { host in
                    TabProvider("me", ProfilePlace.me, on: ProfileView.self, from: host) { router in
                        try await ProfilePresenter.screen(
                            for: services.session.currentUser().id, router: router, dependencies: services)
                    }
                },
                offers: { _ in ownProfile }),
            PlaceKind(
                "profile", .user, ProfilePlace.profile, \.user, on: ProfileView.self, access: .guarded,
                role: .opened(
                    .route(
                        "openProfile(for:)", adoptedBy: { $0 is any ProfileRoute.Type },
                        open: { (router: any ProfileRoute, place: ProfilePlace) in
                            if case .profile(let user) = place { try await router.openProfile(for: user) }
                        })),
                offers: { place in
                    guard case .profile(let user) = place else { return [] }
                    let theirs: [RouteOffer] = [.call("openChat(with:)", with: "\(user)")]
                    // Whose profile is yours is known only once someone signs in: until then both
                    // may follow, and a guarded link is decided again when it opens after sign-in.
                    guard let you = services.session.user?.id else { return ownProfile + theirs }
                    return user == you ? ownProfile : theirs
                },
                check: { place in
                    if case .profile(let user) = place { _ = try await services.users.user(user) }
                }),
            PlaceKind(
                "edit-bio", ProfilePlace.editBio, on: BioEditorView.self, access: .guarded,
                role: .opened(
                    .route(
                        "openBioEditor()", adoptedBy: { $0 is any BioEditorRoute.Type },
                        open: { (router: any BioEditorRoute, _: ProfilePlace) in try await router.openBioEditor() })
                )),
        ]
    }
}

extension LinkParameter where Value == UserID {
    /// A user's handle, as a link writes it: `bob`.
    static var user: LinkParameter<UserID> {
        LinkParameter("user", reading: UserID.init(linkSegment:), print: \.rawValue)
    }
}
