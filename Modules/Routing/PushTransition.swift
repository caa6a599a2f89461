/// Opens a screen on top of its source's navigation stack; closing pops it, with everything
/// pushed above it and every modal it presents.
public final class PushTransition: Transition {
    public weak var source: (any Screen)?
    public let animator: (any Animator)?

    public init(animator: (any Animator)? = nil) {
        self.animator = animator
    }

    public func open(_ screen: any Screen, in window: Window) throws(RoutingError) {
        guard let source else { throw .noSource }
        try window.push(screen, from: source)
        window.animate(.push, of: screen, with: animator)
    }

    public func close(_ screen: any Screen, in window: Window) throws(RoutingError) {
        for departure in try window.pop(screen) {
            window.animate(departure.motion, of: departure.screen, with: animator)
        }
    }
}
