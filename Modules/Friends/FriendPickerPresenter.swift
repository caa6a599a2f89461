import Domain
import Navigation

/// The friends list in picking mode: `pick <n>` answers the screen that opened it with that
/// friend, then closes; `back` answers nothing.
@MainActor
public final class FriendPickerPresenter: ScreenPresenter {
    public enum Action: String, ScreenAction {
        case pick

        public var argument: ActionArgument { .item("friend") }
        public var summary: String { "choose friend <n>; back chooses nobody" }
    }

    public let title: String
    public let feedback = ScreenFeedback()
    private let interactor: FriendsInteractor
    private let excluded: UserID
    let router: any Routing
    private(set) var friends: [User] = []

    init(interactor: FriendsInteractor, excluded: UserID, router: any Routing) {
        title = FriendsPlace.pickFriend(excluding: excluded).title
        self.interactor = interactor
        self.excluded = excluded
        self.router = router
    }

    /// Builds the picker without `excluded` around `router`, and loads it.
    /// - Throws: `SessionError` when nobody is signed in; `PickerError.noFriends` when there is
    ///   nobody to pick; the service's error.
    static func screen(
        excluding excluded: UserID, router: any Routing, dependencies: some FriendsDependencies
    ) async throws -> FriendPickerPresenter {
        let presenter = FriendPickerPresenter(
            interactor: try FriendsInteractor(dependencies: dependencies), excluded: excluded, router: router)
        try await presenter.load()
        return presenter
    }

    /// Loads the friends, but the excluded one.
    /// - Throws: `PickerError.noFriends` when there are none, or the service's error.
    func load() async throws {
        friends = try await interactor.friends().filter { $0.id != excluded }
        guard !friends.isEmpty else { throw PickerError.noFriends }
    }

    public var lines: [ScreenContent.Line] {
        [.text("Pick a friend:")] + friends.map { .item(FriendsPresenter.label($0)) }
    }

    public func perform(_ action: Action, argument: String) async {
        switch FriendsPresenter.friend(argument, in: friends) {
        case .success(let friend):
            // The list may be older than the friendships (another window or App changed them): a
            // friend who left is refused, and the list follows the data.
            do {
                try await load()
            } catch {
                return feedback.error(error)
            }
            guard friends.contains(where: { $0.id == friend.id }) else {
                return feedback.error(
                    InputRefused(
                        "\(FriendsPresenter.label(friend)) is not your friend any more, so you cannot pick them; "
                            + "pick from the list as it is now"))
            }
            // The answer is kept first, then the picker goes, then the screen that asked has it.
            do { try await router.answer(friend.id.linkSegment) } catch { feedback.error(error) }
        case .failure(let refused):
            feedback.error(refused)
        }
    }

    public func reappearing() async {
        // Back on top (its window came forward): a friend may have left meanwhile.
        do { try await load() } catch { feedback.error(error) }
    }
}
