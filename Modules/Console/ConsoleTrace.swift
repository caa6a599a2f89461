import Navigation

/// Prints every change to the window as it happens, with how long it took since the change
/// before it, so a user can see how a command or a link was carried out:
///
///     trace +0.000 ms  load 4 started
///     trace +0.412 ms  load 4 finished (0.412 ms)
///     trace +0.015 ms  arrived Chat @bob (push)
///
/// `trace on` adds it to the window as one more observer; `trace off` removes it.
public final class ConsoleTrace<Places: AppPlaces>: NavigationObserver {
    private let output: any TextOutput
    private let now: () -> ContinuousClock.Instant
    private var previous: ContinuousClock.Instant?
    /// When each load started, by window and number (each window numbers its own loads).
    private var loadsStarted: [LoadKey: ContinuousClock.Instant] = [:]
    /// The window of the event being described.
    private var current: ObjectIdentifier?

    private struct LoadKey: Hashable {
        let window: ObjectIdentifier?
        let number: Int
    }
    /// The number of a window, while the session has several: the trace names it.
    var number: @MainActor (Window<Places>) -> Int? = { _ in nil }

    /// - Parameters:
    ///   - output: where the lines go.
    ///   - now: the clock durations are measured with; tests pass one they move.
    public init(output: any TextOutput, now: @escaping () -> ContinuousClock.Instant = { ContinuousClock.now }) {
        self.output = output
        self.now = now
    }

    public func window(_ window: Window<Places>, did event: NavigationEvent) {
        // A batch settling changes nothing of its own: the changes were traced as they came.
        if case .settled = event { return }
        let time = now()
        let since = previous.map { time - $0 } ?? .zero
        previous = time
        current = ObjectIdentifier(window)
        let prefix = number(window).map { "window \($0): " } ?? ""
        output.write("trace +\(Self.milliseconds(since))  \(prefix)\(describe(event, at: time).displaySafe)\n")
    }

    private func describe(_ event: NavigationEvent, at time: ContinuousClock.Instant) -> String {
        switch event {
        case .arrived(let screen, let motion):
            return "arrived \(screen.title) (\(motion.rawValue))"
        case .left(let screen, let motion):
            return "left \(screen.title) (\(motion.rawValue))"
        case .tabSelected(let name, let previous):
            return "selected the \(name) tab" + (previous.map { " (was \($0))" } ?? "")
        case .loadStarted(let number):
            loadsStarted[LoadKey(window: current, number: number)] = time
            return "load \(number) started"
        case .loadFinished(let number):
            return "load \(number) finished\(took(number, at: time))"
        case .loadFailed(let number, let error):
            return
                "load \(number) failed\(took(number, at: time)): \(ConsoleWords<Places>(window: nil).words(for: error))"
        case .loadSuperseded(let number):
            return "load \(number) superseded by a newer navigation\(took(number, at: time))"
        case .loadStopped(let number):
            return "load \(number) stopped\(took(number, at: time)); it opens nothing"
        case .loadRetrying(let number, let attempt, let after, let error):
            return
                "load \(number) failed (\(ConsoleWords<Places>(window: nil).words(for: error))); trying again in \(after.inWords) (try \(attempt))"
        case .loadFellBack(let number, let error):
            return
                "load \(number) failed (\(ConsoleWords<Places>(window: nil).words(for: error))); its fallback builds the screen"
        case .loadRefused(let inFlight):
            return "a load was refused: load \(inFlight) is in flight, and the first wins"
        case .loadShowsPlaceholder(let number, let after):
            return "load \(number) takes longer than \(Self.milliseconds(after)): a placeholder stands in"
        case .awaitingReply(let screen):
            return "waiting for \(screen.title) to answer"
        case .replied(let screen, let answered):
            return answered ? "\(screen.title) answered" : "\(screen.title) ended with no answer"
        case .settled:
            return "settled"
        case .backGesture(let screen, let phase):
            return "back gesture on \(screen.title) \(phase.rawValue)"
        case .delivered(let screen, let query, let changed):
            return "delivered \(query) to \(screen.title)" + (changed ? "" : " (nothing changed)")
        case .backGestureRefused(let title, let error):
            return "back gesture on \(title) refused: \(ConsoleWords<Places>(window: nil).words(for: error))"
        }
    }

    /// " (0.412 ms)": how long load `number` took.
    private func took(_ number: Int, at time: ContinuousClock.Instant) -> String {
        guard let start = loadsStarted.removeValue(forKey: LoadKey(window: current, number: number)) else { return "" }
        return " (\(Self.milliseconds(time - start)))"
    }

    /// "0.412 ms"
    static func milliseconds(_ duration: Duration) -> String {
        let (seconds, attoseconds) = duration.components
        let microseconds = seconds * 1_000_000 + attoseconds / 1_000_000_000_000
        let whole = microseconds / 1_000
        let fraction = String(microseconds % 1_000)
        return "\(whole).\(String(repeating: "0", count: 3 - fraction.count))\(fraction) ms"
    }
}
