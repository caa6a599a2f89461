import Domain
import Routing

/// What the bio editor shows through its view.
@MainActor
protocol BioEditorPresentable: AnyObject {
    func display(_ model: BioEditorViewModel)
    func show(error: String)
    func show(notice: String)
}

/// What the bio editor draws.
struct BioEditorViewModel: Hashable {
    /// The bio as stored; empty for none.
    var saved: String
    /// The bio being written.
    var draft: String

    var hasUnsavedChanges: Bool { draft != saved }
}

/// Holds the draft, stores it on `save`, and asks before it is thrown away.
@MainActor
final class BioEditorPresenter {
    static let discardQuestion = "Discard your unsaved bio?"

    weak var view: (any BioEditorPresentable)?
    private let interactor: BioEditorInteractor
    let router: any BioEditorRouting
    private let prompt: any UserPrompt
    private var model = BioEditorViewModel(saved: "", draft: "")

    init(interactor: BioEditorInteractor, router: any BioEditorRouting, prompt: any UserPrompt) {
        self.interactor = interactor
        self.router = router
        self.prompt = prompt
    }

    /// Loads the bio; the draft starts as it.
    /// - Throws: the service's error.
    func load() async throws {
        let bio = try await interactor.bio()
        model = BioEditorViewModel(saved: bio, draft: bio)
        view?.display(model)
    }
}

extension BioEditorPresenter: BioEditorViewListener {
    var hasUnsavedChanges: Bool { model.hasUnsavedChanges }

    var draft: String { model.draft }

    func draftChanged(to text: String) {
        model.draft = text
        view?.display(model)
    }

    func saveRequested() async {
        do {
            model.saved = try await interactor.save(model.draft)
            model.draft = model.saved
        } catch {
            view?.show(error: "\(error)")
            return
        }
        // Nothing is unsaved now, so closing asks nothing.
        do { try router.close() } catch { view?.show(error: "\(error)") }
    }

    func closeRequested() async {
        do {
            if try await !router.closeAsking() { view?.show(notice: "Kept your draft; nothing changed.") }
        } catch {
            view?.show(error: "\(error)")
        }
    }

    func confirmDiscard() async -> Bool {
        guard model.hasUnsavedChanges else { return true }
        return await prompt.confirm(Self.discardQuestion)
    }
}
