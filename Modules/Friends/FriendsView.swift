import Console

/// What the Friends screen tells its presenter.
@MainActor
protocol FriendsViewListener: AnyObject {
    /// The user picked the friend shown as `number` (counting from 1).
    func friendSelected(number: Int) async
    func messageRequested(number: Int) async
    func closeRequested()
}

/// The signed-in user's friends, numbered.
public final class FriendsView: ConsoleScreen {
    public let title = "Friends"
    public var feedback = ScreenFeedback()
    public let commands = [
        CommandSpec("profile", "<n>", summary: "show the profile of friend <n>"),
        CommandSpec("message", "<n>", summary: "chat with friend <n>"),
    ]

    let listener: any FriendsViewListener
    private var model = FriendsViewModel(owner: "", friends: [])

    init(listener: any FriendsViewListener) {
        self.listener = listener
    }

    public var body: [String] {
        let list =
            model.friends.isEmpty
            ? ["You have no friends on Waypoint yet."]
            : ["Your friends:"] + model.friends.enumerated().map { "  \($0.offset + 1). \($0.element)" }
        return ["Signed in as \(model.owner)."] + list
    }

    public func handle(_ command: Command, in context: any CommandContext) async {
        switch command.name {
        case "profile":
            guard let number = Self.friendNumber(in: command, feedback: &feedback) else { return }
            await listener.friendSelected(number: number)
        case "message":
            guard let number = Self.friendNumber(in: command, feedback: &feedback) else { return }
            await listener.messageRequested(number: number)
        default:
            feedback.error("Friends has no command \"\(command.name)\"; type help to list its commands")
        }
    }

    public func backRequested() async {
        listener.closeRequested()
    }

    /// The number after `profile`, `message` or `pick`, or nil after saying in `feedback` what
    /// is wrong with it.
    static func friendNumber(in command: Command, feedback: inout ScreenFeedback) -> Int? {
        let usage = "\(command.name) <n>, with n from the list"
        guard command.words.count == 1, let word = command.words.first else {
            feedback.error("\(command.name) needs one friend's number: \(usage)")
            return nil
        }
        guard let number = Int(word) else {
            feedback.error("\"\(word)\" is not a number; type \(usage)")
            return nil
        }
        return number
    }
}

extension FriendsView: FriendsPresentable {
    func display(_ model: FriendsViewModel) {
        self.model = model
        feedback.setNeedsRender()
    }

    func show(error: String) {
        feedback.error(error)
    }
}
