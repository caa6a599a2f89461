import Navigation

/// The base of a test's router spy: a router with no window that records each route it is asked
/// to open instead of opening it (`opened`), and fails on demand. A spy of a feature's needs
/// adopts them with routes to stand-in places (`Route("Chat @bob", transition: PushTransition())`),
/// so a presenter's table reads them as it reads a host's.
@MainActor
open class RouterSpy: RouterProtocol, Closable {
    public var window: Window? { nil }
    public var sourceScreen: (any Screen)? { nil }
    /// What `close()` and opening a route throw, when set.
    public var failure: (any Error)?
    /// How many times `close()` was called.
    public private(set) var closes = 0
    /// Each route opened, in order, as its method and the title of its place:
    /// `openChat(with:) Chat @bob`.
    public private(set) var opened: [String] = []

    public init() {}

    public func open(_ route: Route, checked: (any Sendable)?) async throws {
        opened.append("\(route.method) \(route.place?.title ?? "nothing")")
        if let failure { throw failure }
    }

    open func close() throws(RoutingError) {
        closes += 1
    }
}
