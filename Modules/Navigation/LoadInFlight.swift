/// The load in flight, and its ticket: its number, what its policy lets cancel it, its task,
/// and whether it lost to a newer navigation, was stopped, or finished.
@MainActor
final class LoadInFlight {
    let number: Int
    let competition: LoadPolicy.Competition
    var cancelOnLeave: Bool
    /// The screen that asked for it, held weakly: leaving it stops the load.
    weak var source: (any Screen)?
    /// While a placeholder for it is shown, that change does not cancel it.
    var isShowingPlaceholder = false
    /// The placeholder standing in for its screen, once one is shown (it is then `source` too).
    weak var placeholder: PlaceholderScreen?
    private(set) var isSuperseded = false
    /// Whether it was stopped (`back`, or its screen left) rather than won by a newer navigation.
    private(set) var isStopped = false
    /// Whether its provider has finished: one whose data was at hand has, as soon as it starts.
    var isFinished = false
    /// The timeout a one-try load's watch ended it at, if it did.
    var timedOut: Duration?
    /// The load's task, set once it runs (one superseded before is cancelled right after), held
    /// as what can be cancelled, whatever the load's value.
    var task: (any CancellableTask)?

    init(number: Int, competition: LoadPolicy.Competition, cancelOnLeave: Bool, source: (any Screen)?) {
        self.number = number
        self.competition = competition
        self.cancelOnLeave = cancelOnLeave
        self.source = source
    }

    func supersede() {
        isSuperseded = true
        task?.cancel()
    }

    func stop() {
        isStopped = true
        supersede()
    }
}

/// A task, as what can be cancelled.
protocol CancellableTask {
    func cancel()
}

extension Task: CancellableTask {}

/// How one try of a timed load went: whether it finished, and whether its watch ended it first.
@MainActor
final class Attempt {
    var isFinished = false
    var isTimedOut = false
}
