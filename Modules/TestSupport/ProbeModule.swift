import Navigation

/// A module whose every part is an object of its own, so a leak check probes each: the screen
/// owns its presenter, the presenter owns its interactor and its router, and the router points
/// back at the screen weakly. (A feature's screen is its presenter, and its interactor a value.)
@MainActor
public final class ProbeScreen: Screen {
    public let title: String
    public let presenter: ProbePresenter
    /// What it has to say, as a presenter keeps it.
    public let feedback = ScreenFeedback()

    public init(_ title: String, presenter: ProbePresenter) {
        self.title = title
        self.presenter = presenter
    }
}

@MainActor
public final class ProbePresenter {
    public let router: any Closable
    public let interactor = ProbeInteractor()

    public init(router: any Closable) {
        self.router = router
    }
}

public final class ProbeInteractor {}

/// Weak references to every part of a module: a test keeps these, never the parts.
@MainActor
public struct Probe<Places: AppPlaces> {
    public weak var screen: ProbeScreen?
    public weak var presenter: ProbePresenter?
    public weak var interactor: ProbeInteractor?
    public weak var router: Router<ProbeScreen, Places>?

    public init(_ screen: ProbeScreen, router: Router<ProbeScreen, Places>) {
        self.screen = screen
        presenter = screen.presenter
        interactor = screen.presenter.interactor
        self.router = router
    }

    /// Whether no part of the module is alive any more.
    public var isReleased: Bool { screen == nil && presenter == nil && interactor == nil && router == nil }
}

/// The router of a probe module that must still be alive.
@MainActor
public func router<Places>(of probe: Probe<Places>) throws(RoutingError) -> Router<ProbeScreen, Places> {
    guard let router = probe.router else { throw .screenReleased }
    return router
}
