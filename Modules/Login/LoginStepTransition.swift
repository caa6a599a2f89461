import Navigation

/// How Login's steps (sign-up, forgot password) open: pushed on Login, sliding up from the bottom
/// edge as a form does, and back down when the step ends. Login's own transition, built on the
/// core's push.
public struct LoginStepTransition: TransitionOnBase {
    /// A slide from the bottom edge, 300 ms.
    public static let slideUp = StandardAnimator(
        Animation(duration: .milliseconds(300), curve: .easeInOut, effect: .slide(from: .bottom)))

    public let base = PushTransition(animator: LoginStepTransition.slideUp)

    public init() {}
}
