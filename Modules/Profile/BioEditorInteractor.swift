import Domain

/// The editor's business rules: it edits the signed-in user's own bio.
@MainActor
struct BioEditorInteractor {
    let dependencies: any ProfileDependencies

    /// - Throws: `SessionError` when nobody is signed in; `ServiceError` from the service.
    func bio() async throws -> String {
        try await dependencies.user(dependencies.session.currentUser().id).bio
    }

    /// Stores `bio` as the signed-in user's.
    /// - Returns: the bio as stored (trimmed).
    /// - Throws: `SessionError`, or `ServiceError.bioTooLong`.
    func save(_ bio: String) async throws -> String {
        try await dependencies.setBio(bio, of: dependencies.session.currentUser().id).bio
    }
}
