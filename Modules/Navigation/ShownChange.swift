/// One change a user sees in a window: what the window shows now and how it came to, heard once
/// per committed change, not once per step. A link of five steps, a pop that takes three
/// screens, a load that replaces its placeholder's spinner each make one; a cancelled back
/// gesture, a link that changes nothing and re-selecting the tab shown make none. What analytics
/// and accessibility (announcing the new screen) listen to; `NavigationEvent` is every step.
public struct ShownChange: Hashable, Sendable {
    /// How a change came about.
    public enum Cause: String, Hashable, Sendable, CaseIterable {
        /// A screen's action or a command (`back`, `tab`), or a load it started that ended.
        case command
        /// A link: opened, or delivered to a screen shown already.
        case link
        /// Where the user was, brought back after sign-in.
        case restoration
        /// A going-back gesture the front drove to its end.
        case gesture
    }

    /// The places the user sees, bottom first: the shown root stack, then each modal's.
    public let path: [AnyPlace]
    /// The tab shown; `nil` when the root is one stack (or the window closed).
    public let tab: String?
    public let cause: Cause
    /// Whether the change is query items a screen already shown took (`.delivered`), not a
    /// different path.
    public let isDelivery: Bool

    public init(path: [AnyPlace], tab: String?, cause: Cause, isDelivery: Bool = false) {
        self.path = path
        self.tab = tab
        self.cause = cause
        self.isDelivery = isDelivery
    }
}

/// Hears one `ShownChange` per change a user sees in a window.
@MainActor
public protocol ShownChangeObserver: AnyObject {
    func window(_ window: Window, showed change: ShownChange)
}

extension Window {
    /// Adds an observer of the changes a user sees; it hears each from now on.
    public func addObserver(_ observer: any ShownChangeObserver) {
        if shownObservers.isEmpty { lastShown = shownNow }
        shownObservers.append(observer)
    }

    /// Removes `observer`, if it is one.
    public func removeObserver(_ observer: any ShownChangeObserver) {
        shownObservers.removeAll { $0 === observer }
    }

    /// Runs `change`, a change of several steps, as one change a user sees.
    func committing<T, E: Error>(_ change: () throws(E) -> T) throws(E) -> T {
        operationDepth += 1
        defer {
            operationDepth -= 1
            commit()
        }
        return try change()
    }

    /// Tells the observers of shown changes what the window shows, if it differs from what they
    /// heard last; nothing while a change of several steps or a batch is still under way.
    func commit() {
        // A window that closes is a change of the session's windows, not one a window shows.
        guard operationDepth == 0, batchDepth == 0, !shownObservers.isEmpty, !isClosed else { return }
        let now = shownNow
        let delivery = deliveryChanged
        deliveryChanged = false
        let same = now.path == lastShown.path && now.tab == lastShown.tab
        guard !same || delivery else { return }
        lastShown = now
        let change = ShownChange(path: now.path, tab: now.tab, cause: cause, isDelivery: same)
        for observer in shownObservers { observer.window(self, showed: change) }
    }

    private var shownNow: (path: [AnyPlace], tab: String?) {
        let places = self.places
        return (places.path, places.selectedTab)
    }
}
