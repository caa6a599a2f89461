/// How a change animates on a front whose changes take time: how long, with which curve, and
/// what moves. A value a transition's `Animator` gives and a front plays: the full-screen
/// terminal draws it frame by frame; a UIKit front would hand it to a
/// `UIViewControllerAnimatedTransitioning`.
public struct Animation: Hashable, Sendable {
    /// How progress follows time.
    public enum Curve: Hashable, Sendable {
        case linear, easeIn, easeOut, easeInOut

        /// The progress of the animation, from 0 to 1, at `time`, the share of its duration gone
        /// (clamped to 0…1).
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

/// How a transition animates the screens it opens and closes: the router-and-transition
/// pattern's `Animator`. It says, for a screen being presented (`isPresenting`) or taken away,
/// what the animation is; a front that takes time plays it, a front that is instant (the line
/// console) ignores it. A feature ships the transitions its screens open with, each with its own
/// animator (Chat's slide, the friend picker's sheet), built on the core's push, modal and root.
public protocol Animator: Sendable {
    /// The animation of a screen this transition opens (`isPresenting`), or closes.
    func animation(isPresenting: Bool) -> Animation
}

/// An animator that plays one animation in, and the same one reversed out: what most
/// transitions need.
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
