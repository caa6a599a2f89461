import Domain

extension Services {
    /// In-memory services on the standard demo data, signed in as `user` (or nobody), whose
    /// questions `prompt` answers (by default, no one: every answer is no).
    @MainActor
    public static func demo(
        signedInAs user: User? = nil, backend: InMemoryBackend = InMemoryBackend(),
        prompt: any UserPrompt = NoOneToAsk()
    ) -> Services {
        let services = Services.inMemory(backend, prompt: prompt)
        if let user { services.session.begin(as: user) }
        return services
    }
}
