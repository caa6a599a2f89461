/// Opens a screen on top of its source's navigation stack; closing pops it, with everything
/// pushed above it and every modal it presents.
public struct PushTransition: Transition {
    public let animator: any Animator

    /// - Parameter animator: how its screens animate; by default, `StandardAnimator.push`.
    public init(animator: any Animator = StandardAnimator.push) {
        self.animator = animator
    }

    public func open<Places>(
        _ screen: any Screen, as place: Places, from source: (any Screen)?, in window: Window<Places>
    )
        throws(RoutingError)
    {
        guard let source else { throw .noSource }
        try window.push(screen, as: place, from: source, animator: animator)
    }

    public func close<Places>(_ screen: any Screen, in window: Window<Places>) throws(RoutingError) {
        try window.pop(screen)
    }
}
