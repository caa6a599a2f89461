import Domain

extension Dependencies {
    /// In-memory services on the standard demo data, signed in as `user` (or nobody).
    @MainActor
    public static func demo(signedInAs user: User? = nil, backend: InMemoryBackend = InMemoryBackend()) -> Dependencies
    {
        let dependencies = Dependencies.inMemory(backend)
        if let user { dependencies.session.begin(as: user) }
        return dependencies
    }
}
