import Domain
import Navigation

/// What the Friends screen asks its router for: the host serves each need by adopting the route
/// that opens it (`ProfileRoute`, `ChatRoute`). A host class that serves fewer does not compile.
@MainActor
public protocol FriendsRouting: RouterProtocol {
    /// A friend's profile: `profile <n>`.
    static func openProfile(for user: UserID) -> Route<Places>
    /// The chat with a friend: `message <n>`.
    static func openChat(with user: UserID) -> Route<Places>
}

/// The signed-in user's friends, numbered: a friend's number opens that friend's profile or chat.
@MainActor
public final class FriendsPresenter: ScreenPresenter, QueryReceiving {
    public enum Action: String, ScreenAction {
        case profile, message, unfriend

        public var argument: ActionArgument { .item("friend") }
        /// Going back does not undo unfriending: a front asks before one key does it.
        public var isDestructive: Bool { self == .unfriend }

        public var summary: String {
            switch self {
            case .profile: "show the profile of friend <n>"
            case .message: "chat with friend <n>"
            case .unfriend: "stop being friends with friend <n> (your chat with them closes)"
            }
        }
    }

    public let title = FriendsPlace.friends.title
    public let feedback = ScreenFeedback()
    private let interactor: FriendsInteractor
    /// The module's router: it serves the screen's needs (`FriendsRouting`).
    let router: any FriendsRouting
    private(set) var friends: [User] = []
    /// What a link asked to search for (`search=car`): the list shows only the friends whose name
    /// or handle contains it.
    private(set) var search: String?

    init(interactor: FriendsInteractor, router: any FriendsRouting) {
        self.interactor = interactor
        self.router = router
    }

    /// Builds the Friends screen around `router` and loads it.
    /// - Throws: `SessionError` when nobody is signed in, or the service's error.
    static func screen(router: any FriendsRouting, dependencies: some FriendsDependencies) async throws
        -> FriendsPresenter
    {
        let presenter = FriendsPresenter(interactor: try FriendsInteractor(dependencies: dependencies), router: router)
        try await presenter.load()
        return presenter
    }

    /// Loads the friends.
    /// - Throws: the service's error; what is shown stays as it was.
    func load() async throws {
        friends = try await interactor.friends()
    }

    public func reappearing() async {
        // Back on top: a friendship may have begun or ended meanwhile, here or in another App.
        do { try await load() } catch { feedback.error(error) }
    }

    /// The friends the list shows: all of them, or those the search finds.
    var shown: [User] {
        guard let search else { return friends }
        return friends.filter { $0.name.lowercased().contains(search) || $0.id.rawValue.contains(search) }
    }

    public var lines: [ScreenContent.Line] {
        let shown = self.shown
        var lines: [ScreenContent.Line] = []
        // A line for who is signed in, one for the list's heading, then the friends.
        lines.reserveCapacity(shown.count + 2)
        lines.append(.text("Signed in as \(Self.label(interactor.user))."))
        switch (friends.isEmpty, search) {
        case (true, _): lines.append(.text("You have no friends on Waypoint yet."))
        case (false, nil): lines.append(.text("Your friends:"))
        case (false, let search?) where shown.isEmpty:
            lines.append(.text("None of your friends matches \"\(search)\"."))
        case (false, let search?): lines.append(.text("Your friends matching \"\(search)\":"))
        }
        if !friends.isEmpty {
            for friend in shown { lines.append(.item(Self.label(friend))) }
        }
        return lines
    }

    /// `search=<text>`: shows the friends whose name or handle contains the text, in any case;
    /// an empty text shows them all again.
    public func receive(_ query: QueryItems) -> Bool {
        guard let text = query.text("search") else { return false }
        let wanted = text.isEmpty ? nil : text.lowercased()
        guard wanted != search else { return false }
        search = wanted
        return true
    }

    public var query: QueryItems {
        search.map { QueryItems([("search", .text($0))]) } ?? QueryItems()
    }

    /// What each action opens: any friend's profile (`profile <n>`) or chat (`message <n>`). The
    /// screen offers these and a link may follow them; `perform` follows the same table.
    static func offers<Host: FriendsRouting>(host: Host.Type) -> [Offer<Host.Places>] {
        Action.allCases.compactMap { action -> Offer<Host.Places>? in
            switch action {
            case .profile: Offer(action, any: userParameter) { host.openProfile(for: $0) }
            case .message: Offer(action, any: userParameter) { host.openChat(with: $0) }
            case .unfriend: nil
            }
        }
    }

    public func perform(_ action: Action, argument: String) async {
        let friend: User
        switch Self.friend(argument, in: shown) {
        case .success(let found): friend = found
        case .failure(let refused): return feedback.error(refused)
        }
        do {
            guard action == .unfriend else {
                return try await router.follow(action.rawValue, argument: [friend.id.linkSegment])
            }
            try await interactor.endFriendship(with: friend.id)
            try await load()
            feedback.notice("You and \(Self.label(friend)) are no longer friends.")
        } catch {
            feedback.error(error)
        }
    }

    /// A friend as a list shows one: "Bob Builder (@bob)".
    static func label(_ user: User) -> String { "\(user.name) (\(user.id))" }

    /// The friend shown as number `argument` among `friends`.
    /// - Returns: the friend, or why there is none.
    static func friend(_ argument: String, in friends: [User]) -> Result<User, InputRefused> {
        let number = Int(argument) ?? 0
        guard number >= 1, number <= friends.count else {
            return .failure(
                InputRefused(
                    friends.isEmpty
                        ? "there is no friend \(argument); your friends list is empty"
                        : "there is no friend \(argument); choose a number from 1 to \(friends.count)"))
        }
        return .success(friends[number - 1])
    }
}
