/// Every service the features use, in one value, passed through initializers, never a global.
///
/// Each feature declares the services it uses in a protocol of its own (`ChatDependencies`, as a
/// RIBs builder's dependency), and declares in its own module that this value serves it
/// (`extension Services: ChatDependencies {}`), so an app hands one value to every feature and
/// adds nothing when it composes one more. A program that reuses one feature alone may hand it a
/// value of its own instead, with only what that feature uses.
@MainActor
public struct Services {
    public var auth: any AuthService
    public var users: any UserService
    public var messages: any MessageService
    public var session: Session
    /// The app's feature flags; a feature reads the flags it declares.
    public var flags: FeatureFlags
    /// How a feature asks the user something; the front answers.
    public var prompt: any UserPrompt

    public init(
        auth: any AuthService, users: any UserService, messages: any MessageService, session: Session,
        flags: FeatureFlags, prompt: any UserPrompt
    ) {
        self.auth = auth
        self.users = users
        self.messages = messages
        self.session = session
        self.flags = flags
        self.prompt = prompt
    }

    /// Every service served by one in-memory backend, with nobody signed in.
    /// - Parameters:
    ///   - backend: the data.
    ///   - flags: the feature flags.
    ///   - prompt: who answers questions; by default no one, so every answer is no.
    /// - Returns: the services.
    public static func inMemory(
        _ backend: InMemoryBackend = InMemoryBackend(), flags: FeatureFlags = FeatureFlags(),
        prompt: any UserPrompt = NoOneToAsk()
    ) -> Services {
        Services(auth: backend, users: backend, messages: backend, session: Session(), flags: flags, prompt: prompt)
    }
}
