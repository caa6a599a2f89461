extension Window {
    /// Takes in a change the front made by itself, without asking a router: in UIKit the system
    /// pops a screen on a swipe back and dismisses a sheet on a swipe down. The state follows
    /// the screen: `screen` leaves as the front removed it (popped, or dismissed when it is the
    /// first screen of a modal stack), with everything above it; observers hear each departure;
    /// the modules that left are released; a child flow waiting on one of them ends with no
    /// answer. A later `close()` of a module that is gone is an error value
    /// (`RoutingError.notInWindow` or `.screenReleased`), not a second removal.
    ///
    /// Call it when the front's change is done (UIKit: the navigation controller delegate's
    /// `didShow`, the presentation controller delegate's `presentationControllerDidDismiss`).
    /// Where the front may still refuse the gesture, ask first with `frontMayRemove(_:)`.
    /// - Returns: every screen that left, top-most first.
    /// - Throws: `RoutingError.notInWindow` when `screen` is not in the window (the change was
    ///   reported already), `.notPushed` for the first screen of a root stack.
    @discardableResult
    public func frontRemoved(_ screen: any Screen) throws(RoutingError) -> [Departure] {
        guard let (container, index) = position(of: screen) else { throw .notInWindow(screen: screen.title) }
        if case .modal = container, index == 0 { return try dismiss(screen) }
        return try pop(screen)
    }

    /// Whether the front should hold a gesture back until asked: removing `screen` would take a
    /// screen whose router asks before leaving (UIKit: `isModalInPresentation`).
    public func frontShouldAsk(beforeRemoving screen: any Screen) -> Bool {
        !screensAsking(among: screensRemoved(byClosing: screen)).isEmpty
    }

    /// Asks every screen that removing `screen` would take, that has work to lose, whether it
    /// may go (UIKit: from `presentationControllerDidAttemptToDismiss`). Nothing changes: if it
    /// allows, the front removes the screen and reports it with `frontRemoved(_:)`.
    /// - Returns: whether the front may remove it.
    public func frontMayRemove(_ screen: any Screen) async -> Bool {
        await confirmLeaving(screensRemoved(byClosing: screen))
    }

    /// The screen that shows `place` in the stack that holds `source`, and the screen right
    /// above it there (`nil` when it is the top of that stack): where a route that goes back
    /// instead of stacking a copy (`WhenShown.goBack`) returns to.
    func shown(_ place: AnyPlace, inStackOf source: any Screen) -> (screen: any Screen, above: (any Screen)?)? {
        guard let found = position(of: source) else { return nil }
        let entries = entries(in: found.container)
        for index in entries.indices where entries[index].place == place {
            return (entries[index].screen, entries.indices.contains(index + 1) ? entries[index + 1].screen : nil)
        }
        return nil
    }

    /// Hands a link's query items to `screen`, shown: `receive` gives them to it, typed (links
    /// does), and observers hear it (`.delivered`, with `items` as the link writes them).
    /// - Returns: whether what the screen shows changed.
    @discardableResult
    public func deliver(_ items: String, to screen: any Screen, receive: (any Screen) -> Bool) -> Bool {
        let changed = receive(screen)
        publish(.delivered(screen, items, changed: changed))
        return changed
    }
}
