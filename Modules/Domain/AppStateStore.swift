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

    /// Where `user` was at the last quit, as the app encoded it; `nil` if nothing is kept.
    /// - Throws: `ServiceError.storage` when it cannot be read.
    func savedPlaces(of user: UserID) throws(ServiceError) -> String?

    /// Keeps where `user` is (`nil` forgets it).
    /// - Throws: `ServiceError.storage` when it cannot be written.
    func savePlaces(_ places: String?, of user: UserID) throws(ServiceError)
}
