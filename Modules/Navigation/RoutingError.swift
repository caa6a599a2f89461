/// Why a screen could not be opened or closed. Every misuse of the routing core ends here, as a
/// value, instead of a crash or a silent no-op; a front decides the words a user reads.
public enum RoutingError: Error, Hashable, Sendable {
    /// `close()` on a router whose module was not opened through a transition.
    case noOpeningTransition(screen: String)
    /// `close()` on a router whose screen is already released.
    case screenReleased
    /// `close()` on the root screen: the root is replaced, never closed.
    case cannotCloseRoot(screen: String)
    /// The window a router opens into is gone.
    case windowReleased
    /// A push or modal transition without a screen to open from.
    case noSource
    /// The screen is not in the window (it was closed already, or never opened).
    case notInWindow(screen: String)
    /// The screen is in the window already: a screen is shown at most once.
    case alreadyInWindow(screen: String)
    /// A pop of a screen that was not pushed: it is the first screen of its stack.
    case notPushed(screen: String)
    /// A dismissal of a screen that was not presented modally.
    case notPresented(screen: String)
    /// A going-back gesture on a screen that is not the one on top.
    case notOnTop(screen: String)
    /// A module still loading when a newer navigation started: cancelled, it opened nothing.
    case superseded
    /// A load was stopped (`back` while it waited, or its screen was left): it opened nothing,
    /// and a presenter does not report it.
    case stopped
    /// A load took longer than `LoadPolicy.timeout`: it was stopped, and opened nothing.
    case timedOut(after: Duration)
    /// A load whose policy is that the first navigation wins is in flight: this one was refused.
    case busy
    /// The window shows as many screens as it may (`Window.maximumDepth`): close one first.
    case tooDeep(limit: Int)
    /// No tab has that name; `tabs` are the names there are (empty when the root has no tabs).
    case unknownTab(String, tabs: [String])
    /// Tabs that cannot make a root: none, an empty or repeated name, or `selected` not among them.
    case invalidTabs([String], selected: String)
    /// A route whose need the host leaves out (`Route.leftOut(method:)`): `method` opens nothing.
    case leftOut(String)
    /// The last window cannot be closed: the app quits instead.
    case lastWindow
    /// The session has `limit` windows, the most it has at once: close one first.
    case tooManyWindows(limit: Int)
    /// The question `screen` was to answer was answered, or closed, in another App on the same
    /// data: `screen` closed, and nothing was answered from here.
    case answeredElsewhere(screen: String)
}
