import Domain
import Navigation

/// Profile, declared: your own profile, the first screen of the `me` tab; a user's profile,
/// `profile/<user>`, whose check reads the user its screen shows; and the bio editor, `edit-bio`.
/// What each profile offers (`edit` on yours, `message` on someone else's) is what a link may
/// follow from it. `Router` is the app's router class for a profile: it serves `ProfileRouting`.
public enum ProfileFeature<Places, Router> {}

@MainActor
extension ProfileFeature: Feature
where Places: ProfilePlaces, Router: ProfileRouter<Places> & ProfileRouting, Places.Environment: ProfileDependencies {
    public typealias Place = ProfilePlace

    public static var name: String { "Profile" }

    public static func embed(_ place: ProfilePlace) -> Places { .profile(place) }

    public static func link(of place: ProfilePlace) -> PlaceLink {
        switch place {
        case .me: PlaceLink("me")
        case .profile(let user): PlaceLink("profile", userParameter, user)
        case .editBio: PlaceLink("edit-bio")
        }
    }

    public static func policy(of place: ProfilePlace) -> LoadPolicy? {
        if case .profile = place { ProfileLoading.policy } else { .standard }
    }

    public static func offers(at place: ProfilePlace, in environment: Places.Environment) -> [Offer<Places>] {
        guard place != .editBio else { return [] }
        // Whether it is the signed-in user's own profile; `nil` while nobody is signed in.
        let isYours = environment.session.user.map { viewer in place == .me || place == .profile(viewer.id) }
        return ProfilePresenter.offers(at: place, isYours: isYours, host: Router.self)
    }

    /// A user's profile reads the user its screen shows: a link that checked it does not ask again.
    public static func check(_ place: ProfilePlace, in environment: Places.Environment) async throws -> User? {
        guard case .profile(let user) = place else { return nil }
        return try await environment.user(user)
    }

    public static func open(_ place: ProfilePlace, checking: Checking<User?>, in opening: Opening<Places>)
        -> ModuleLoad
    {
        let services = opening.environment
        guard place != .editBio else {
            let router = Navigation.Router<BioEditorPresenter, Places>(place: embed(place))
            return opening.open(router, checking) { _ in
                try await BioEditorPresenter.screen(router: router, dependencies: services)
            }
        }
        let router = Router(place: embed(place), dependencies: services)
        // Your own profile (the me tab) reads you when it loads; another's, as its check read it.
        @MainActor func user(_ read: User?) async throws -> User {
            if let read { return read }
            return try await services.user(services.session.currentUser().id)
        }
        // The flag read once: the card falls back to the classic screen; the classic's error stands.
        let style = ProfilePresenter.Style.chosen(by: services)
        var fallback: (@MainActor (User?) async throws -> ProfilePresenter)?
        if style == .card {
            fallback = { read in
                try await ProfilePresenter.screen(
                    for: user(read), router: router, dependencies: services, style: .classic)
            }
        }
        return opening.open(
            router, checking,
            provide: { read in
                try await ProfilePresenter.screen(for: user(read), router: router, dependencies: services, style: style)
            },
            fallback: fallback)
    }
}
