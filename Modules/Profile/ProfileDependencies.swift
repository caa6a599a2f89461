import Domain

/// What the Profile module asks of the app, and nothing else: the calls it makes (a builder's
/// dependency, as in RIBs, narrowed to the calls), the session, the flags and the prompt. A
/// route that opens Profile hands them on (`dependencies`); any type that makes them serves:
/// Domain's `Services` (declared below), a test's, or another program's that reuses Profile alone
/// and fakes only these.
@MainActor
public protocol ProfileDependencies {
    /// Who is looking.
    var session: Session { get }
    /// `profile.v2` picks the screen.
    var flags: FeatureFlags { get }
    /// The bio editor asks before unsaved work is thrown away.
    var prompt: any UserPrompt { get }
    /// The user `id`, whose profile it is.
    /// - Throws: `ServiceError.unknownUser` when nobody has that handle.
    func user(_ id: UserID) async throws(ServiceError) -> User
    /// Whether `a` and `b` are friends: a profile offers a chat with a friend.
    func areFriends(_ a: UserID, _ b: UserID) async throws(ServiceError) -> Bool
    /// The friends `a` and `b` have in common, sorted by name.
    func mutualFriends(of a: UserID, and b: UserID) async throws(ServiceError) -> [User]
    /// Replaces the bio of `id`.
    /// - Returns: the user, with the new bio.
    /// - Throws: `ServiceError.unknownUser`, or `.bioTooLong`.
    func setBio(_ bio: String, of id: UserID) async throws(ServiceError) -> User
    /// Makes `a` and `b` friends, or ends their friendship: `befriend`, `unfriend`.
    func setFriendship(_ a: UserID, _ b: UserID, areFriends: Bool) async throws(ServiceError)
}

extension Services: ProfileDependencies {}
