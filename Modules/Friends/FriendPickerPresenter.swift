import Domain
import Navigation

/// The friends list in picking mode: `pick <n>` answers the flow that opened it, then closes.
@MainActor
public final class FriendPickerPresenter: ScreenPresenter {
    public enum Action: String, ScreenAction {
        case pick

        public var argument: ActionArgument { .item("friend") }
        public var summary: String { "choose friend <n>; back chooses nobody" }
    }

    public let title = FriendsPlace.pickFriend.title
    public var feedback = ScreenFeedback()
    private let interactor: FriendsInteractor
    private let excluded: [UserID]
    let router: any Closable
    private let reply: Reply<User>
    private(set) var friends: [User] = []

    init(interactor: FriendsInteractor, excluded: [UserID], router: any Closable, reply: Reply<User>) {
        self.interactor = interactor
        self.excluded = excluded
        self.router = router
        self.reply = reply
    }

    /// Loads the friends, but the excluded ones.
    /// - Throws: `PickerError.noFriends` when there are none, or the service's error.
    func load() async throws {
        friends = try await interactor.friends().filter { !excluded.contains($0.id) }
        guard !friends.isEmpty else { throw PickerError.noFriends }
    }

    public var lines: [ScreenContent.Line] {
        [.text("Pick a friend:")] + friends.map { .item(FriendsPresenter.label($0)) }
    }

    public func perform(_ action: Action, argument: String) async {
        switch FriendsPresenter.friend(argument, in: friends) {
        case .success(let friend):
            // The answer first, then the picker goes: its leaving then delivers nothing more.
            await reply.answer(friend)
            do { try router.close() } catch { feedback.error(error) }
        case .failure(let refused):
            feedback.error(refused)
        }
    }
}
