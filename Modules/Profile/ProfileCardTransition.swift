import Navigation

/// How a profile on the card screen (`profile.v2`) opens: presented modally, fading in over what
/// was shown, and fading out when it closes. Profile's own transition, built on the core's modal;
/// the classic screen rises as any modal does.
public struct ProfileCardTransition: TransitionOnBase {
    /// A fade, 250 ms.
    public static let fade = StandardAnimator(Animation(duration: .milliseconds(250), curve: .easeInOut, effect: .fade))

    public let base = ModalTransition(animator: ProfileCardTransition.fade)

    public init() {}
}
