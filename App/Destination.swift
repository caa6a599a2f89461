import Chat
import Domain
import Friends
import Links
import Login
import Profile
import Routing

/// A place in the app: what a link names, and what each screen on display shows. Every screen
/// enters the window with one (its router's factory in AppRouter.swift gives it), so the
/// window's state is a value of destinations: the state a link is navigated from; a link's
/// destinations are the state it navigates to.
enum Destination: Hashable, Sendable, Codable {
    case login, signup, forgotPassword
    /// The first screens of the signed-in tabs: the friends list, the conversations, your own
    /// profile.
    case friends, chats, me
    case profile(UserID)
    case chat(UserID)
    /// The editor of the signed-in user's bio, over their own profile.
    case editBio
    /// The friend picker a chat opens to share a profile. It answers the chat that opened it,
    /// so no link names it: a link could open it, but nobody would wait for its answer.
    case pickFriend

    /// The title of the screen it shows, as `explain` names it: "Chat @bob".
    var title: String {
        switch self {
        case .login: "Login"
        case .signup: "Sign up"
        case .forgotPassword: "Forgot password"
        case .friends: "Friends"
        case .chats: "Chats"
        case .me: "Me"
        case .profile(let user): "Profile \(user)"
        case .chat(let user): "Chat \(user)"
        case .editBio: "Edit bio"
        case .pickFriend: "Pick a friend"
        }
    }

    static let scheme = "waypoint"

    // MARK: - One entry per destination

    /// Every destination of the app, one entry each: its link pattern, its guard, how it opens
    /// (a route method of the screen before it, or as a root), and the router class that runs
    /// it. Links, `where`, `explain`, the guard, the plans and the tabs come from here; which
    /// destination may follow which comes from the router classes' compositions in
    /// Routers.swift. Adding a link to an existing route is one entry.
    @MainActor static let entries: [LinkEntry<Destination>] = [
        LinkEntry("login", access: .unguarded, role: .root(tab: nil), runBy: LoginRouter.self, place: .login),
        LinkEntry(
            "signup", access: .unguarded, role: .opened(.loginStep(.signup, "navigate(to: .signup)")), runBy: nil,
            place: .signup),
        LinkEntry(
            "forgot-password", access: .unguarded,
            role: .opened(.loginStep(.forgotPassword, "navigate(to: .forgotPassword)")), runBy: nil,
            place: .forgotPassword),
        LinkEntry("friends", access: .guarded, role: .root(tab: "friends"), runBy: FriendsRouter.self, place: .friends),
        LinkEntry("chats", access: .guarded, role: .root(tab: "chats"), runBy: ChatsRouter.self, place: .chats),
        LinkEntry("me", access: .guarded, role: .root(tab: "me"), runBy: ProfileRouter.self, place: .me),
        LinkEntry(
            "profile/<user>", access: .guarded,
            role: .opened(
                .route(
                    adoptedBy: { $0 is any ProfileRoute.Type }, method: { "openProfile(for: @\($0["user"]))" },
                    open: { (router: any ProfileRoute, parameters) in
                        try await router.openProfile(for: UserID(parameters["user"]))
                    })),
            runBy: ProfileRouter.self, place: { .profile(UserID($0["user"])) },
            parameters: { if case .profile(let user) = $0 { ["user": user.rawValue] } else { nil } }),
        LinkEntry(
            "chat/<user>", access: .guarded,
            role: .opened(
                .route(
                    adoptedBy: { $0 is any ChatRoute.Type }, method: { "openChat(with: @\($0["user"]))" },
                    open: { (router: any ChatRoute, parameters) in
                        try await router.openChat(with: UserID(parameters["user"]))
                    })),
            runBy: ChatRouter.self, place: { .chat(UserID($0["user"])) },
            parameters: { if case .chat(let user) = $0 { ["user": user.rawValue] } else { nil } }),
        LinkEntry(
            "edit-bio", access: .guarded,
            role: .opened(
                .route(
                    adoptedBy: { $0 is any BioEditorRoute.Type }, method: { _ in "openBioEditor()" },
                    open: { (router: any BioEditorRoute, _) in try await router.openBioEditor() })),
            runBy: BioEditorRouter.self, place: .editBio),
    ]

    /// The places no link names: each answers the flow that opened it (`Reply`).
    static let unlinked: [Destination] = [.pickFriend]
}

extension LinkOpener where Place == Destination {
    /// A step of the Login flow, opened through the navigator Login hands its router (URL
    /// handling is injected at the navigator).
    @MainActor
    static func loginStep(_ step: LoginDestination, _ method: String) -> LinkOpener {
        .route(
            adoptedBy: { $0 is LoginRouter.Type }, method: { _ in method },
            open: { (router: LoginRouter, _) in
                guard let navigator = router.navigator else { throw RoutingError.noSource }
                try await navigator.navigate(to: step)
            })
    }
}

extension LinkParameterType {
    /// A user's handle, as written in a link: `bob`. Whether the user exists is checked when the
    /// link is opened.
    static let user = LinkParameterType("user") { text in
        do throws(UserID.Problem) {
            let id = try UserID(validating: text)
            return id.rawValue == text ? nil : "write the handle in lowercase: \(id.rawValue)"
        } catch {
            return error.description
        }
    }
}
