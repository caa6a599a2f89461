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
    public func load<V: Sendable>(_ provide: @escaping @MainActor () async throws -> V) async throws -> V {
        cancelLoad()
        loadsStarted += 1
        let number = loadsStarted
        let task = Task { @MainActor in try await provide() }
        let ticket = LoadTicket()
        publish(.loadStarted(number: number))
        loading = (
            number,
            {
                ticket.isSuperseded = true
                task.cancel()
            }
        )
        defer {
            if loading?.number == number { loading = nil }
        }
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

/// Whether the load it belongs to lost to a newer navigation.
@MainActor
private final class LoadTicket {
    var isSuperseded = false
}
