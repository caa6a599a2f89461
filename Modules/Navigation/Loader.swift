/// The window's loads, one at a time, each as its route's `LoadPolicy` says, timed on its clock:
/// the loader of the destination pattern's asynchronous, failable provider. Observers hear each
/// step through the window.
@MainActor
public final class Loader<Places: AppPlaces> {
    /// The window whose observers hear the loads, and whose screens they open.
    weak var window: Window<Places>?
    /// The load in flight, if any: its number, how to cancel it, and what its policy lets cancel it.
    var loading: LoadInFlight?
    var loadsStarted = 0
    /// The clock of timeouts, backoff and placeholders; a test gives one it moves.
    public var clock: any Clock<Duration> = ContinuousClock()
    /// Whether a long load shows a placeholder: a front a person watches does; one that reads a
    /// script waits instead, so what it prints does not depend on the machine's speed.
    public var showsPlaceholders = true

    init() {}

    /// Provides a screen that takes time and may fail, as `policy` says. One load is in flight
    /// per window: when a second comes, the first's policy decides whether the newest wins (the
    /// first is cancelled, as by any change to the window) or the first does (the second gets
    /// `RoutingError.busy`). A cancelled load opens nothing. Failures are retried on `clock`, then
    /// `fallback` builds the screen. The provider starts at once on the main actor: one whose data
    /// is at hand is done before `load` returns from starting it.
    /// - Throws: the last error, `.timedOut`, `.busy`, `.superseded`, or `CancellationError`.
    public func load<V: Screen & Sendable>(
        _ policy: LoadPolicy = .standard, from source: (any Screen)? = nil,
        provide: @escaping @MainActor () async throws -> V,
        fallback: (@MainActor () async throws -> V)? = nil
    ) async throws -> V {
        if let current = loading {
            if current.competition == .firstWins {
                window?.publish(.loadRefused(inFlight: current.number))
                throw RoutingError.busy
            }
            cancel(always: true)
        }
        loadsStarted += 1
        let number = loadsStarted
        window?.publish(.loadStarted(number: number))
        let ticket = LoadInFlight(
            number: number, competition: policy.competition, cancelOnLeave: policy.cancelOnLeave, source: source)
        loading = ticket
        defer {
            if loading?.number == number { loading = nil }
        }
        let clock = self.clock
        let task: Task<V, any Error>
        // Each try runs in its own task, which a watch cancels at the timeout.
        var watch: Task<Void, Never>?
        defer { watch?.cancel() }
        if policy.retry == nil, fallback == nil {
            task = startAtOnce { @MainActor in
                defer { ticket.isFinished = true }
                return try await provide()
            }
            if let timeout = policy.timeout, !ticket.isFinished {
                watch = Self.watch(
                    timeout, clock: clock, isFinished: { ticket.isFinished },
                    expire: {
                        ticket.timedOut = timeout
                        task.cancel()
                    })
            }
        } else {
            task = startAtOnce { @MainActor [weak self] in
                defer { ticket.isFinished = true }
                return try await Self.attempts(
                    number, policy, clock: clock, window: self?.window, provide: provide, fallback: fallback)
            }
        }
        // A provider whose data was at hand has finished: nothing is left to cancel.
        if !ticket.isFinished { ticket.task = task }
        if ticket.isSuperseded { task.cancel() }
        let value: V
        do {
            value = try await ticket.isFinished ? task.value : Self.value(of: task)
        } catch {
            throw ended(ticket, task: task, error: error)
        }
        // A provider that finished once a newer navigation or its watch had ended it opens nothing.
        if ticket.isSuperseded || task.isCancelled {
            throw ended(ticket, task: task, error: CancellationError())
        }
        window?.publish(.loadFinished(number: number))
        return value
    }

    /// Tries `provide` as `policy` says: each try timed, retried after the backoff, then fallback.
    private static func attempts<V: Screen & Sendable>(
        _ number: Int, _ policy: LoadPolicy, clock: any Clock<Duration>, window: Window<Places>?,
        provide: @escaping @MainActor () async throws -> V, fallback: (@MainActor () async throws -> V)?
    ) async throws -> V {
        var retries = 0
        while true {
            do {
                return try await timed(policy.timeout, clock: clock, provide)
            } catch let error as RoutingError where error == .timedOut(after: policy.timeout ?? .zero) {
                throw error
            } catch {
                if error is CancellationError || Task.isCancelled { throw CancellationError() }
                if let retry = policy.retry, retries < retry.attempts, retry.mends(error) {
                    retries += 1
                    let delay = retry.delay(before: retries)
                    window?.publish(.loadRetrying(number: number, attempt: retries + 1, after: delay, error: error))
                    try await clock.sleep(for: delay)
                    continue
                }
                guard let fallback else { throw error }
                window?.publish(.loadFellBack(number: number, error: error))
                return try await timed(policy.timeout, clock: clock, fallback)
            }
        }
    }

    /// `provide`'s screen, or `RoutingError.timedOut`: a watch cancels a suspended provider then.
    private static func timed<V: Screen & Sendable>(
        _ timeout: Duration?, clock: any Clock<Duration>, _ provide: @escaping @MainActor () async throws -> V
    ) async throws -> V {
        guard let timeout else { return try await provide() }
        let outcome = Attempt()
        let attempt = startAtOnce { @MainActor in
            defer { outcome.isFinished = true }
            return try await provide()
        }
        let watch =
            outcome.isFinished
            ? nil
            : watch(
                timeout, clock: clock, isFinished: { outcome.isFinished },
                expire: {
                    outcome.isTimedOut = true
                    attempt.cancel()
                })
        defer { watch?.cancel() }
        do {
            let value = try await value(of: attempt)
            // A provider that finished after all, once its watch had ended it, opens nothing.
            guard !outcome.isTimedOut else { throw CancellationError() }
            return value
        } catch {
            throw outcome.isTimedOut ? RoutingError.timedOut(after: timeout) : error
        }
    }

    /// A watch that calls `expire` once `timeout` has passed on `clock`, unless cancelled first.
    private static func watch(
        _ timeout: Duration, clock: any Clock<Duration>, isFinished: @escaping @MainActor () -> Bool,
        expire: @escaping @MainActor () -> Void
    ) -> Task<Void, Never> {
        Task { @MainActor in
            try? await LoadWatch.$isWatching.withValue(true) { try await clock.sleep(for: timeout) }
            guard !Task.isCancelled, !isFinished() else { return }
            expire()
        }
    }

    /// `task`'s value; cancelling the caller cancels `task`.
    private static func value<V: Sendable>(of task: Task<V, any Error>) async throws -> V {
        try await withTaskCancellationHandler {
            try await task.value
        } onCancel: {
            task.cancel()
        }
    }

    /// Says how the load `ticket` stands for failed, and returns its caller's error: `superseded`,
    /// `stopped`, `CancellationError` when the caller was cancelled, else `error`.
    private func ended<V>(_ ticket: LoadInFlight, task: Task<V, any Error>, error: any Error) -> any Error {
        let number = ticket.number
        if ticket.isStopped {
            window?.publish(.loadStopped(number: number))
            return RoutingError.stopped
        }
        if ticket.isSuperseded {
            window?.publish(.loadSuperseded(number: number))
            return RoutingError.superseded
        }
        // A try its watch ended fails for the time it took, though its task was cancelled.
        let error =
            if let timeout = ticket.timedOut { RoutingError.timedOut(after: timeout) as any Error } else {
                task.isCancelled ? CancellationError() : error
            }
        window?.publish(.loadFailed(number: number, error: error))
        return error
    }

    /// Whether a load is in flight.
    public var isLoading: Bool { loading != nil }

    /// Cancels the load in flight when the newest navigation wins (always, with `always`).
    func cancel(always: Bool = false) {
        guard let loading,
            always
                || (loading.competition == .newestWins && !loading.isShowingPlaceholder
                    && !(loading.source is PlaceholderScreen))
        else {
            return
        }
        loading.supersede()
        self.loading = nil
    }

    /// Stops the load in flight, whatever its policy (`back` while it waits, or leaving the
    /// screen that asked); its caller gets `RoutingError.stopped`. Returns whether one was.
    @discardableResult
    public func stop() -> Bool {
        guard let loading else { return false }
        loading.stop()
        self.loading = nil
        return true
    }

    /// `screen` left the window: the load it asked for stops, when its policy says so.
    func left(_ screen: any Screen) {
        if let loading, loading.cancelOnLeave, loading.source === screen { stop() }
    }

    /// The placeholder standing in for the load in flight's screen, in any tab, if one does.
    public var placeholderShown: PlaceholderScreen? {
        guard let placeholder = loading?.placeholder, window?.state.screens.contains(placeholder) == true
        else {
            return nil
        }
        return placeholder
    }

    /// Runs `change`, showing the load's placeholder, without cancelling the load.
    func showingPlaceholder(_ change: () throws(RoutingError) -> PlaceholderScreen) throws(RoutingError) {
        loading?.isShowingPlaceholder = true
        defer { loading?.isShowingPlaceholder = false }
        let placeholder = try change()
        loading?.source = placeholder
        loading?.placeholder = placeholder
        loading?.cancelOnLeave = true
    }
}

/// Starts `provide` in a task that runs at once on the main actor up to its first suspension
/// (`Task.immediate`, where the system has it).
@MainActor
func startAtOnce<V: Sendable>(_ provide: sending @escaping @isolated(any) () async throws -> V) -> Task<V, any Error> {
    if #available(macOS 26, iOS 26, *) {
        Task.immediate(operation: provide)
    } else {
        Task(operation: provide)
    }
}
