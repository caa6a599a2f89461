/// How a child flow answers whoever opened it (a picker hands back the friend chosen): a route
/// that returns a value.
///
/// The opener gives a handler when it opens the flow (`openForReply`), and goes on: nothing
/// waits while the flow is on screen, so a front stays a plain loop. The flow's presenter holds
/// the reply and answers it once; the handler then runs, and the answer returns when it is done.
/// It is delivered exactly once: the first answer counts, and if the flow's screen leaves the
/// window first, however it leaves (`back`, a link that goes elsewhere, a tab switch that closes
/// the modals, a new root, a swipe the front reports), the handler runs with no answer (`nil`).
@MainActor
public final class Reply<Value: Sendable> {
    private var handler: (@MainActor (Value?) async -> Void)?
    /// Told once, when the reply is delivered: the window stops watching the flow's screen.
    var onDelivery: (@MainActor (_ answered: Bool) -> Void)?

    /// - Parameter handler: what runs with the answer, or with `nil` for none.
    public init(_ handler: @escaping @MainActor (Value?) async -> Void) {
        self.handler = handler
    }

    /// Whether the reply is delivered: answered, or ended with no answer.
    public private(set) var isDelivered = false

    /// Answers with `value`, unless the reply is delivered already, and returns once the
    /// opener's handler has run.
    /// - Returns: whether this call delivered it.
    @discardableResult
    public func answer(_ value: Value) async -> Bool { await deliver(value) }

    /// Ends the flow with no answer, unless the reply is delivered already.
    /// - Returns: whether this call delivered it.
    @discardableResult
    public func decline() async -> Bool { await deliver(nil) }

    private func deliver(_ value: Value?) async -> Bool {
        guard !isDelivered else { return false }
        isDelivered = true
        let handler = self.handler
        self.handler = nil
        let told = onDelivery
        onDelivery = nil
        told?(value != nil)
        await handler?(value)
        return true
    }
}

/// The child flows of a window waiting for their screen's answer (`Reply`): each ends with no
/// answer when its screen leaves the window.
@MainActor
public final class Replies {
    private struct Waiting {
        weak var screen: (any Screen)?
        let reply: ObjectIdentifier
        let decline: @MainActor () -> Void
    }

    private var waiting: [Waiting] = []

    /// How many child flows wait.
    public var count: Int { waiting.count }

    /// Watches `screen`, the screen of the flow `reply` answers for, in `window`: if it leaves
    /// before the flow answers, the reply is declined.
    func watch<Value>(_ reply: Reply<Value>, from screen: any Screen, in window: Window) {
        guard !reply.isDelivered else { return }
        let key = ObjectIdentifier(reply)
        waiting.append(
            Waiting(screen: screen, reply: key) { [weak reply] in
                guard let reply else { return }
                Replies.runAtOnce { _ = await reply.decline() }
            })
        reply.onDelivery = { [weak self, weak window, weak screen] answered in
            self?.waiting.removeAll { $0.reply == key }
            if let window, let screen { window.publish(.replied(screen, answered: answered)) }
        }
        window.publish(.awaitingReply(screen))
    }

    /// Declines the reply of every flow whose screen is `screen`: it left.
    func decline(of screen: any Screen) {
        for flow in waiting where flow.screen === screen { flow.decline() }
    }

    /// Runs `operation` in a task that starts at once, on the main actor, up to its first
    /// suspension, where the system offers that (`Task.immediate`); else in a task enqueued there.
    static func runAtOnce(_ operation: @escaping @MainActor () async -> Void) {
        if #available(macOS 26, iOS 26, *) {
            Task.immediate { @MainActor in await operation() }
        } else {
            Task { @MainActor in await operation() }
        }
    }
}

extension RouterProtocol {
    /// Opens a child flow that answers with a value (a picker), and returns once it is on
    /// screen: a route that returns a value. The module is made and loaded as
    /// `open(_:transition:whenShown:policy:provide:fallback:)` does, with a plain `Router`; `provide` gets the reply its presenter
    /// answers, and `answered` runs, once, with the answer or with `nil` when the flow's screen
    /// leaves without one.
    /// - Throws: what opening throws; nothing is opened then, and `answered` never runs.
    public func openForReply<V: Screen & Sendable, Value: Sendable>(
        _ place: some Place, on screen: V.Type, transition: any Transition,
        provide: @escaping @MainActor (Router<V>, Reply<Value>) async throws -> V,
        answered: @escaping @MainActor (Value?) async -> Void
    ) async throws {
        let reply = Reply<Value>(answered)
        let router = Router<V>(place: place)
        try await open(router, transition: transition) { try await provide(router, reply) }
        guard let window, let view = router.view else { return }
        window.replies.watch(reply, from: view, in: window)
    }
}
