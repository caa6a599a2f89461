import Domain
import Navigation

/// Edits the signed-in user's bio: `bio <text>` writes the draft, `save` stores it and closes,
/// `cancel` (or `back`) closes. It asks before an unsaved draft is thrown away, and keeps the
/// draft when the app keeps where the user was.
@MainActor
public final class BioEditorPresenter: ScreenPresenter {
    public enum Action: String, ScreenAction {
        case bio, save, cancel

        public var argument: ActionArgument { self == .bio ? .text("<text>") : .none }

        public var summary: String {
            switch self {
            case .bio: "write your bio as <text> (not saved yet)"
            case .save: "store the bio and close"
            case .cancel: "close without storing the draft"
            }
        }
    }

    static let discardQuestion = "Discard your unsaved bio?"

    public let title = ProfilePlace.editBio.title
    public let feedback = ScreenFeedback()
    private let interactor: BioEditorInteractor
    let router: any Closable
    private let prompt: any UserPrompt
    /// The bio as stored; empty for none.
    private(set) var saved = ""
    /// The bio being written.
    private(set) var draft = ""

    init(interactor: BioEditorInteractor, router: any Closable, prompt: any UserPrompt) {
        self.interactor = interactor
        self.router = router
        self.prompt = prompt
    }

    /// Builds the editor around `router` and loads the bio it edits.
    /// - Throws: `SessionError` when nobody is signed in, or the service's error.
    static func screen(router: any Closable, dependencies: some ProfileDependencies) async throws -> BioEditorPresenter
    {
        let presenter = BioEditorPresenter(
            interactor: BioEditorInteractor(dependencies: dependencies), router: router,
            prompt: dependencies.prompt)
        try await presenter.load()
        return presenter
    }

    /// Loads the bio; the draft starts as it.
    /// - Throws: the service's error.
    func load() async throws {
        saved = try await interactor.bio()
        draft = saved
    }

    var hasUnsavedChanges: Bool { draft != saved }

    public var lines: [ScreenContent.Line] {
        let savedText = saved.isEmpty ? "(none)" : "\"\(saved)\""
        let draftText = draft.isEmpty ? "(empty)" : "\"\(draft)\""
        return [
            .text("Your bio: \(savedText)"), .text("Draft:    \(draftText)" + (hasUnsavedChanges ? " (unsaved)" : "")),
        ]
    }

    public func perform(_ action: Action, argument: String) async {
        switch action {
        case .bio:
            guard !argument.isEmpty else { return feedback.error(InputRefused("bio needs some text: bio <text>")) }
            draft = argument
        case .save:
            await save()
        case .cancel:
            await close()
        }
    }

    /// `back` is `cancel`: close, asking first if the draft is unsaved.
    public func backRequested() async -> Bool {
        await close()
        return true
    }

    private func save() async {
        do {
            saved = try await interactor.save(draft)
            draft = saved
        } catch {
            return feedback.error(error)
        }
        // Nothing is unsaved now, so closing asks nothing.
        do { try router.close() } catch { feedback.error(error) }
    }

    private func close() async {
        do {
            if try await !router.closeAsking() { feedback.notice("Kept your draft; nothing changed.") }
        } catch {
            feedback.error(error)
        }
    }
}

extension BioEditorPresenter: LeaveConfirming {
    public var asksBeforeLeaving: Bool { hasUnsavedChanges }

    public func confirmLeaving() async -> Bool {
        guard hasUnsavedChanges else { return true }
        return await prompt.confirm(Self.discardQuestion)
    }
}

extension BioEditorPresenter: StateRestoring {
    /// The draft, while it is not saved: kept with the editor's place, so quitting loses nothing.
    public var restorableState: String? { hasUnsavedChanges ? draft : nil }

    /// Puts a kept draft back into the editor, unsaved.
    public func restore(_ state: String) {
        draft = state
    }
}
