import Domain
import Navigation

/// What a console session does for its windows' features that the routing core cannot
/// (`WindowHost`): follow a link a message carries, open home once a user signs in, and keep
/// answers and questions in the app's store (`AppStateStore`), so a picker's answer is sent once
/// even across a kill or two Apps. It also hears every window's questions open and close, and
/// keeps where the user is then. It holds the console weakly: the app owns it.
@MainActor
public final class ConsoleHost<Places: AppPlaces>: WindowHost, WindowsObserver {
    weak var console: ConsoleFront<Places>?
    /// Where answers and questions are kept; `nil` keeps none (delivered once, in this run).
    var store: (any AppStateStore)?

    init(console: ConsoleFront<Places>) {
        self.console = console
        for window in console.windows.all { serve(window) }
        console.windows.addObserver(self)
    }

    private func serve(_ window: Window<Places>) {
        window.host = self
    }

    public func windows(_ windows: Windows<Places>, did change: WindowsChange<Places>) {
        if case .opened(let window) = change { serve(window) }
    }

    /// A question opened or closed (a picker): where the user is is kept now. The console's
    /// observer of each window tells it.
    func heard(_ event: NavigationEvent) {
        switch event {
        case .awaitingReply, .replied: console?.questionsChanged()
        default: break
        }
    }

    /// A message's link opens as a link does, from the screen that carries it when that screen
    /// can open it (a profile is pushed on the chat's stack); the console says how it went.
    public func follow(_ link: String, from screen: any Screen) async {
        await console?.openLink(link, fromHere: true)
    }

    /// Sign-in leads home: the tabs, then the link followed before signing in, or where the user
    /// was when App last quit.
    public func gatePassed() async throws {
        guard let console else { return }
        try await console.windows.front.openTabs()
        await console.gatePassed()
    }

    /// Who passed the gate, as the store names users.
    private var user: UserID? {
        console.flatMap { Places.passer(in: $0.windows.front.environment) }.map { UserID($0.key) }
    }

    public func keep(asker: String, action: String, answer text: String) -> Int? {
        guard let store, let user else { return nil }
        return try? store.keepAnswer(text, action: action, asker: asker, of: user)
    }

    public func answer(_ record: Int, with text: String) throws -> Bool {
        try store?.answer(record, with: text) ?? true
    }

    public func isOpen(question record: Int) -> Bool {
        // A store that cannot be read says nothing new: the question stays as it is.
        (try? store?.question(record)).map { $0 == .open } ?? true
    }

    public func forget(question record: Int) {
        try? store?.dropAnswer(record)
    }
}

/// The console as the features' prompt: made before the console, as the services it is part of
/// are made before the windows, and told the console once it exists. Held weakly: the services
/// are in every window's declarations, which the console reaches, so a strong reference back
/// would keep the whole app alive after its session.
@MainActor
public final class ConsolePrompt<Places: AppPlaces>: UserPrompt {
    public weak var console: ConsoleFront<Places>?

    public init() {}

    public func confirm(_ question: String) async -> Bool { await console?.confirm(question) ?? false }

    public func secret(_ label: String) async -> String? { await console?.secret(label) }
}

extension ConsoleFront {
    /// Keeps what lasts beyond a command in `store`: where each user was (every window, restored
    /// at the next sign-in, and kept each time a question opens or closes, not only at quit), the
    /// answers a place gave the screen that asked (kept until the effect they ask for consumes
    /// them), the questions open (answered once across Apps), the feature flags set here; and the
    /// rules of what the windows show are checked again whenever the data they read changes.
    public func keep(in store: any AppStateStore, flags: FeatureFlags? = nil) {
        host?.store = store
        dataVersion = { store.dataVersion() }
        if let flags { self.flags = (flags, { name, isOn in try store.saveFlag(name, isOn: isOn) }) }
        restoration = Restoration(
            windows: windows,
            store: Restoration.KeptStore(
                load: { user in try store.keptPlaces(of: UserID(user)).map { ($0.id, $0.text) } },
                save: { state, user, replacing in try store.keepPlaces(state, of: UserID(user), replacing: replacing) },
                answers: { user in
                    try store.keptAnswers(of: UserID(user)).map {
                        KeptAnswer(asker: $0.asker, action: $0.action, text: $0.text, record: $0.id)
                    }
                },
                drop: { try store.dropAnswer($0) },
                keepQuestion: { asker, action, user in
                    try store.keepQuestion(asker: asker, action: action, of: UserID(user))
                },
                isKept: { try store.question($0) != .gone }))
    }
}
