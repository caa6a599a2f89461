import Domain

/// The services the Profile module uses, and nothing else: a builder's dependency, as in RIBs.
/// A route that opens Profile hands them on (`dependencies`); any type that has them serves,
/// such as Domain's `Services` (declared below), a test's, or another program's that reuses
/// Profile alone. A service only Profile uses would be declared here, not in Domain.
@MainActor
public protocol ProfileDependencies {
    /// Profiles, mutual friends and bios.
    var users: any UserService { get }
    /// Who is looking.
    var session: Session { get }
    /// `profile.v2` picks the screen.
    var flags: FeatureFlags { get }
    /// The bio editor asks before unsaved work is thrown away.
    var prompt: any UserPrompt { get }
}

extension Services: ProfileDependencies {}
