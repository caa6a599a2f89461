/// A tab of a tab container about to be opened: its name, and how to provide its module (the
/// module's router, and a provider that builds and loads its screen).
@MainActor
public struct TabProvider {
    public let name: String
    let provide: @MainActor (Window) async throws -> ProvidedTab

    /// A tab named `name` (`chats`), whose first module's router is `router`, its screen built
    /// and loaded by `provide`.
    public init<V: Screen & Sendable>(
        _ name: String, router: Router<V>, provide: @escaping @MainActor () async throws -> V
    ) {
        self.name = name
        self.provide = { window in
            let view = try await window.loader.load(provide: provide)
            return ProvidedTab(name: name, screen: view, place: router.place) { window in
                router.attach(view, window: window, transition: TabTransition(name: name), navigator: nil)
                window.register(router, for: view)
            }
        }
    }
}

/// A tab whose screen is loaded, waiting for the container to open.
@MainActor
struct ProvidedTab {
    let name: String
    let screen: any Screen
    let place: AnyPlace
    /// Gives the module's router its screen, window and opening transition.
    let attach: @MainActor (Window) -> Void
}

/// How a tab's first screen opens: with the container (alone, as its one tab); never closed.
public struct TabTransition: Transition {
    public let name: String
    public let animator: any Animator

    /// - Parameters:
    ///   - name: the tab's name.
    ///   - animator: how the container arrives; by default, `StandardAnimator.root`.
    public init(name: String, animator: any Animator = StandardAnimator.root) {
        self.name = name
        self.animator = animator
    }

    public func open(_ screen: any Screen, as place: AnyPlace, from source: (any Screen)?, in window: Window)
        throws(RoutingError)
    {
        try window.replaceRoot(withTabs: [(name, screen, place)], selecting: name, animator: animator)
    }

    /// - Throws: always `RoutingError.cannotCloseRoot`: a tab's first screen is a root.
    public func close(_ screen: any Screen, in window: Window) throws(RoutingError) {
        throw .cannotCloseRoot(screen: screen.title)
    }
}

extension RouterProtocol {
    /// Provides each tab's first module through the window's load, one after another (the newest
    /// navigation still wins), then makes them the root in one change, `selected` shown.
    /// - Throws: a provider's error, `.superseded`, `CancellationError`, or `.invalidTabs`;
    ///   nothing is opened then.
    public func openTabs(_ tabs: [TabProvider], selecting selected: String) async throws {
        guard let window else { throw RoutingError.windowReleased }
        // Checked before anything loads, by the window's own rule.
        _ = try WindowState.index(ofTab: selected, among: tabs.map(\.name))
        var provided: [ProvidedTab] = []
        for tab in tabs { provided.append(try await tab.provide(window)) }
        try window.replaceRoot(withTabs: provided.map { ($0.name, $0.screen, $0.place) }, selecting: selected)
        for tab in provided { tab.attach(window) }
    }
}
