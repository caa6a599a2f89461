/// Why a screen could not be opened or closed. Every misuse of the routing core ends here, as a
/// value the caller can show, instead of a crash or a silent no-op.
public enum RoutingError: Error, Hashable, Sendable {
    /// `close()` on a router whose module was not opened through a transition.
    case noOpeningTransition(screen: String)
    /// `close()` on a router whose screen is already released.
    case screenReleased
    /// `close()` on the root screen: the root is replaced, never closed.
    case cannotCloseRoot(screen: String)
    /// The window a router opens into is gone.
    case windowReleased
    /// A push or modal transition without a screen to open from (it was released, or the
    /// router has no screen of its own).
    case noSource
    /// The screen is not in the window (it was closed already, or never opened).
    case notInWindow(screen: String)
    /// The screen is in the window already: a screen is shown at most once.
    case alreadyInWindow(screen: String)
    /// A pop of a screen that was not pushed: it is the first screen of its stack.
    case notPushed(screen: String)
    /// A dismissal of a screen that was not presented modally.
    case notPresented(screen: String)
    /// A module that was still loading when a newer navigation started: the newest wins, and
    /// this one was cancelled and opened nothing.
    case superseded
    /// The window shows as many screens as it may (`Window.maximumDepth`); one must close
    /// before another opens.
    case tooDeep(limit: Int)
    /// No tab has that name; `tabs` are the names there are (empty when the root has no tabs).
    case unknownTab(String, tabs: [String])
    /// Tabs that cannot make a root: none, an empty or repeated name, or a selected name that
    /// is not among them.
    case invalidTabs([String], selected: String)
}

extension RoutingError: CustomStringConvertible {
    public var description: String {
        switch self {
        case .noOpeningTransition(let screen):
            "\(screen) was not opened through a transition, so there is nothing to reverse; open modules with open(_:of:transition:)"
        case .screenReleased:
            "this module's screen is already released; it was closed before"
        case .cannotCloseRoot(let screen):
            "\(screen) is a root screen, so there is nothing to close or go back to"
        case .windowReleased:
            "the window is gone; nothing can be opened or closed"
        case .noSource:
            "there is no screen to open from; open a first screen with a root transition"
        case .notInWindow(let screen):
            "\(screen) is not on screen; it was closed already or never opened"
        case .alreadyInWindow(let screen):
            "\(screen) is on screen already; a screen is shown once at most"
        case .notPushed(let screen):
            "\(screen) is the first screen of its stack, so it cannot be popped"
        case .notPresented(let screen):
            "\(screen) was not presented modally, so it cannot be dismissed"
        case .superseded:
            "a newer navigation started while this screen was loading, so it was cancelled"
        case .tooDeep(let limit):
            "the window shows at most \(limit) screens; close one before opening another"
        case .unknownTab(let name, let tabs):
            tabs.isEmpty
                ? "there is no tab \"\(name)\"; this root has no tabs"
                : "there is no tab \"\(name)\"; the tabs are " + tabs.joined(separator: ", ")
        case .invalidTabs(let names, let selected):
            "tabs [\(names.joined(separator: ", "))] selecting \"\(selected)\" cannot make a root: give at least one tab, each with its own non-empty name, and select one of them"
        }
    }
}
