import Navigation

/// The base of a test's router spy: a router with no window, whose routes a spy returns as
/// values that record when they open (`route(_:opened:)`), so a presenter's `actions` may read a
/// route without the spy hearing a call.
@MainActor
open class RouterSpy: RouterProtocol, Closable {
    public var window: Window? { nil }
    public var sourceScreen: (any Screen)? { nil }
    /// What `close()` and the routes throw, when set.
    public var failure: (any Error)?
    /// How many times `close()` was called.
    public private(set) var closes = 0

    public init() {}

    /// A route to a place named `name` that runs `opened` when it opens, then throws `failure`
    /// if one is set.
    public func route(_ name: String, method: String = #function, opened: @escaping @MainActor () -> Void) -> Route {
        Route(name, from: self, transition: PushTransition(), method: method) { [weak self] _ in
            opened()
            if let failure = self?.failure { throw failure }
        }
    }

    open func close() throws(RoutingError) {
        closes += 1
    }
}
