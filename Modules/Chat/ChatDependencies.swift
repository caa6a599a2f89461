import Domain

/// The services the Chat module uses, and nothing else: a builder's dependency, as in RIBs.
/// A route that opens Chat hands them on (`dependencies`); any type that has them serves,
/// such as Domain's `Services` (declared below), a test's, or another program's that reuses
/// Chat alone. A service only Chat uses would be declared here, not in Domain.
@MainActor
public protocol ChatDependencies {
    /// The friend a chat is with.
    var users: any UserService { get }
    /// Conversations, and sending.
    var messages: any MessageService { get }
    /// Who is signed in.
    var session: Session { get }
}

extension Services: ChatDependencies {}
