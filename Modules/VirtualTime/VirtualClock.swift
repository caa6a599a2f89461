import Navigation
import Synchronization

/// A clock that moves only when told: tests time loads, retries and placeholders on it, and
/// never sleep for real.
///
/// A sleep resumes once the clock is moved past its deadline (`advance(by:)`), sleepers in the
/// order of their deadlines. With `advancesWhenIdle`, the clock moves itself to the earliest
/// deadline once the main actor has had a moment to run whatever was ready and something is
/// waiting on time itself (a backoff, a slow network), not only a policy's watch over work that
/// runs (`LoadWatch`): a scripted session waits for each load, and a load that is merely busy
/// is never timed out. Without it, a sleeper waits until a test moves it.
public final class VirtualClock: Clock, Sendable {
    public struct Instant: InstantProtocol, CustomStringConvertible {
        /// The time since the clock started.
        public var offset: Duration

        public init(offset: Duration) {
            self.offset = offset
        }

        public func advanced(by duration: Duration) -> Instant { Instant(offset: offset + duration) }
        public func duration(to other: Instant) -> Duration { other.offset - offset }
        public static func < (lhs: Instant, rhs: Instant) -> Bool { lhs.offset < rhs.offset }
        public var description: String { "\(offset)" }
    }

    private struct Sleeper {
        let deadline: Duration
        let number: Int
        /// A policy's watch (`LoadWatch.isWatching`): on its own it does not make time pass.
        let isWatch: Bool
        let continuation: CheckedContinuation<Void, any Error>
    }

    private struct State {
        var now: Duration = .zero
        var sleepers: [Sleeper] = []
        var numbers = 0
        var advancing = false
        /// Sleepers cancelled before they were filed: they resume at once when they are.
        var cancelled: Set<Int> = []
        /// `run(_:)` waiting for a sleeper to be filed or its operation to end, and whether one of
        /// those happened while nobody waited.
        var waiting: CheckedContinuation<Void, Never>?
        var changed = false
    }

    private let state = Mutex(State())
    /// Whether the clock moves itself to the next deadline when nothing else is ready to run.
    public let advancesWhenIdle: Bool

    public init(advancesWhenIdle: Bool = false) {
        self.advancesWhenIdle = advancesWhenIdle
    }

    public var now: Instant { Instant(offset: state.withLock { $0.now }) }
    public var minimumResolution: Duration { .nanoseconds(1) }

    /// How many sleepers wait.
    public var sleepers: Int { state.withLock { $0.sleepers.count } }

    /// The earliest deadline a sleeper waits for, if any sleeps.
    public var nextDeadline: Instant? {
        state.withLock { $0.sleepers.lazy.map(\.deadline).min().map(Instant.init(offset:)) }
    }

    public func sleep(until deadline: Instant, tolerance: Duration? = nil) async throws {
        try Task.checkCancellation()
        let isWatch = LoadWatch.isWatching
        let number = state.withLock { state -> Int? in
            guard deadline.offset > state.now else { return nil }
            state.numbers += 1
            return state.numbers
        }
        guard let number else { return }
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                let filed = state.withLock { state -> Bool in
                    if state.cancelled.remove(number) != nil { return false }
                    state.sleepers.append(
                        Sleeper(deadline: deadline.offset, number: number, isWatch: isWatch, continuation: continuation)
                    )
                    return true
                }
                guard filed else { return continuation.resume(throwing: CancellationError()) }
                notifyChange()
                if advancesWhenIdle { scheduleAdvance() }
            }
        } onCancel: {
            // The cancellation may come before the sleeper is filed: then it is noted, and the
            // sleeper resumes as soon as it is.
            let sleeper = state.withLock { state -> Sleeper? in
                guard let index = state.sleepers.firstIndex(where: { $0.number == number }) else {
                    state.cancelled.insert(number)
                    return nil
                }
                return state.sleepers.remove(at: index)
            }
            sleeper?.continuation.resume(throwing: CancellationError())
        }
    }

    /// Moves the clock on by `duration`, waking every sleeper due by then, earliest first.
    public func advance(by duration: Duration) {
        let due = state.withLock { state -> [Sleeper] in
            state.now += duration
            let now = state.now
            let due = state.sleepers.filter { $0.deadline <= now }.sorted {
                ($0.deadline, $0.number) < ($1.deadline, $1.number)
            }
            state.sleepers.removeAll { $0.deadline <= now }
            return due
        }
        for sleeper in due { sleeper.continuation.resume() }
    }

    /// Moves the clock to the earliest deadline, waking the sleepers due then.
    /// - Parameter onlyWhileWaiting: move only while some sleeper is a wait (a backoff, a slow
    ///   network), not a policy's watch alone: then the work a watch guards is not asleep, and
    ///   time does not pass under it.
    public func advanceToNextDeadline(onlyWhileWaiting: Bool = false) {
        let next = state.withLock { state -> Duration? in
            if onlyWhileWaiting, !state.sleepers.contains(where: { !$0.isWatch }) { return nil }
            return state.sleepers.map(\.deadline).min().map { $0 - state.now }
        }
        if let next { advance(by: max(.zero, next)) }
    }

    /// Runs `operation`, moving the clock to each next deadline whenever the main actor has run
    /// what was ready, until it ends: a load that retries or times out finishes at once, in
    /// virtual time. While nothing sleeps, it waits for a sleeper or for the end, and takes no
    /// turn of the main actor: in a full test run, where every suite shares the main actor, a turn
    /// waits for the others' work.
    /// - Parameter operation: what to run, on the main actor.
    /// - Returns: what `operation` returns.
    /// - Throws: what `operation` throws.
    @MainActor
    public func run<T: Sendable>(_ operation: @escaping @MainActor () async throws -> T) async throws -> T {
        let task = Task { @MainActor in try await operation() }
        let done = Flag()
        Task { @MainActor in
            _ = try? await task.value
            done.isSet = true
            self.notifyChange()
        }
        while !done.isSet {
            guard sleepers > 0 else {
                await changes()
                continue
            }
            for _ in 0..<16 { await Task.yield() }
            if !done.isSet { advanceToNextDeadline() }
        }
        return try await task.value
    }

    /// Returns once a sleeper was filed or `run(_:)`'s operation ended, since it last returned.
    private func changes() async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let now = state.withLock { state -> Bool in
                if state.changed {
                    state.changed = false
                    return true
                }
                state.waiting = continuation
                return false
            }
            if now { continuation.resume() }
        }
    }

    /// A sleeper was filed, or an operation ended: wakes `run(_:)` if it waits.
    private func notifyChange() {
        let waiting = state.withLock { state -> CheckedContinuation<Void, Never>? in
            guard let waiting = state.waiting else {
                state.changed = true
                return nil
            }
            state.waiting = nil
            return waiting
        }
        waiting?.resume()
    }

    /// Once the main actor has run what was ready, moves the clock to the next deadline.
    private func scheduleAdvance() {
        let already = state.withLock { state -> Bool in
            defer { state.advancing = true }
            return state.advancing
        }
        guard !already else { return }
        Task { @MainActor in
            for _ in 0..<64 { await Task.yield() }
            self.state.withLock { $0.advancing = false }
            self.advanceToNextDeadline(onlyWhileWaiting: true)
            // What is still asleep (a slow network past a placeholder's threshold) is moved to
            // next, once the ones just woken have run.
            if self.state.withLock({ state in state.sleepers.contains { !$0.isWatch } }) { self.scheduleAdvance() }
        }
    }
}

@MainActor
private final class Flag {
    var isSet = false
}
