/// Makes a screen the window's new root, releasing every screen of the old one: sign-in leads
/// to the app with no way back to Login, sign-out leads back to Login. A root is replaced,
/// never closed, and opens from nothing (the source is ignored).
public struct RootTransition: Transition {
    public let animator: any Animator

    /// - Parameter animator: how its screens animate; by default, `StandardAnimator.root`.
    public init(animator: any Animator = StandardAnimator.root) {
        self.animator = animator
    }

    public func open<Places>(
        _ screen: any Screen, as place: Places, from source: (any Screen)?, in window: Window<Places>
    )
        throws(RoutingError)
    {
        try window.replaceRoot(with: screen, as: place, animator: animator)
    }

    /// - Throws: always `RoutingError.cannotCloseRoot`.
    public func close<Places>(_ screen: any Screen, in window: Window<Places>) throws(RoutingError) {
        throw .cannotCloseRoot(screen: screen.title)
    }
}
