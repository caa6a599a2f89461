import Domain
import Routing

/// The router a bio editor gets: a `Router` for its screen that also does what the editor needs
/// (`BioEditorRouting`). The app decides the class.
public typealias BioEditorModuleRouter = Router<BioEditorView> & BioEditorRouting

/// What the bio editor needs from its router: to close, to be asked before it is taken away
/// with unsaved changes (the core's `LeaveConfirming`), and to have an unsaved draft kept when
/// the app keeps where the user was (`StateRestoring`): both answered by the editor itself.
@MainActor
public protocol BioEditorRouting: Closable, LeaveConfirming, StateRestoring {}

extension BioEditorRouting where Self: Router<BioEditorView> {
    /// Whether the draft differs from the saved bio.
    public var asksBeforeLeaving: Bool { view?.listener.hasUnsavedChanges ?? false }

    /// Asks the user whether to discard the draft.
    /// - Returns: whether the editor may go.
    public func confirmLeaving() async -> Bool {
        guard let listener = view?.listener else { return true }
        return await listener.confirmDiscard()
    }

    /// The draft, while it is not saved: kept with the editor's place, so quitting loses nothing.
    public var restorableState: String? {
        guard let listener = view?.listener, listener.hasUnsavedChanges else { return nil }
        return listener.draft
    }

    /// Puts a kept draft back into the editor, unsaved.
    public func restore(_ state: String) {
        view?.listener.draftChanged(to: state)
    }
}

/// "Can edit the bio": the editor's entry route. A router that adopts it opens an editor of the
/// signed-in user's bio, presented modally unless it says otherwise.
@MainActor
public protocol BioEditorRoute: RouterProtocol {
    /// How the editor opens from this router; modal by default.
    var bioEditorTransition: any Transition { get }
    /// The services the module is assembled with: any type that has what it uses.
    associatedtype ProfileServices: ProfileDependencies
    /// The services the module is assembled with.
    var dependencies: ProfileServices { get }
    /// Makes the router of a new editor: the app gives it its place.
    func makeBioEditorRouter() -> any BioEditorModuleRouter
    /// Loads the signed-in user's bio, then opens the editor; an editor already in the stack is
    /// returned to instead (`WhenShown.goBack`).
    /// - Throws: `SessionError` when nobody is signed in, the service's error, or `RoutingError`;
    ///   nothing is opened then.
    func openBioEditor() async throws
}

extension BioEditorRoute {
    public var bioEditorTransition: any Transition { ModalTransition() }

    public func openBioEditor() async throws {
        let router = makeBioEditorRouter()
        let builder = BioEditorBuilder(dependencies: dependencies)
        try await open(router, transition: bioEditorTransition, whenShown: .goBack) {
            try await builder.build(router: router)
        }
    }
}

/// Assembles a bio editor around the router it is given, and loads the bio it edits.
@MainActor
struct BioEditorBuilder {
    let dependencies: any ProfileDependencies

    func build(router: any BioEditorRouting) async throws -> BioEditorView {
        let interactor = BioEditorInteractor(users: dependencies.users, session: dependencies.session)
        let presenter = BioEditorPresenter(interactor: interactor, router: router, prompt: dependencies.prompt)
        let view = BioEditorView(listener: presenter)
        presenter.view = view
        try await presenter.load()
        return view
    }
}

/// The editor's business rules: it edits the signed-in user's own bio.
@MainActor
struct BioEditorInteractor {
    let users: any UserService
    let session: Session

    /// - Throws: `SessionError` when nobody is signed in; `ServiceError` from the service.
    func bio() async throws -> String {
        try await users.user(session.currentUser().id).bio
    }

    /// Stores `bio` as the signed-in user's.
    /// - Returns: the bio as stored (trimmed).
    /// - Throws: `SessionError`, or `ServiceError.bioTooLong`.
    func save(_ bio: String) async throws -> String {
        try await users.setBio(bio, of: session.currentUser().id).bio
    }
}
