import Routing

/// How a chat opens: pushed on the stack it opens from, sliding in from the trailing edge as a
/// conversation does, and back out the same way when it closes. Chat's own transition, built on
/// the core's push.
public struct ChatTransition: Transition {
    /// A slide from the trailing edge, 250 ms, easing out.
    public static let slide = StandardAnimator(
        Animation(duration: .milliseconds(250), curve: .easeOut, effect: .slide(from: .trailing)))

    private let push = PushTransition(animator: ChatTransition.slide)

    public init() {}

    public var animator: any Animator { push.animator }

    public func open(_ screen: any Screen, as place: AnyPlace, from source: (any Screen)?, in window: Window)
        throws(RoutingError)
    {
        try push.open(screen, as: place, from: source, in: window)
    }

    public func close(_ screen: any Screen, in window: Window) throws(RoutingError) {
        try push.close(screen, in: window)
    }
}
