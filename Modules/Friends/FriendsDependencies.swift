import Domain

/// What the Friends module asks of the app, and nothing else: the calls it makes (a builder's
/// dependency, as in RIBs, narrowed to the calls). A route that opens Friends hands them on
/// (`dependencies`); any type that makes them serves: Domain's `Services` (declared below), a
/// test's, or another program's that reuses Friends alone and fakes only these.
@MainActor
public protocol FriendsDependencies {
    /// Who is signed in.
    var session: Session { get }
    /// The friends of `id`, sorted by name.
    func friends(of id: UserID) async throws(ServiceError) -> [User]
    /// Makes `a` and `b` friends, or ends their friendship: `unfriend <n>`.
    func setFriendship(_ a: UserID, _ b: UserID, areFriends: Bool) async throws(ServiceError)
}

extension Services: FriendsDependencies {}
