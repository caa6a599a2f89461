/// The legal steps that take a window from the places it shows to a target (navigation as state: navigate
/// "from wherever the user is" to the place a link names).
///
/// Places are the app's values for screens, in window order (root stack first, then each modal
/// stack): `NavigationState.path`. The plan keeps the longest common prefix,
/// closes the first screen after it (closing takes everything above, so one step clears the
/// rest), then opens the missing places one by one, each from the one before. When even the
/// root differs, the root is replaced instead.
public struct NavigationPlan<Place: Hashable & Sendable>: Hashable, Sendable {
    public enum Step: Hashable, Sendable {
        /// Make `place` the only screen.
        case replaceRoot(Place)
        /// Close the screen at `index` in the window, with everything above it.
        case close(index: Int, place: Place)
        /// Open `place` from the screen on top, which shows `from`.
        case open(Place, from: Place)
    }

    public let steps: [Step]
    /// How many screens stay as they are.
    public let kept: Int

    public init(from current: [Place], to target: [Place]) {
        let kept = zip(current, target).prefix { $0 == $1 }.count
        var steps: [Step] = []
        var opensFrom = kept
        if kept == 0, let root = target.first {
            steps.append(.replaceRoot(root))
            opensFrom = 1
        } else if kept < current.count {
            steps.append(.close(index: kept, place: current[kept]))
        }
        if opensFrom < target.count {
            for index in opensFrom..<target.count {
                steps.append(.open(target[index], from: target[index - 1]))
            }
        }
        self.steps = steps
        self.kept = kept
    }

    /// Whether the window already shows the target.
    public var isEmpty: Bool { steps.isEmpty }
}
