/// Makes a screen the window's new root, releasing every screen of the old one: sign-in leads
/// to the app with no way back to Login, sign-out leads back to Login. A root is
/// replaced, never closed.
public final class RootTransition: Transition {
    /// Unused: a new root does not open from anything. Kept to satisfy `Transition`.
    public weak var source: (any Screen)?
    public let animator: (any Animator)?

    public init(animator: (any Animator)? = nil) {
        self.animator = animator
    }

    public func open(_ screen: any Screen, in window: Window) throws(RoutingError) {
        try window.replaceRoot(with: screen)
        window.animate(.replaceRoot, of: screen, with: animator)
    }

    /// - Throws: always `RoutingError.cannotCloseRoot`.
    public func close(_ screen: any Screen, in window: Window) throws(RoutingError) {
        throw .cannotCloseRoot(screen: screen.title)
    }
}
