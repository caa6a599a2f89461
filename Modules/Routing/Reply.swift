/// How a child flow answers whoever opened it (a picker hands back the friend chosen): a route
/// that returns a value.
///
/// The flow's presenter holds the reply and answers it once; the opener awaits the value
/// (`let friend = try await pickFriend()`). It is delivered exactly once: the first answer
/// counts, and if the flow's screen leaves the window first, however it leaves (`back`, a link
/// that goes elsewhere, a tab switch that closes the modals, a new root), or the opener's task
/// is cancelled, the wait ends with no answer (`nil`).
@MainActor
public final class Reply<Value: Sendable> {
    private var continuation: CheckedContinuation<Value?, Never>?
    private var delivered: Value??
    /// Told once, when the reply is delivered: the window stops watching the flow's screen.
    var onDelivery: (@MainActor (_ answered: Bool) -> Void)?

    public init() {}

    /// Whether the reply is delivered: answered, or ended with no answer.
    public var isDelivered: Bool { delivered != nil }

    /// Answers with `value`, unless the reply is delivered already.
    /// - Returns: whether this call delivered it.
    @discardableResult
    public func answer(_ value: Value) -> Bool { deliver(value) }

    /// Ends the wait with no answer, unless the reply is delivered already.
    /// - Returns: whether this call delivered it.
    @discardableResult
    public func decline() -> Bool { deliver(nil) }

    private func deliver(_ value: Value?) -> Bool {
        guard delivered == nil else { return false }
        delivered = .some(value)
        let told = onDelivery
        onDelivery = nil
        told?(value != nil)
        continuation?.resume(returning: value)
        continuation = nil
        return true
    }

    /// Waits for the delivery; a cancelled task ends it with no answer.
    /// - Returns: the answer, or `nil` for none.
    func value() async -> Value? {
        if let delivered { return delivered }
        return await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                if let delivered {
                    continuation.resume(returning: delivered)
                } else {
                    self.continuation = continuation
                }
            }
        } onCancel: {
            Task { @MainActor in self.decline() }
        }
    }
}

extension Window {
    /// A child flow waiting for its screen's answer.
    struct WaitingReply {
        weak var screen: (any Screen)?
        let reply: ObjectIdentifier
        let decline: @MainActor () -> Void
    }

    /// How many child flows are waiting for an answer from a screen in the window. A front
    /// that runs each command as a task of its own (the console) reads it to know when every
    /// command still running is only waiting for the user.
    public var awaitingReplies: Int { waitingReplies.count }

    /// Waits for `reply`, the answer of the flow whose screen is `screen`; ends it with no answer
    /// when `screen` leaves the window first.
    /// - Returns: the answer, or `nil` for none.
    func awaitReply<Value>(_ reply: Reply<Value>, from screen: any Screen) async -> Value? {
        if !reply.isDelivered {
            guard contains(screen) else {
                reply.decline()
                return nil
            }
            let key = ObjectIdentifier(reply)
            waitingReplies.append(WaitingReply(screen: screen, reply: key) { [weak reply] in reply?.decline() })
            reply.onDelivery = { [weak self, weak screen] answered in
                guard let self else { return }
                self.waitingReplies.removeAll { $0.reply == key }
                if let screen { self.publish(.replied(screen, answered: answered)) }
            }
            publish(.awaitingReply(screen))
        }
        return await reply.value()
    }

    /// Ends, with no answer, the wait of every flow whose screen is `screen`: it left.
    func declineReplies(of screen: any Screen) {
        for waiting in waitingReplies where waiting.screen === screen { waiting.decline() }
    }
}

extension RouterProtocol {
    /// Opens a child flow that answers with a value (a picker), and waits for the answer: a
    /// route that returns a value. The module is built and loaded as `open(_:transition:provide:)`
    /// does; `provide` gets the reply its presenter answers.
    /// - Returns: the answer, or `nil` when the flow's screen left without one (backed out, a
    ///   link, a tab switch, a new root) or the caller's task was cancelled.
    /// - Throws: what opening throws; nothing is opened then, and the reply is never awaited.
    public func openForReply<V: Sendable, Value: Sendable>(
        _ router: Router<V>,
        transition: any Transition,
        provide: @escaping @MainActor (Reply<Value>) async throws -> V
    ) async throws -> Value? {
        let reply = Reply<Value>()
        try await open(router, transition: transition) { try await provide(reply) }
        guard let window, let view = router.view else { return nil }
        return await window.awaitReply(reply, from: view)
    }
}
