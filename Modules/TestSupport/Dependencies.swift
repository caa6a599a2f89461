import Domain

/// Every service a feature's tests may need, in one value: each feature's test target declares
/// that it serves the feature's dependency protocol (`extension Dependencies: ProfileDependencies
/// {}`), as the app's `AppServices` does in App.
public struct Dependencies: Sendable {
    public var auth: any AuthService
    public var users: any UserService
    public var messages: any MessageService
    public var session: Session
    /// The app's feature flags; a feature reads the flags it declares.
    public var flags: FeatureFlags
    /// How a feature asks the user a yes-or-no question; the front answers.
    public var prompt: any UserPrompt

    public init(
        auth: any AuthService,
        users: any UserService,
        messages: any MessageService,
        session: Session,
        flags: FeatureFlags,
        prompt: any UserPrompt
    ) {
        self.auth = auth
        self.users = users
        self.messages = messages
        self.session = session
        self.flags = flags
        self.prompt = prompt
    }

    /// Every service served by one in-memory backend, with nobody signed in; questions are
    /// answered by `prompt` (by default, no one: every answer is no).
    @MainActor
    public static func inMemory(
        _ backend: InMemoryBackend = InMemoryBackend(), flags: FeatureFlags = FeatureFlags(),
        prompt: any UserPrompt = NoOneToAsk()
    ) -> Dependencies {
        Dependencies(auth: backend, users: backend, messages: backend, session: Session(), flags: flags, prompt: prompt)
    }
}
