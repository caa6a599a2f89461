import Domain
import Routing

/// What the Friends screen may ask its router for. Each need is optional: a host serves it by
/// adopting the route that opens it (the app's `FriendsRouter` adopts `ProfileRoute &
/// ChatRoute`), and the screen offers the command only then.
public enum FriendsNeeds {
    /// Opens a friend's profile: `profile <n>`.
    @MainActor
    public protocol OpenProfile: AnyObject {
        func openProfile(for user: UserID) async throws
    }

    /// Opens the chat with a friend: `message <n>`.
    @MainActor
    public protocol OpenChat: AnyObject {
        func openChat(with user: UserID) async throws
    }
}

/// Every need of the Friends screen: what a host that serves them all adopts.
public typealias FriendsRouting = FriendsNeeds.OpenProfile & FriendsNeeds.OpenChat

/// The Friends screen: its presenter, on screen.
public typealias FriendsView = ScreenView<FriendsPresenter>

/// The signed-in user's friends, numbered: a friend's number opens that friend's profile or chat.
@MainActor
public final class FriendsPresenter: ScreenPresenter {
    public enum Action: String, ScreenAction {
        case profile, message

        public var argument: ActionArgument { .item("friend") }

        public var summary: String {
            switch self {
            case .profile: "show the profile of friend <n>"
            case .message: "chat with friend <n>"
            }
        }
    }

    public let title = "Friends"
    public var feedback = ScreenFeedback()
    private let interactor: FriendsInteractor
    /// The module's router: the needs it serves are the commands offered.
    let router: any Closable
    private(set) var friends: [User] = []
    /// What a link asked to search for (`search=car`): the list shows only the friends whose name
    /// or handle contains it.
    private(set) var search: String?

    init(interactor: FriendsInteractor, router: any Closable) {
        self.interactor = interactor
        self.router = router
    }

    /// Builds the Friends screen around `router` and loads it.
    /// - Throws: `SessionError` when nobody is signed in, or the service's error.
    static func screen(router: any Closable, dependencies: some FriendsDependencies) async throws -> FriendsView {
        let presenter = FriendsPresenter(interactor: try FriendsInteractor(dependencies: dependencies), router: router)
        try await presenter.load()
        return FriendsView(presenter)
    }

    /// Loads the friends.
    /// - Throws: the service's error; what is shown stays as it was.
    func load() async throws {
        friends = try await interactor.friends()
    }

    /// The friends the list shows: all of them, or those the search finds.
    var shown: [User] {
        guard let search else { return friends }
        return friends.filter { $0.name.lowercased().contains(search) || $0.id.rawValue.contains(search) }
    }

    public var lines: [ScreenContent.Line] {
        let shown = self.shown
        let list: [ScreenContent.Line] =
            switch (friends.isEmpty, search) {
            case (true, _): [.text("You have no friends on Waypoint yet.")]
            case (false, nil): [.text("Your friends:")] + shown.map { .item(Self.label($0)) }
            case (false, let search?) where shown.isEmpty: [.text("None of your friends matches \"\(search)\".")]
            case (false, let search?):
                [.text("Your friends matching \"\(search)\":")] + shown.map { .item(Self.label($0)) }
            }
        return [.text("Signed in as \(Self.label(interactor.user)).")] + list
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

    public var actions: [Action] {
        Action.allCases.filter { action in
            switch action {
            case .profile: router is any FriendsNeeds.OpenProfile
            case .message: router is any FriendsNeeds.OpenChat
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
            switch action {
            case .profile: try await (router as? any FriendsNeeds.OpenProfile)?.openProfile(for: friend.id)
            case .message: try await (router as? any FriendsNeeds.OpenChat)?.openChat(with: friend.id)
            }
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
