import Domain
import Navigation

/// The router of the sign-in screen: the flow's steps open from it, and a completed sign-in
/// leaves through it for the host's home, which the window's host opens once the gate is passed
/// (`WindowHost.gatePassed()`): Login never knows what home is, and serves its own needs.
public final class LoginRouter<Places: LoginPlaces>: Router<LoginPresenter, Places> {
    /// Leaves Login for the host's home, signed in as `user`.
    /// - Throws: `LoginError.noHome` when the window has no host; the home's load error.
    public func openHome(for user: User) async throws {
        guard let host = window?.host else { throw LoginError.noHome }
        try await host.gatePassed()
    }
}

/// Why Login cannot go on.
public enum LoginError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The window has no host to open a home after signing in (`WindowHost`).
    case noHome

    public var description: String {
        switch self {
        case .noHome: "this program has no home screen to open after signing in"
        }
    }
}
