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
