import Navigation

/// How a profile opens: presented modally, rising as a sheet for the classic screen, and fading
/// in over what was shown for the card (`profile.v2`); it leaves as it came. Profile's own
/// transition, built on the core's modal.
public struct ProfileTransition: Transition {
    /// A fade, 250 ms: the card's.
    public static let fade = StandardAnimator(Animation(duration: .milliseconds(250), curve: .easeInOut, effect: .fade))

    public var animator: any Animator { StandardAnimator.modal }

    public init() {}

    public func open<Places>(
        _ screen: any Screen, as place: Places, from source: (any Screen)?, in window: Window<Places>
    ) throws(RoutingError) {
        guard let source else { throw .noSource }
        let card = (screen as? ProfilePresenter)?.style == .card
        try window.present(screen, as: place, from: source, animator: card ? Self.fade : animator)
    }

    public func close<Places>(_ screen: any Screen, in window: Window<Places>) throws(RoutingError) {
        try window.dismiss(screen)
    }
}
