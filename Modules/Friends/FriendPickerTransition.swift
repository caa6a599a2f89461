import Navigation

/// How the friend picker opens: a sheet that rises from the bottom over the screen that asked,
/// and sinks back when it answers or is dismissed. Friends' own transition, built on the core's
/// modal.
public struct FriendPickerTransition: TransitionOnBase {
    /// A sheet rising from the bottom, 350 ms, easing out.
    public static let sheet = StandardAnimator(
        Animation(duration: .milliseconds(350), curve: .easeOut, effect: .rise))

    public let base = ModalTransition(animator: FriendPickerTransition.sheet)

    public init() {}
}
