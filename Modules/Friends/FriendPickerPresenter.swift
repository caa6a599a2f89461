import Console
import Domain
import Routing

/// What the picker tells its presenter.
@MainActor
protocol FriendPickerViewListener: AnyObject {
    /// The user picked the friend shown as `number` (counting from 1).
    func friendPicked(number: Int)
    /// `back`: no choice.
    func closeRequested()
}

/// The friends list in picking mode: `pick <n>` answers the flow that opened it, then closes.
@MainActor
final class FriendPickerPresenter {
    weak var view: FriendPickerView?
    private let interactor: FriendsInteractor
    private let excluded: [UserID]
    let router: any Closable
    private let reply: Reply<User>
    private var friends: [User] = []

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
        view?.display(friends.map(FriendsPresenter.label))
    }
}

extension FriendPickerPresenter: FriendPickerViewListener {
    func friendPicked(number: Int) {
        switch FriendsPresenter.friend(number, in: friends) {
        case .success(let friend):
            // The answer first, then the picker goes: its leaving then delivers nothing more.
            reply.answer(friend)
            close()
        case .failure(let problem):
            view?.feedback.error(problem.message)
        }
    }

    func closeRequested() {
        close()
    }

    private func close() {
        do { try router.close() } catch { view?.feedback.error("\(error)") }
    }
}

/// The signed-in user's friends, numbered, to pick one from.
public final class FriendPickerView: ConsoleScreen {
    public let title = "Pick a friend"
    public var feedback = ScreenFeedback()
    public let commands = [CommandSpec("pick", "<n>", summary: "choose friend <n>; back chooses nobody")]

    let listener: any FriendPickerViewListener
    private var friends: [String] = []

    init(listener: any FriendPickerViewListener) {
        self.listener = listener
    }

    func display(_ friends: [String]) {
        self.friends = friends
        feedback.setNeedsRender()
    }

    public var body: [String] {
        ["Pick a friend:"] + friends.enumerated().map { "  \($0.offset + 1). \($0.element)" }
    }

    public func handle(_ command: Command, in context: any CommandContext) async {
        guard command.name == "pick" else {
            return feedback.error("Pick a friend has no command \"\(command.name)\"; type help to list its commands")
        }
        guard let number = FriendsView.friendNumber(in: command, feedback: &feedback) else { return }
        listener.friendPicked(number: number)
    }

    public func backRequested() async {
        listener.closeRequested()
    }
}
