import TestSupport
import Testing

@testable import Navigation

/// The stage the core's tests open modules from: a window of the core's test app, its gate's
/// screen (`Host`) the root.
typealias HostRouter = Stage<TestPlace>

/// Where a probe module opens from: the stage's first screen, or a module's router.
@MainActor
protocol ProbeSource {
    var sourceScreen: (any Screen)? { get }
    var sourceWindow: Window<TestPlace>? { get }
}

extension Stage: ProbeSource where Places == TestPlace {
    var sourceScreen: (any Screen)? { view }
    var sourceWindow: Window<TestPlace>? { window }
}

extension Router: ProbeSource where Places == TestPlace {
    var sourceScreen: (any Screen)? { screen }
    var sourceWindow: Window<TestPlace>? { window }
}

/// How a module opens from `screen` in `window`: as `Feature.open` is handed it.
@MainActor
func opening<Places>(
    from screen: (any Screen)?, in window: Window<Places>, by transition: any Transition,
    policy: LoadPolicy? = nil
) -> Opening<Places> {
    Opening(window: window, mode: .show(source: screen, transition: transition), policy: policy)
}

/// Builds a probe module titled `title` and opens it from `source` through `transition`, as a
/// feature's `open` builds and opens its module.
/// - Returns: weak references to its parts.
@MainActor
@discardableResult
func openModule(_ title: String, from source: any ProbeSource, transition: any Transition) throws(RoutingError)
    -> Probe<TestPlace>
{
    guard let window = source.sourceWindow else { throw .windowReleased }
    let router = Router<ProbeScreen, TestPlace>(place: .stub(StubPlace(title)))
    let screen = ProbeScreen(title, presenter: ProbePresenter(router: router))
    try opening(from: source.sourceScreen, in: window, by: transition).open(screen, of: router)
    return Probe(screen, router: router)
}

extension Stage where Places == TestPlace {
    /// Opens `router`'s module from the screen on top by `transition`, its screen loaded by
    /// `provide` as `policy` says, as a feature's `open` does.
    func open<V: Screen & Sendable>(
        _ router: Router<V, TestPlace>, transition: any Transition, policy: LoadPolicy = .standard,
        provide: @escaping @MainActor () async throws -> V,
        fallback: (@MainActor () async throws -> V)? = nil
    ) async throws {
        var another: (@MainActor (()) async throws -> V)?
        if let fallback { another = { (_: ()) in try await fallback() } }
        try await opening(from: top, in: window, by: transition, policy: policy)
            .open(router, Checking {}, provide: { _ in try await provide() }, fallback: another).run()
    }

    /// Opens `tabs` as the root, `selected` shown: each tab's first module is made by its
    /// provider, then all show at once, as the window's `openTabs` does.
    func openTabs(_ tabs: [TabProvider], selecting selected: String) async throws {
        let made = TabsMade<TestPlace>()
        for tab in tabs { try await tab.open(Opening(window: window, mode: .tab(tab.name, made), policy: nil)) }
        try made.show(in: window, selecting: selected)
    }
}

/// A tab's first module, as a test makes it: its name, its router and how its screen is made.
@MainActor
struct TabProvider {
    let name: String
    let open: @MainActor (Opening<TestPlace>) async throws -> Void

    init<V: Screen & Sendable>(
        _ name: String, router: Router<V, TestPlace>, provide: @escaping @MainActor () async throws -> V
    ) {
        self.name = name
        open = { opening in try await opening.open(router, Checking {}, provide: { _ in try await provide() }).run() }
    }
}

extension Stage where Places == TestPlace {
    /// Opens `screen`, made at once, as `router`'s module, from the screen on top.
    func open<V: Screen>(_ screen: V, of router: Router<V, TestPlace>, transition: any Transition)
        throws(RoutingError)
    {
        try opening(from: top, in: window, by: transition).open(screen, of: router)
    }
}

/// Opens modules in a window from no screen: what only a root transition can do.
@MainActor
struct RootOpener: ProbeSource {
    let window: Window<TestPlace>

    var sourceScreen: (any Screen)? { nil }
    var sourceWindow: Window<TestPlace>? { window }

    func open<V: Screen>(_ screen: V, of router: Router<V, TestPlace>, transition: any Transition)
        throws(RoutingError)
    {
        try opening(from: nil, in: window, by: transition).open(screen, of: router)
    }
}

/// A tab whose first module is a probe titled `title`, for `openTabs`; `probes` gets its parts.
@MainActor
func probeTab(_ name: String, _ title: String, into probes: @escaping @MainActor (Probe<TestPlace>) -> Void)
    -> TabProvider
{
    let router = Router<ProbeScreen, TestPlace>(place: .stub(StubPlace(title)))
    return TabProvider(name, router: router) {
        let screen = ProbeScreen(title, presenter: ProbePresenter(router: router))
        probes(Probe(screen, router: router))
        return screen
    }
}

extension Router where Places == TestPlace {
    /// Opens `router`'s module from this router's screen, loaded by `provide` as `policy` says.
    func open<W: Screen & Sendable>(
        _ router: Router<W, TestPlace>, transition: any Transition, policy: LoadPolicy = .standard,
        provide: @escaping @MainActor () async throws -> W
    ) async throws {
        guard let window else { throw RoutingError.windowReleased }
        try await opening(from: screen, in: window, by: transition, policy: policy)
            .open(router, Checking {}, provide: { _ in try await provide() }).run()
    }
}

extension NavigationState<TestPlace> {
    /// The state by title.
    @MainActor func typed(_ type: String.Type) -> NavigationState<String>? { map { $0.title } }
}
