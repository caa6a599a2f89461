import Routing

/// How the friend picker opens: a sheet that rises from the bottom over the screen that asked,
/// and sinks back when it answers or is dismissed. Friends' own transition, built on the core's
/// modal.
public struct FriendPickerTransition: Transition {
    /// A sheet rising from the bottom, 350 ms, easing out.
    public static let sheet = StandardAnimator(
        Animation(duration: .milliseconds(350), curve: .easeOut, effect: .rise))

    private let modal = ModalTransition(animator: FriendPickerTransition.sheet)

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
