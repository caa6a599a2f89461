import Routing

/// How Login's steps (sign-up, forgot password) open: pushed on Login, sliding up from the bottom
/// edge as a form does, and back down when the step ends. Login's own transition, built on the
/// core's push.
public struct LoginStepTransition: Transition {
    /// A slide from the bottom edge, 300 ms.
    public static let slideUp = StandardAnimator(
        Animation(duration: .milliseconds(300), curve: .easeInOut, effect: .slide(from: .bottom)))

    private let push = PushTransition(animator: LoginStepTransition.slideUp)

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
