import Console
import Domain

/// What the Chat screen tells its presenter.
@MainActor
protocol ChatViewListener: AnyObject {
    func sendRequested(text: String) async
    func profileRequested() async
    func closeRequested()
}

/// The conversation with one friend; `send` adds to it.
public final class ChatView: ConsoleScreen {
    public let title: String
    /// The friend this chat is with.
    public let user: UserID
    public var feedback = ScreenFeedback()
    public let commands = [
        CommandSpec("send", "<text>", summary: "send a message"),
        CommandSpec("profile", summary: "open your friend's profile"),
    ]

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
}
