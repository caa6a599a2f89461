import Routing

/// How a profile on the card screen (`profile.v2`) opens: presented modally, fading in over what
/// was shown, and fading out when it closes. Profile's own transition, built on the core's modal;
/// the classic screen rises as any modal does.
public struct ProfileCardTransition: Transition {
    /// A fade, 250 ms.
    public static let fade = StandardAnimator(Animation(duration: .milliseconds(250), curve: .easeInOut, effect: .fade))

    private let modal = ModalTransition(animator: ProfileCardTransition.fade)

    public init() {}

    public var animator: any Animator { modal.animator }

    public func open(_ screen: any Screen, as place: AnyPlace, from source: (any Screen)?, in window: Window)
        throws(RoutingError)
    {
        try modal.open(screen, as: place, from: source, in: window)
    }

    public func close(_ screen: any Screen, in window: Window) throws(RoutingError) {
        try modal.close(screen, in: window)
    }
}
