import Domain

/// The services the Login module uses, and nothing else: a builder's dependency, as in RIBs.
/// A route that opens Login hands them on (`dependencies`); any type that has them serves,
/// such as Domain's `Services` (declared below), a test's, or another program's that reuses
/// Login alone. A service only Login uses would be declared here, not in Domain.
@MainActor
public protocol LoginDependencies {
    /// Signs in, signs up and asks for password resets.
    var auth: any AuthService { get }
    /// Who is signed in; Login begins it.
    var session: Session { get }
    /// Asks for the password, as a secret the front does not show.
    var prompt: any UserPrompt { get }
}

extension Services: LoginDependencies {}
