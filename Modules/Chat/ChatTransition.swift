import Navigation

/// How a chat opens: pushed on the stack it opens from, sliding in from the trailing edge as a
/// conversation does, and back out the same way when it closes. Chat's own transition, built on
/// the core's push.
public struct ChatTransition: TransitionOnBase {
    /// A slide from the trailing edge, 250 ms, easing out.
    public static let slide = StandardAnimator(
        Animation(duration: .milliseconds(250), curve: .easeOut, effect: .slide(from: .trailing)))

    public let base = PushTransition(animator: ChatTransition.slide)

    public init() {}
}
