import Domain
import Routing

/// "Can edit the bio": the editor's entry route. A router that adopts it opens an editor of the
/// signed-in user's bio, presented modally unless it says otherwise.
@MainActor
public protocol BioEditorRoute: RouterProtocol {
    /// How the editor opens from this router; modal by default.
    var bioEditorTransition: any Transition { get }
    /// The services the module is assembled with: any type that has what it uses.
    associatedtype ProfileServices: ProfileDependencies
    var dependencies: ProfileServices { get }
    /// Loads the signed-in user's bio, then opens the editor; an editor already in the stack is
    /// returned to instead (`WhenShown.goBack`).
    /// - Throws: `SessionError` when nobody is signed in, the service's error, or `RoutingError`;
    ///   nothing is opened then.
    func openBioEditor() async throws
}

extension BioEditorRoute {
    public var bioEditorTransition: any Transition { ModalTransition() }

    public func openBioEditor() async throws {
        let dependencies = self.dependencies
        try await open(
            ProfilePlace.editBio, on: BioEditorView.self, transition: bioEditorTransition, whenShown: .goBack
        ) {
            router in try await BioEditorPresenter.screen(router: router, dependencies: dependencies)
        }
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
