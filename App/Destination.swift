import Chat
import Domain
import Friends
import Login
import Profile
import Routing

/// A place in the app: what a link names, and what each screen on display shows. Every screen
/// enters the window with one (its router's factory in AppRouter.swift gives it), so the
/// window's state is a value of destinations: the state a link is navigated from; a link's
/// destinations are the state it navigates to.
enum Destination: Hashable, Sendable, Codable {
    case login, signup, forgotPassword
    /// The roots of the signed-in tabs: the friends list, the conversations, your own profile.
    case friends, chats, me
    case profile(UserID)
    case chat(UserID)

    /// The signed-in root's tabs, in order: each tab's name (as `tab <name>` and links write it)
    /// and the place of its first screen.
    static let tabs: [(name: String, root: Destination)] = [("friends", .friends), ("chats", .chats), ("me", .me)]

    /// The name of the tab this place is the first screen of; `nil` for any other place.
    var tabName: String? { Self.tabs.first { $0.root == self }?.name }

    /// The title of the screen it shows: "Chat @bob".
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
        }
    }

    /// Its part of a link's path: `chat/bob`. The route table below parses it back.
    var path: String {
        switch self {
        case .login: "login"
        case .signup: "signup"
        case .forgotPassword: "forgot-password"
        case .friends: "friends"
        case .chats: "chats"
        case .me: "me"
        case .profile(let user): "profile/\(user.rawValue)"
        case .chat(let user): "chat/\(user.rawValue)"
        }
    }

    // MARK: - The route table

    static let scheme = "waypoint"

    /// Every link the app opens, one row per pattern, each onto a destination. Declared once;
    /// `Destination.open(_:from:)` turns each destination into its route method.
    static func makeTable() throws(RouteTableError) -> RouteTable<Destination> {
        try RouteTable(
            scheme: scheme,
            parameterTypes: [.user],
            routes: [
                LinkRoute("friends") { _ in .friends },
                LinkRoute("chats") { _ in .chats },
                LinkRoute("me") { _ in .me },
                LinkRoute("profile/<user>") { .profile(UserID($0["user"])) },
                LinkRoute("chat/<user>") { .chat(UserID($0["user"])) },
                LinkRoute("login") { _ in .login },
                LinkRoute("signup") { _ in .signup },
                LinkRoute("forgot-password") { _ in .forgotPassword },
            ]
        )
    }

    // MARK: - The guard

    /// Whether only a signed-in user may see it; the others are for signed-out users only.
    var needsSignIn: Bool {
        switch self {
        case .login, .signup, .forgotPassword: false
        case .friends, .chats, .me, .profile, .chat: true
        }
    }

    // MARK: - Opening

    /// The router class that runs this destination's screen.
    private var routerType: AnyObject.Type {
        switch self {
        case .login: LoginRouter.self
        case .signup, .forgotPassword: AnyObject.self
        case .friends: FriendsRouter.self
        case .chats: ChatsRouter.self
        case .me: ProfileRouter.self
        case .profile: ProfileRouter.self
        case .chat: ChatRouter.self
        }
    }

    /// Whether `next` can be opened from this destination's screen: the router that runs it
    /// adopts `next`'s route (the composition in Routers.swift decides), or Login's navigator
    /// opens it. Roots are never opened from a screen.
    func canOpen(_ next: Destination) -> Bool {
        switch next {
        case .profile: routerType is any ProfileRoute.Type
        case .chat: routerType is any ChatRoute.Type
        case .signup, .forgotPassword: self == .login
        case .login, .friends, .chats, .me: false
        }
    }

    /// What opens it from a screen, as `explain` shows it: `openChat(with: @bob)`.
    var routeMethod: String {
        switch self {
        case .login: "openLogin()"
        case .signup: "navigate(to: .signup)"
        case .forgotPassword: "navigate(to: .forgotPassword)"
        case .friends, .chats, .me: "openHomeTabs(for:selecting: \"\(path)\")"
        case .profile(let user): "openProfile(for: \(user))"
        case .chat(let user): "openChat(with: \(user))"
        }
    }

    /// Opens this destination from the screen `router` runs, through the same route method a
    /// presenter calls.
    /// - Throws: `LinkFailure.cannotOpen` if that router has no such route, or the route's
    ///   error.
    @MainActor
    func open(from router: any RouterProtocol, source: String) async throws {
        switch self {
        case .profile(let user):
            guard let router = router as? any ProfileRoute else { throw LinkFailure.cannotOpen(title, from: source) }
            try await router.openProfile(for: user)
        case .chat(let user):
            guard let router = router as? any ChatRoute else { throw LinkFailure.cannotOpen(title, from: source) }
            try await router.openChat(with: user)
        case .signup, .forgotPassword:
            guard let navigator = (router as? LoginRouter)?.navigator else {
                throw LinkFailure.cannotOpen(title, from: source)
            }
            try await navigator.navigate(to: self == .signup ? .signup : .forgotPassword)
        case .login, .friends, .chats, .me:
            throw LinkFailure.cannotOpen(title, from: source)
        }
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
