import Domain

/// The services the Friends module uses, and nothing else: a builder's dependency, as in RIBs.
/// A route that opens Friends hands them on (`dependencies`); any type that has them serves, such
/// as Domain's `Services` (declared below), a test's, or another program's that reuses Friends
/// alone. A service only Friends uses would be declared here, not in Domain.
@MainActor
public protocol FriendsDependencies {
    /// The friends lists.
    var users: any UserService { get }
    /// Who is signed in.
    var session: Session { get }
}

extension Services: FriendsDependencies {}
