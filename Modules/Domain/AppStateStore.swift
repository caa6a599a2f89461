/// What the app keeps for its next run besides accounts and messages: the flag choices made in
/// the app, and where each user was when it quit (their tabs, stacks and modals, as text the
/// app encodes). The SQLite store keeps them in its file; the in-memory backend for as long as
/// it lives.
@MainActor
public protocol AppStateStore: AnyObject {
    /// The flags set in the app, by name.
    /// - Throws: `ServiceError.storage` when they cannot be read.
    func savedFlags() throws(ServiceError) -> [String: Bool]

    /// Keeps a flag set in the app.
    /// - Throws: `ServiceError.storage` when it cannot be written.
    func saveFlag(_ name: String, isOn: Bool) throws(ServiceError)

    /// Every state kept for `user`, oldest first: one for each App that quit signed in as them
    /// since the last App that brought them back (two Apps on one data file each keep theirs).
    /// - Throws: `ServiceError.storage` when they cannot be read.
    func keptPlaces(of user: UserID) throws(ServiceError) -> [KeptPlaces]

    /// Keeps where `user` is, beside what other Apps kept, and forgets the states `replacing`
    /// names (those this App brought back, or kept before), in one write.
    /// - Returns: the new state's id; with `places` `nil`, only forgets, and returns `nil`.
    /// - Throws: `ServiceError.storage` when it cannot be written.
    @discardableResult
    func keepPlaces(_ places: String?, of user: UserID, replacing: [Int]) throws(ServiceError) -> Int?

    /// Keeps `text`, what a place that answers gave the screen of `asker` (its place's path) for
    /// its `action`, signed in as `user`, until the effect it asked for consumes it
    /// (`MessageService.send(_:link:from:to:consuming:)`), in one write with that effect.
    /// - Returns: the record's id.
    /// - Throws: `ServiceError.storage` when it cannot be written.
    func keepAnswer(_ text: String, action: String, asker: String, of user: UserID) throws(ServiceError) -> Int

    /// Keeps a question open for `user`: a place that answers (a picker) was opened by the
    /// screen of `asker` (its place's path) for its `action`, and has not answered yet. Kept with
    /// where the user is, so two Apps that bring it back share it, and it is answered once.
    /// - Returns: the record's id, which `answer(_:with:)` answers.
    /// - Throws: `ServiceError.storage` when it cannot be written.
    func keepQuestion(asker: String, action: String, of user: UserID) throws(ServiceError) -> Int

    /// Answers the kept question `id` with `text`, if it is still open: of two Apps that answer
    /// one question, the first to write wins.
    /// - Returns: `true` when this answer is kept (the effect then consumes it); `false` when the
    ///   question was answered, or closed, elsewhere.
    /// - Throws: `ServiceError.storage` when it cannot be written.
    func answer(_ id: Int, with text: String) throws(ServiceError) -> Bool

    /// Where the kept question `id` stands: open, answered (and not consumed yet), or gone.
    /// - Throws: `ServiceError.storage` when it cannot be read.
    func question(_ id: Int) throws(ServiceError) -> KeptQuestion

    /// The answers kept for `user` and not consumed yet, oldest first: what a relaunch delivers.
    /// - Throws: `ServiceError.storage` when they cannot be read.
    func keptAnswers(of user: UserID) throws(ServiceError) -> [KeptAnswerRecord]

    /// Forgets the kept answer `id`, which nothing will consume (its asker is gone).
    /// - Throws: `ServiceError.storage` when it cannot be written.
    func dropAnswer(_ id: Int) throws(ServiceError)

    /// A number that changes whenever the data rules read changes (the friendships), whoever
    /// changed it: this App, or another on the same data file. How an App notices that a place it
    /// shows may no longer be allowed: it compares the number, and checks the rules again.
    func dataVersion() -> Int
}

/// Where a kept question stands (`AppStateStore.question(_:)`).
public enum KeptQuestion: Hashable, Sendable {
    /// Kept, with no answer yet.
    case open
    /// Answered, and not consumed yet.
    case answered
    /// Consumed, or closed with no answer, or never kept.
    case gone
}

/// An answer kept for the screen that asked (`AppStateStore.keepAnswer(_:action:asker:of:)`).
public struct KeptAnswerRecord: Hashable, Sendable {
    public var id: Int
    /// The asker's place, as its link writes it: `chat/bob`.
    public var asker: String
    /// The asker's action that asked: `share`.
    public var action: String
    /// The answer, as its spelling writes it: `carol`.
    public var text: String

    public init(id: Int, asker: String, action: String, text: String) {
        self.id = id
        self.asker = asker
        self.action = action
        self.text = text
    }
}

/// One App's kept state of a user: its id in the store, and the text the app encoded.
public struct KeptPlaces: Equatable, Sendable {
    public var id: Int
    public var text: String

    public init(id: Int, text: String) {
        self.id = id
        self.text = text
    }
}

extension AppStateStore {
    /// The newest state kept for `user`, if any: what a test reads back after one App quit.
    /// - Throws: `ServiceError.storage` when it cannot be read.
    public func savedPlaces(of user: UserID) throws(ServiceError) -> String? {
        try keptPlaces(of: user).last?.text
    }

    /// Keeps `places` as the only state of `user` (`nil` forgets every one): what a test sets up.
    /// - Throws: `ServiceError.storage` when it cannot be written.
    public func savePlaces(_ places: String?, of user: UserID) throws(ServiceError) {
        try keepPlaces(places, of: user, replacing: keptPlaces(of: user).map(\.id))
    }
}

/// Where the command line says the data lives.
public enum StorageChoice: Equatable, Sendable {
    /// The database in the user's data folder (`Storage.path(of:environment:)`).
    case standard
    /// `--data <path>`: another database file.
    case file(String)
    /// `--in-memory`: nothing is kept after App quits.
    case inMemory
}
