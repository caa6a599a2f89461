import Console

/// What the Chats screen tells its presenter.
@MainActor
protocol ChatsViewListener: AnyObject {
    /// The screen is about to be shown again: the conversations may have changed.
    func appeared() async
    /// The user picked the conversation shown as `number` (counting from 1).
    func conversationSelected(number: Int) async
    func closeRequested()
}

/// The signed-in user's conversations, most recent first, each with its last message.
public final class ChatsView: ConsoleScreen {
    public let title = "Chats"
    public var feedback = ScreenFeedback()
    public let commands = [CommandSpec("chat", "<n>", summary: "open conversation <n>")]

    let listener: any ChatsViewListener
    private var model = ChatsViewModel(rows: [])

    init(listener: any ChatsViewListener) {
        self.listener = listener
    }

    public var body: [String] {
        guard !model.rows.isEmpty else {
            return ["No conversations yet. Start one on the friends tab: message <n>."]
        }
        return ["Your conversations, most recent first:"]
            + model.rows.enumerated().map { "  \($0.offset + 1). \($0.element)" }
    }

    public func handle(_ command: Command, in context: any CommandContext) async {
        switch command.name {
        case "chat":
            let usage = "chat <n>, with n from the list"
            guard command.words.count == 1, let word = command.words.first else {
                return feedback.error("chat needs one conversation's number: \(usage)")
            }
            guard let number = Int(word) else { return feedback.error("\"\(word)\" is not a number; type \(usage)") }
            await listener.conversationSelected(number: number)
        default:
            feedback.error("Chats has no command \"\(command.name)\"; type help to list its commands")
        }
    }

    public func willAppear() async {
        await listener.appeared()
    }

    public func backRequested() async {
        listener.closeRequested()
    }
}

extension ChatsView: ChatsPresentable {
    func display(_ model: ChatsViewModel) {
        guard model != self.model else { return }
        self.model = model
        feedback.setNeedsRender()
    }

    func show(error: String) {
        feedback.error(error)
    }
}
