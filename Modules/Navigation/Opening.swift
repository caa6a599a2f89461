/// How a place's module opens, as the core hands it to its feature (`Feature.open`): the feature
/// builds the router (of the app's class) and says how its screen is made, and returns at once;
/// the core then loads the screen as the place's policy says (`ModuleLoad`) and shows it where the
/// plan puts it, once, in one place.
@MainActor
public struct Opening<Places: AppPlaces> {
    let window: Window<Places>
    let mode: Mode
    /// The place's load policy; `nil` for a screen built at once.
    let policy: LoadPolicy?

    enum Mode {
        /// Shown from `source` by `transition`.
        case show(source: (any Screen)?, transition: any Transition)
        /// The first screen of the tab `name`: loaded, then shown with the other tabs at once.
        case tab(String, TabsMade<Places>)
    }

    /// What the features' screens are built with.
    public var environment: Places.Environment { window.environment }

    /// The screen the module opens from; `nil` for a root or a tab's first screen.
    public var source: (any Screen)? {
        if case .show(let source, _) = mode { source } else { nil }
    }

    /// Declares `router`'s module, for the core to load once `Feature.open` returns: its screen,
    /// made by `provide` from what the place's check read (`checking`), is loaded as the place's
    /// policy says (`fallback` builds it when `provide` fails for good); past the policy's
    /// threshold, a `PlaceholderScreen` stands in (leaving it stops the load). A route's check
    /// runs inside the load; a link's ran before any step. Nothing runs before the core runs it.
    /// - Returns: the load, which `Feature.open` returns.
    public func open<V: Screen & Sendable, Value>(
        _ router: Router<V, Places>, _ checking: Checking<Value>,
        provide: @escaping @MainActor (Value) async throws -> V,
        fallback: (@MainActor (Value) async throws -> V)? = nil
    ) -> ModuleLoad {
        // Typed apart from the call: `fallback.map { … }` in it crashes Swift 6.3's type checker.
        let another: (@MainActor () async throws -> V)? =
            if let fallback { { try await fallback(checking.read()) } } else { nil }
        let provided: @MainActor () async throws -> V = { try await provide(checking.read()) }
        let opening = self
        // The mode is read now, so the load runs the way it takes (`ModuleLoad.run` says why).
        switch mode {
        case .tab(let name, let made):
            return ModuleLoad { made.append(name, try await opening.window.loader.load(provide: provided), of: router) }
        case .show(let source, let transition):
            guard let policy else {
                return ModuleLoad { try opening.show(try await provided(), of: router, from: source, by: transition) }
            }
            return ModuleLoad {
                try await opening.load(
                    router, from: source, by: transition, policy: policy, provide: provided, fallback: another)
            }
        }
    }

    /// Opens `view`, made at once (the gate's screen, a flow's step), as `router`'s module, now.
    /// - Returns: what is left to load: nothing.
    /// - Throws: `RoutingError` when the window cannot take it.
    @discardableResult
    public func open<V: Screen>(_ view: V, of router: Router<V, Places>) throws(RoutingError) -> ModuleLoad {
        switch mode {
        case .tab(let name, let made):
            made.append(name, view, of: router)
        case .show(let source, let transition):
            try show(view, of: router, from: source, by: transition)
        }
        return .shown
    }

    /// Shows `view` as `router`'s place from `source` by `transition`, and attaches them.
    private func show<V: Screen>(
        _ view: V, of router: Router<V, Places>, from source: (any Screen)?, by transition: any Transition
    ) throws(RoutingError) {
        try transition.open(view, as: router.place, from: source, in: window)
        router.attach(view, as: view, window: window, transition: transition)
        window.register(router, for: view)
    }

    /// Loads `router`'s screen as `policy` says, with a placeholder past its threshold, then shows it.
    private func load<V: Screen & Sendable>(
        _ router: Router<V, Places>, from source: (any Screen)?, by transition: any Transition, policy: LoadPolicy,
        provide: @escaping @MainActor () async throws -> V, fallback: (@MainActor () async throws -> V)?
    ) async throws {
        let window = self.window
        guard let threshold = policy.placeholderAfter, window.loader.showsPlaceholders else {
            let view = try await window.loader.load(policy, from: source, provide: provide, fallback: fallback)
            return try show(view, of: router, from: source, by: transition)
        }
        // A timer (the policy's watch) shows a placeholder if the load is still in flight then.
        let stand = Router<PlaceholderScreen, Places>(place: router.place)
        let number = window.loader.loadsStarted + 1
        let clock = window.loader.clock
        let timer = Task { @MainActor [weak window] in
            try? await LoadWatch.$isWatching.withValue(true) { try await clock.sleep(for: threshold) }
            guard !Task.isCancelled, let window, window.loader.loading?.number == number else { return }
            window.publish(.loadShowsPlaceholder(number: number, after: threshold))
            do {
                try window.loader.showingPlaceholder { () throws(RoutingError) in
                    let placeholder = PlaceholderScreen(for: stand.place.title)
                    try show(placeholder, of: stand, from: source, by: transition)
                    return placeholder
                }
            } catch {
                window.loader.stop()
            }
        }
        defer { timer.cancel() }
        let view: V
        do {
            view = try await window.loader.load(policy, from: source, provide: provide, fallback: fallback)
        } catch {
            if let placeholder = stand.view, window.state.screens.contains(placeholder) { try? stand.close() }
            throw error
        }
        timer.cancel()
        guard let placeholder = stand.view else { return try show(view, of: router, from: source, by: transition) }
        guard window.state.screens.contains(placeholder) else { throw RoutingError.superseded }
        try window.replace(placeholder, with: view, router: router)
        router.attach(view, as: view, window: window, transition: transition)
    }
}

/// What is left of a module's opening once its feature declared it (`Feature.open` returns it):
/// the load of its screen, which the core awaits; nothing for a screen made at once. The feature
/// declares and returns; it awaits nothing of the core's.
@MainActor
public struct ModuleLoad {
    /// Loads the module's screen and shows it, if anything is left to load. The core calls this
    /// closure, and `Checking`'s, as they are: each async method that only forwards costs a load a
    /// frame, an allocation and a hop to the main actor.
    /// - Throws: the check's or the load's error, or `RoutingError` from opening.
    let run: @MainActor () async throws -> Void

    init(_ run: @escaping @MainActor () async throws -> Void) {
        self.run = run
    }

    /// What is left of a screen made at once: nothing.
    static var shown: ModuleLoad { ModuleLoad {} }
}

/// The tabs' first screens made so far, each with how its router is attached once the tabs show;
/// arrays apart, not tuples (`Optional.isSame(as:)` says why).
@MainActor
final class TabsMade<Places: AppPlaces> {
    private var names: [String] = []
    private var screens: [any Screen] = []
    private var places: [Places] = []
    private var attachments: [@MainActor (Window<Places>) -> Void] = []

    /// The tab `name`'s first screen, `view`, `router`'s: attached, and registered, once it shows.
    func append<V: Screen>(_ name: String, _ view: V, of router: Router<V, Places>) {
        names.append(name)
        screens.append(view)
        places.append(router.place)
        attachments.append { window in
            router.attach(view, as: view, window: window, transition: TabTransition(name: name))
            window.register(router, for: view)
        }
    }

    /// Shows the tabs made in `window` as its root, `selected` shown, and attaches their routers.
    func show(in window: Window<Places>, selecting selected: String) throws(RoutingError) {
        try window.replaceRoot(withTabs: names, screens: screens, places: places, selecting: selected)
        for attach in attachments { attach(window) }
    }
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

    public func open<Places>(
        _ screen: any Screen, as place: Places, from source: (any Screen)?, in window: Window<Places>
    ) throws(RoutingError) {
        try window.replaceRoot(
            withTabs: [name], screens: [screen], places: [place], selecting: name, animator: animator)
    }

    /// - Throws: always `RoutingError.cannotCloseRoot`: a tab's first screen is a root.
    public func close<Places>(_ screen: any Screen, in window: Window<Places>) throws(RoutingError) {
        throw .cannotCloseRoot(screen: screen.title)
    }
}

/// What a place's check reads, as its module's load gets it: read already (a link checks every
/// place before any step), or read inside the load (a route's check counts as its load, timed and
/// retried as its policy says). The provider handed to `Opening.open(_:_:provide:fallback:)` gets
/// what it read.
@MainActor
public struct Checking<Value> {
    /// Reads the check, or gives what it read (`ModuleLoad.run` says why the core calls it as it is).
    let read: @MainActor () async throws -> Value

    init(_ read: @escaping @MainActor () async throws -> Value) {
        self.read = read
    }
}
