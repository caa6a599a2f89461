import Console
import Domain

/// What the Chat screen tells its presenter.
@MainActor
protocol ChatViewListener: AnyObject {
    func sendRequested(text: String) async
    /// `share`: pick a friend and send their profile's link.
    func shareRequested() async
    /// `follow <n>`: open the n-th link the shown messages carry.
    func followRequested(number: Int) async
    func profileRequested() async
    func closeRequested()
}

/// The conversation with one friend; `send` adds to it.
public final class ChatView: ConsoleScreen {
    public let title: String
    /// The friend this chat is with.
    public let user: UserID
    public var feedback = ScreenFeedback()
    /// `follow` only while a shown message carries a link.
    public var commands: [CommandSpec] {
        [
            CommandSpec("send", "<text>", summary: "send a message"),
            CommandSpec("share", summary: "pick a friend and send their profile's link"),
        ]
            + (model.links.isEmpty
                ? [] : [CommandSpec("follow", "<n>", summary: "open the link of message (follow n)")])
            + [CommandSpec("profile", summary: "open your friend's profile")]
    }

    let listener: any ChatViewListener
    private var model = ChatViewModel(heading: "", lines: [], hiddenCount: 0)

    init(user: UserID, listener: any ChatViewListener) {
        title = "Chat \(user)"
        self.user = user
        self.listener = listener
    }

    public var body: [String] {
        let earlier = model.hiddenCount > 0 ? ["  (\(model.hiddenCount) earlier messages)"] : []
        let messages =
            model.lines.isEmpty ? ["  No messages yet. Say hello with: send <text>"] : model.lines.map { "  " + $0 }
        return [model.heading] + earlier + messages
    }

    public func handle(_ command: Command, in context: any CommandContext) async {
        switch command.name {
        case "send":
            guard !command.argument.isEmpty else { return feedback.error("send needs some text: send <text>") }
            await listener.sendRequested(text: command.argument)
        case "share":
            await listener.shareRequested()
        case "follow":
            guard command.words.count == 1, let word = command.words.first, let number = Int(word) else {
                return feedback.error("follow needs one link's number: follow <n>, with n from (follow n)")
            }
            await listener.followRequested(number: number)
        case "profile":
            await listener.profileRequested()
        default:
            feedback.error("Chat has no command \"\(command.name)\"; type help to list its commands")
        }
    }

    public func backRequested() async {
        listener.closeRequested()
    }
}

extension ChatView: ChatPresentable {
    func display(_ model: ChatViewModel) {
        self.model = model
        feedback.setNeedsRender()
    }

    func show(error: String) {
        feedback.error(error)
    }

    func show(notice: String) {
        feedback.notice(notice)
    }
}
