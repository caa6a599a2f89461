extension Window {
    /// Provides a screen that takes time and may fail (the asynchronous, failable provider of
    /// the destination pattern), such as a module that loads its data before it is shown.
    ///
    /// One load is in flight per window, and the newest navigation wins: a newer load, or any
    /// change to the window, cancels the load in flight. A superseded load opens nothing: it
    /// throws `RoutingError.superseded`, even if its provider finished anyway, so what it
    /// built is released. A caller whose own task is cancelled gets `CancellationError`: that
    /// is not a newer navigation winning.
    /// - Throws: the provider's error, `RoutingError.superseded`, or `CancellationError`.
    ///
    /// The provider starts at once, on the main actor, in a task of its own: a provider that
    /// completes without suspending (its data is at hand) is done before `load` returns from
    /// starting it, with no hop to another thread.
    public func load<V: Sendable>(_ provide: @escaping @MainActor () async throws -> V) async throws -> V {
        cancelLoad()
        loadsStarted += 1
        let number = loadsStarted
        let ticket = TaskTicket<V>()
        publish(.loadStarted(number: number))
        loading = (number, ticket)
        defer {
            if loading?.number == number { loading = nil }
        }
        let task = Self.start(provide)
        ticket.task = task
        if ticket.isSuperseded { task.cancel() }
        let value: V
        do {
            value = try await withTaskCancellationHandler {
                try await task.value
            } onCancel: {
                task.cancel()
            }
        } catch {
            throw ended(number, ticket: ticket, task: task, error: error)
        }
        if ticket.isSuperseded || task.isCancelled {
            throw ended(number, ticket: ticket, task: task, error: CancellationError())
        }
        publish(.loadFinished(number: number))
        return value
    }

    /// Starts `provide` in a task that runs at once on the main actor, up to its first
    /// suspension, where the system offers that (`Task.immediate`); else in a task enqueued there.
    private static func start<V: Sendable>(_ provide: @escaping @MainActor () async throws -> V) -> Task<V, any Error> {
        if #available(macOS 26, iOS 26, *) {
            Task.immediate { @MainActor in try await provide() }
        } else {
            Task { @MainActor in try await provide() }
        }
    }

    /// Says how load `number` failed, and returns the error its caller gets: `superseded` when a
    /// newer navigation won, `CancellationError` when the caller was cancelled, else `error`.
    private func ended<V>(_ number: Int, ticket: LoadTicket, task: Task<V, any Error>, error: any Error) -> any Error {
        if ticket.isSuperseded {
            publish(.loadSuperseded(number: number))
            return RoutingError.superseded
        }
        let error = task.isCancelled ? CancellationError() : error
        publish(.loadFailed(number: number, error: error))
        return error
    }

    /// Whether a load is in flight.
    public var isLoading: Bool { loading != nil }

}

/// Whether the load it belongs to lost to a newer navigation. The window keeps the load in
/// flight as one of these, and cancels it through `supersede()`.
@MainActor
class LoadTicket {
    private(set) var isSuperseded = false

    func supersede() {
        isSuperseded = true
    }
}

/// A load's ticket with its task, which `supersede()` cancels: no closure is made to reach it.
@MainActor
private final class TaskTicket<V: Sendable>: LoadTicket {
    /// Set once the task runs; a load superseded before that is cancelled right after.
    var task: Task<V, any Error>?

    override func supersede() {
        super.supersede()
        task?.cancel()
    }
}
