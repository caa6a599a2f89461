import Console
import Domain

/// What the bio editor tells its presenter.
@MainActor
protocol BioEditorViewListener: AnyObject {
    /// Whether the draft differs from the saved bio.
    var hasUnsavedChanges: Bool { get }
    /// The bio being written.
    var draft: String { get }
    func draftChanged(to text: String)
    func saveRequested() async
    /// `cancel` or `back`: close, asking first if the draft is unsaved.
    func closeRequested() async
    /// Asks the user whether to discard an unsaved draft.
    /// - Returns: whether the editor may go.
    func confirmDiscard() async -> Bool
}

/// Edits the signed-in user's bio: `bio <text>` writes the draft, `save` stores it and closes,
/// `cancel` closes.
public final class BioEditorView: ConsoleScreen {
    public let title = "Edit bio"
    public var feedback = ScreenFeedback()
    public let commands = [
        CommandSpec("bio", "<text>", summary: "write your bio as <text> (not saved yet)"),
        CommandSpec("save", summary: "store the bio and close"),
        CommandSpec("cancel", summary: "close without storing the draft"),
    ]

    let listener: any BioEditorViewListener
    private var model = BioEditorViewModel(saved: "", draft: "")

    init(listener: any BioEditorViewListener) {
        self.listener = listener
    }

    public var body: [String] {
        let saved = model.saved.isEmpty ? "(none)" : "\"\(model.saved)\""
        let draft = model.draft.isEmpty ? "(empty)" : "\"\(model.draft)\""
        return ["Your bio: \(saved)", "Draft:    \(draft)" + (model.hasUnsavedChanges ? " (unsaved)" : "")]
    }

    public func handle(_ command: Command, in context: any CommandContext) async {
        switch command.name {
        case "bio":
            guard !command.argument.isEmpty else { return feedback.error("bio needs some text: bio <text>") }
            listener.draftChanged(to: command.argument)
        case "save":
            await listener.saveRequested()
        case "cancel":
            await listener.closeRequested()
        default:
            feedback.error("Edit bio has no command \"\(command.name)\"; type help to list its commands")
        }
    }

    public func backRequested() async {
        await listener.closeRequested()
    }
}

extension BioEditorView: BioEditorPresentable {
    func display(_ model: BioEditorViewModel) {
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
