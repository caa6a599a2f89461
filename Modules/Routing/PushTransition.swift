/// Opens a screen on top of its source's navigation stack; closing pops it, with everything
/// pushed above it and every modal it presents.
public struct PushTransition: Transition {
    public let animator: (any Animator)?

    public init(animator: (any Animator)? = nil) {
        self.animator = animator
    }

    public func open(_ screen: any Screen, as place: AnyPlace, from source: (any Screen)?, in window: Window)
        throws(RoutingError)
    {
        guard let source else { throw .noSource }
        try window.push(screen, as: place, from: source)
        animator?.animate(.push, of: screen)
    }

    public func close(_ screen: any Screen, in window: Window) throws(RoutingError) {
        animate(try window.pop(screen))
    }
}
