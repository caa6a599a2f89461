/// How a route's screen loads, declared as data: its timeout, retries, placeholder, whether
/// leaving stops it, and which of two navigations wins. A fallback is given beside it
/// (`RouterProtocol.open(_:transition:whenShown:policy:provide:fallback:)`).
public struct LoadPolicy: Sendable {
    /// Which navigation wins when a second one comes while this load is in flight.
    public enum Competition: Hashable, Sendable {
        /// The newer one: a newer load, or any change to the window, cancels this one.
        case newestWins
        /// This one: a newer load is refused (`RoutingError.busy`), and changes to the window
        /// leave it be unless they take away the screen that asked.
        case firstWins
    }

    /// Trying a failed load again.
    public struct Retry: Sendable {
        /// How many times after the first.
        public var attempts: Int
        /// The wait before the first retry; each later one waits twice as long as the one before.
        public var backoff: Duration
        /// Which failures another try may mend (a service not answering, not an unknown user).
        public var mends: @Sendable (any Error) -> Bool

        public init(
            attempts: Int, backoff: Duration, when mends: @escaping @Sendable (any Error) -> Bool = { _ in true }
        ) {
            self.attempts = max(0, attempts)
            self.backoff = backoff
            self.mends = mends
        }

        /// The wait before retry `number` (from 1).
        public func delay(before number: Int) -> Duration {
            backoff * (1 << min(20, max(0, number - 1)))
        }
    }

    /// The longest a load may take; then it fails with `RoutingError.timedOut`. `nil`: no limit.
    public var timeout: Duration?
    /// Whether a failed load is tried again, and how.
    public var retry: Retry?
    /// Past this, a placeholder stands in until the screen arrives. `nil`: no placeholder.
    public var placeholderAfter: Duration?
    /// Whether leaving the screen that asked (or the placeholder) cancels the load.
    public var cancelOnLeave: Bool
    public var competition: Competition

    public init(
        timeout: Duration? = nil, retry: Retry? = nil, placeholderAfter: Duration? = nil, cancelOnLeave: Bool = true,
        competition: Competition = .newestWins
    ) {
        self.timeout = timeout
        self.retry = retry
        self.placeholderAfter = placeholderAfter
        self.cancelOnLeave = cancelOnLeave
        self.competition = competition
    }

    /// No timeout, no retry, no placeholder; the newest navigation wins.
    public static let standard = LoadPolicy()
}

/// What stands in for a screen still loading, under its place, past its policy's threshold: the
/// screen replaces it when it arrives, and leaving it stops the load. A front words it.
@MainActor
public final class PlaceholderScreen: Screen {
    /// The title of what the screen it stands in for will show.
    public let title: String

    public init(for title: String) {
        self.title = title
    }

    public var content: ScreenContent {
        ScreenContent(lines: [.text("Loading \(title)…")])
    }
}

/// Whether the current task is a policy's watch (a timeout, a placeholder's threshold) rather
/// than a wait that is the work itself: a test's clock, which moves when nothing else runs,
/// never moves for a watch alone, so a busy load is not timed out by a clock that jumped ahead.
public enum LoadWatch {
    @TaskLocal public static var isWatching = false
}
