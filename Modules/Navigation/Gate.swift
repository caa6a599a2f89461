/// The gate a guarded place waits behind (Login), and the session it guards: declared by the
/// feature that owns signing in.
@MainActor
public struct Gate {
    /// Whether the gate is passed: a user is signed in.
    public let isPassed: @MainActor () -> Bool
    /// Who passed it: a key that keeps each user's places apart (`alice`), and a name (`@alice`).
    public let who: @MainActor () -> (key: String, name: String)?
    /// The route to the gate's screen, as the root, from a router with no screen (`RootOpener`).
    public let route: Route
    /// Closes the gate behind the user once its screen is the root again (sign-out).
    public let close: @MainActor () -> Void

    public init(
        isPassed: @escaping @MainActor () -> Bool, who: @escaping @MainActor () -> (key: String, name: String)?,
        route: Route, close: @escaping @MainActor () -> Void
    ) {
        self.isPassed = isPassed
        self.who = who
        self.route = route
        self.close = close
    }
}
