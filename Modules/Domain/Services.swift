/// Every service the features use, in one value, passed through initializers, never a global.
///
/// Each feature declares the services it uses in a protocol of its own (`ChatDependencies`, as a
/// RIBs builder's dependency), and declares in its own module that this value serves it
/// (`extension Services: ChatDependencies {}`), so an app hands one value to every feature and
/// adds nothing when it composes one more. A program that reuses one feature alone may hand it a
/// value of its own instead, with only what that feature uses.
@MainActor
public struct Services {
    public var auth: any AuthService {
        get { storage.fields.auth }
        set { unique().fields.auth = newValue }
    }
    public var users: any UserService {
        get { storage.fields.users }
        set { unique().fields.users = newValue }
    }
    public var messages: any MessageService {
        get { storage.fields.messages }
        set { unique().fields.messages = newValue }
    }
    public var session: Session {
        get { storage.fields.session }
        set { unique().fields.session = newValue }
    }
    /// The app's feature flags; a feature reads the flags it declares.
    public var flags: FeatureFlags {
        get { storage.fields.flags }
        set { unique().fields.flags = newValue }
    }
    /// How a feature asks the user something; the front answers.
    public var prompt: any UserPrompt {
        get { storage.fields.prompt }
        set { unique().fields.prompt = newValue }
    }

    /// The services, held once and shared by every copy until one is changed (copy on write):
    /// each module of every window holds the value, so a copy is one reference, not six fields
    /// of which four are existentials (about 200 bytes each time; issue 34).
    private var storage: Storage

    private struct Fields {
        var auth: any AuthService
        var users: any UserService
        var messages: any MessageService
        var session: Session
        var flags: FeatureFlags
        var prompt: any UserPrompt
    }

    private final class Storage {
        var fields: Fields

        init(_ fields: Fields) {
            self.fields = fields
        }
    }

    /// The storage, copied first if another value shares it.
    private mutating func unique() -> Storage {
        if !isKnownUniquelyReferenced(&storage) { storage = Storage(storage.fields) }
        return storage
    }

    public init(
        auth: any AuthService, users: any UserService, messages: any MessageService, session: Session,
        flags: FeatureFlags, prompt: any UserPrompt
    ) {
        storage = Storage(
            Fields(auth: auth, users: users, messages: messages, session: session, flags: flags, prompt: prompt))
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
