/// A router without a screen that opens roots into a window: how a program, a test or a
/// benchmark puts the first screen up, and what a window's links open its gate and tabs from.
public final class RootOpener: RouterProtocol {
    public private(set) weak var window: Window?
    public var sourceScreen: (any Screen)? { nil }
    /// What opens the routes of the modules it opens, which they keep.
    public let navigator: Navigator?

    public init(window: Window, navigator: Navigator? = nil) {
        self.window = window
        self.navigator = navigator
    }
}
