/// How a change animates on a front whose changes take time: how long, which curve, what moves.
/// The full-screen terminal draws it frame by frame; UIKit would take it in a
/// `UIViewControllerAnimatedTransitioning`.
public struct Animation: Hashable, Sendable {
    /// How progress follows time.
    public enum Curve: Hashable, Sendable {
        case linear, easeIn, easeOut, easeInOut

        /// The progress, from 0 to 1, at `time`, the share of the duration gone (clamped).
        public func progress(at time: Double) -> Double {
            let t = min(1, max(0, time))
            switch self {
            case .linear: return t
            case .easeIn: return t * t
            case .easeOut: return 1 - (1 - t) * (1 - t)
            case .easeInOut: return t < 0.5 ? 2 * t * t : 1 - 2 * (1 - t) * (1 - t)
            }
        }
    }

    /// An edge of the screen.
    public enum Edge: String, Hashable, Sendable {
        case leading, trailing, top, bottom
    }

    /// What moves: the screen that arrives (or leaves, when the motion is reversed).
    public enum Effect: Hashable, Sendable {
        /// Slides in from `edge` over what was shown (a push slides from the trailing edge).
        case slide(from: Edge)
        /// Rises from the bottom edge as a sheet over what presented it.
        case rise
        /// Fades in over what was shown.
        case fade
        /// Appears at once.
        case cut
    }

    public var duration: Duration
    public var curve: Curve
    public var effect: Effect

    public init(duration: Duration, curve: Curve = .easeInOut, effect: Effect) {
        self.duration = duration
        self.curve = curve
        self.effect = effect
    }

    /// No animation: the change shows at once.
    public static let none = Animation(duration: .zero, curve: .linear, effect: .cut)

    /// Whether it takes any time.
    public var isInstant: Bool { duration <= .zero || effect == .cut }
}

/// How a transition animates what it opens and closes (the router-and-transition pattern's
/// `Animator`): a front that takes time plays it, the line console ignores it. A feature's
/// transitions bring their own (Chat's slide, the friend picker's sheet).
public protocol Animator: Sendable {
    /// The animation of a screen this transition opens (`isPresenting`), or closes.
    func animation(isPresenting: Bool) -> Animation
}

/// An animator that plays one animation in, and the same one reversed out.
public struct StandardAnimator: Animator, Hashable {
    public let animation: Animation

    public init(_ animation: Animation) {
        self.animation = animation
    }

    public func animation(isPresenting: Bool) -> Animation { animation }

    /// A push: slides in from the trailing edge, 250 ms.
    public static let push = StandardAnimator(Animation(duration: .milliseconds(250), effect: .slide(from: .trailing)))
    /// A modal: rises from the bottom, 300 ms.
    public static let modal = StandardAnimator(Animation(duration: .milliseconds(300), curve: .easeOut, effect: .rise))
    /// A new root: fades in, 200 ms.
    public static let root = StandardAnimator(Animation(duration: .milliseconds(200), effect: .fade))
    /// A tab's first screen: at once, as a tab bar shows it.
    public static let tab = StandardAnimator(.none)
}
