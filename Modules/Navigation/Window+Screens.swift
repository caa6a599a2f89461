extension Window {
    /// Whether `screen` is in the window, shown or in a tab that is not.
    public func contains(_ screen: any Screen) -> Bool { position(of: screen) != nil }

    /// The router that opened `screen` through `RouterProtocol.open(_:of:transition:)`, while the
    /// screen is in the window: how a front or a link handler reaches the routes of the screen
    /// on top without the screen knowing its router.
    public func router(of screen: any Screen) -> (any RouterProtocol & Closable)? {
        guard let position = position(of: screen) else { return nil }
        return entry(at: position).router
    }

    /// How the transition that opened `screen` animates it, if it is in the window: what a front
    /// whose changes take time plays when the screen arrives or leaves.
    public func animator(of screen: any Screen) -> (any Animator)? {
        position(of: screen).map { entry(at: $0).animator }
    }

    /// The place of `screen`, while it is in the window.
    public func place(of screen: any Screen) -> AnyPlace? {
        position(of: screen).map { entry(at: $0).place }
    }

    /// The window as a value of places, the places of every feature in one state: what links,
    /// plans, restoration and tests read.
    public var places: NavigationState<AnyPlace> {
        state { $0.place }
    }

    /// The window as a value of its screens' titles: what a front that only draws prints.
    public var titles: NavigationState<String> { state { $0.screen.title } }

    /// Calls `body` with the title of every screen the user sees, bottom first: the shown root
    /// stack's, then each modal stack's with its number (from 0; `nil` for the root stack).
    /// `titles.path`, read in place: what a front that draws after every command walks, with no
    /// state made for it.
    public func forEachShownTitle(_ body: (_ title: String, _ modal: Int?) -> Void) {
        forEachShownScreen { screen, modal in body(screen.title, modal) }
    }

    /// Calls `body` with every screen the user sees, bottom first, as `forEachShownTitle(_:)`
    /// does with their titles: `stacks.path`, read in place.
    public func forEachShownScreen(_ body: (_ screen: any Screen, _ modal: Int?) -> Void) {
        if roots.indices.contains(selected) {
            let entries = roots[selected].stack.entries
            for index in entries.indices { body(entries[index].screen, nil) }
        }
        for number in modals.indices {
            let entries = modals[number].entries
            for index in entries.indices { body(entries[index].screen, number) }
        }
    }
}
