import Routing

/// A router whose `StubScreen` is the root of a window of its own: the place a test opens a
/// feature's modules from, as another feature's router would. Subclass it and adopt a route to
/// test that route's default implementation.
open class HostRouter: Router<StubScreen> {
    /// The window the host's screen is the root of; the host keeps it alive for the test.
    public let stage: Window
    /// Every motion in `stage`, as "push Chat @bob".
    public let motions = MotionRecorder()

    /// - Parameters:
    ///   - title: the host screen's title.
    ///   - maximumDepth: the most screens the stage holds.
    /// - Throws: `RoutingError` if the host's screen cannot be opened.
    public init(title: String = "Host", maximumDepth: Int = Window.standardDepthLimit) throws(RoutingError) {
        stage = Window(animator: motions, maximumDepth: maximumDepth)
        super.init()
        try RootOpener(window: stage).open(StubScreen(title), of: self, transition: RootTransition())
        motions.reset()
    }
}

/// An animator that writes nothing and remembers every motion, in order.
public final class MotionRecorder: Animator {
    /// "push Chat @bob", "dismiss Profile @bob", …
    public private(set) var motions: [String] = []

    public init() {}

    public func animate(_ motion: Motion, of screen: any Screen) {
        motions.append("\(motion.rawValue) \(screen.title)")
    }

    public func reset() {
        motions = []
    }
}
