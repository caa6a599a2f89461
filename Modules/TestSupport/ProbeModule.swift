import Navigation

/// A module whose every part is an object of its own, so a leak check probes each: the screen
/// owns its presenter, the presenter owns its interactor and its router, and the router points
/// back at the screen weakly. (A feature's screen is its presenter, and its interactor a value.)
@MainActor
public final class ProbeScreen: Screen {
    public let title: String
    public let presenter: ProbePresenter

    public init(_ title: String, presenter: ProbePresenter) {
        self.title = title
        self.presenter = presenter
    }
}

@MainActor
public final class ProbePresenter {
    public let router: Router<ProbeScreen>
    public let interactor = ProbeInteractor()

    public init(router: Router<ProbeScreen>) {
        self.router = router
    }
}

public final class ProbeInteractor {}

/// Weak references to every part of a module: a test keeps these, never the parts.
@MainActor
public struct Probe {
    public weak var screen: ProbeScreen?
    public weak var presenter: ProbePresenter?
    public weak var interactor: ProbeInteractor?
    public weak var router: Router<ProbeScreen>?

    /// Whether no part of the module is alive any more.
    public var isReleased: Bool { screen == nil && presenter == nil && interactor == nil && router == nil }
}

/// Builds a probe module titled `title` and opens it from `opener` through `transition`.
/// - Returns: weak references to its parts.
@MainActor
@discardableResult
public func openModule(_ title: String, from opener: any RouterProtocol, transition: any Transition)
    throws(RoutingError)
    -> Probe
{
    let router = Router<ProbeScreen>(place: title)
    let presenter = ProbePresenter(router: router)
    let screen = ProbeScreen(title, presenter: presenter)
    try opener.open(screen, of: router, transition: transition)
    return Probe(screen: screen, presenter: presenter, interactor: presenter.interactor, router: router)
}

/// The router of a probe module that must still be alive.
@MainActor
public func router(of probe: Probe) throws(RoutingError) -> Router<ProbeScreen> {
    guard let router = probe.router else { throw .screenReleased }
    return router
}

/// A tab whose first module is a probe titled `title`, for `openTabs`; `probes` gets its parts.
@MainActor
public func probeTab(_ name: String, _ title: String, into probes: @escaping @MainActor (Probe) -> Void) -> TabProvider
{
    let router = Router<ProbeScreen>(place: title)
    return TabProvider(name, router: router) {
        let presenter = ProbePresenter(router: router)
        let screen = ProbeScreen(title, presenter: presenter)
        probes(Probe(screen: screen, presenter: presenter, interactor: presenter.interactor, router: router))
        return screen
    }
}
