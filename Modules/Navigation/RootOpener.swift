/// A router without a screen that opens roots into a window: how a program, a test or a
/// benchmark puts the first screen up. An app whose launcher also adopts routes (to open the
/// roots a link needs) writes its own, as Waypoint's `Launcher` does.
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
