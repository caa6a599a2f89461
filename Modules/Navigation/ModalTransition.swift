/// Presents a screen modally on top of the top-most screen, as the first screen of a new
/// navigation stack (so the screen can push in turn); closing dismisses that stack and every
/// modal presented from it.
public struct ModalTransition: Transition {
    public let animator: any Animator

    /// - Parameter animator: how its screens animate; by default, `StandardAnimator.modal`.
    public init(animator: any Animator = StandardAnimator.modal) {
        self.animator = animator
    }

    public func open<Places>(
        _ screen: any Screen, as place: Places, from source: (any Screen)?, in window: Window<Places>
    )
        throws(RoutingError)
    {
        guard let source else { throw .noSource }
        try window.present(screen, as: place, from: source, animator: animator)
    }

    public func close<Places>(_ screen: any Screen, in window: Window<Places>) throws(RoutingError) {
        try window.dismiss(screen)
    }
}
