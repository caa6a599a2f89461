/// Presents a screen modally on top of the top-most screen, as the first screen of a new
/// navigation stack (so the screen can push in turn); closing dismisses that stack and every
/// modal presented from it.
public struct ModalTransition: Transition {
    public let animator: (any Animator)?

    public init(animator: (any Animator)? = nil) {
        self.animator = animator
    }

    public func open(_ screen: any Screen, as place: AnyPlace, from source: (any Screen)?, in window: Window)
        throws(RoutingError)
    {
        guard let source else { throw .noSource }
        try window.present(screen, as: place, from: source)
        animator?.animate(.present, of: screen)
    }

    public func close(_ screen: any Screen, in window: Window) throws(RoutingError) {
        animate(try window.dismiss(screen))
    }
}
