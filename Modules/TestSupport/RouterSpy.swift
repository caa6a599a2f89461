import Navigation

/// The base of a test's router spy: a router with no window that records what its presenter
/// asks of it instead of doing it (`calls`), and fails on demand. A spy of a feature's needs
/// adopts them with routes to stubs (`Route(.stub("Chat @bob"), transition: PushTransition())`).
@MainActor
open class RouterSpy<Places: AppPlaces>: RouterProtocol {
    public var window: Window<Places>? { nil }
    /// What every call throws, when set.
    public var failure: (any Error)?
    /// Each call, in order: `follow message bob`, `answer dave`, `close`.
    public private(set) var calls: [String] = []

    public init() {}

    public func follow(_ action: String, argument: [String]) async throws {
        calls.append((["follow", action] + argument).joined(separator: " "))
        if let failure { throw failure }
    }

    public func answer(_ text: String) async throws {
        calls.append("answer \(text)")
        if let failure { throw failure }
    }

    open func close() throws(RoutingError) {
        calls.append("close")
        if let failure = failure as? RoutingError { throw failure }
    }
}
