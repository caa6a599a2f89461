import Routing

/// Why a link cannot be opened, as a value: a front decides the words a user reads.
public enum LinkFailure<Place: Hashable & Sendable>: Error {
    /// The link itself: malformed, or a path the table does not match.
    case link(LinkError)
    /// `next` cannot be opened from `previous`'s screen: no route of its router opens it; with
    /// `previous` `nil`, no root and no tab opens it.
    case cannotFollow(Place, after: Place?)
    /// The link names more screens than a window shows.
    case tooDeep(count: Int, limit: Int)
    /// The app's own checks refused it (a user that does not exist).
    case invalid(any Error)
    /// A link to places shown only before the guard, while it is passed.
    case refused(link: String)
    /// No tab has that name.
    case unknownTab(String, tabs: [String])
    /// The root has no tabs.
    case noTabs
    /// A step failed; the window shows what the steps before it reached.
    case stepFailed(PlannedStep<Place>, reason: any Error)
}

/// A step of a plan, with what a front needs to describe it: how many screens above a closed one
/// go with it.
public struct PlannedStep<Place: Hashable & Sendable>: Hashable, Sendable {
    public let step: NavigationPlan<Place>.Step
    /// For a close: the screens above the closed one, which close with it; else 0.
    public let above: Int
    /// The places among the screens the step takes away whose routers would ask before leaving
    /// (`LeaveConfirming`): they are asked before the plan's first step runs.
    public let asking: [Place]
}

/// What opening a link did.
public enum LinkOutcome: Hashable, Sendable {
    /// The window now shows the link's state.
    case opened
    /// The window showed it already; nothing changed.
    case alreadyThere
    /// The guard is not passed: the gate (Login) is shown, and the link waits until it is (the
    /// pending intent); `replacing` is the link that waited before, if another.
    case waitingBehindGate(replacing: String?)
    /// A screen the link would have taken away had work to lose, and its router refused
    /// (`LeaveConfirming`): nothing changed. `screen` is its title.
    case stayed(screen: String)
}

/// Why a link that names no tab opens in the tab it does.
public enum TabChoice: Hashable, Sendable {
    /// The link names the tab.
    case named
    /// The tab shown, whose first screen opens the link's first screen.
    case shown
    /// The first tab whose first screen opens the link's first screen; `shownCannot` is the tab
    /// shown, when there is one and it cannot.
    case firstThatOpens(shownCannot: String?)
}

/// A link that passed every check that needs no navigation: it parses, every part matches the
/// table, each place can follow the one before, and (with the guard passed) the app's checks.
public struct ResolvedLink<Place: Hashable & Sendable>: Sendable {
    /// The link as written back: `waypoint://chat/bob`.
    public let text: String
    public let matches: LinkMatches<Place>
    /// The places the user will see, root first.
    public let target: [Place]
    /// The tab it opens in; `nil` for a root that is one stack.
    public let tab: String?
    /// Why that tab.
    public let tabChoice: TabChoice?
    /// `.guarded` if any of its places is.
    public let access: LinkAccess
    /// The places the link names again: it goes back to each (what followed closes), as a route
    /// does (`WhenShown.goBack`), instead of stacking a copy.
    public let returnsTo: [Place]
}

/// What the guard does with a link now.
public enum LinkGuardDecision: Hashable, Sendable {
    /// It opens as it is.
    case passes
    /// The gate opens, and the link waits until the guard is passed.
    case waits
    /// It is for before the guard, which is passed: nothing changes.
    case refused
}

/// What opening a link would do, without doing it.
public struct LinkExplanation<Place: Hashable & Sendable> {
    public enum Result {
        /// It does not resolve.
        case fails(LinkFailure<Place>)
        /// The guard refuses it.
        case refused(ResolvedLink<Place>)
        /// These steps would run, from `from`, to show `target`; `after` is the link's own
        /// target when the gate opens first.
        case runs(
            ResolvedLink<Place>, decision: LinkGuardDecision, from: NavigationState<Place>?,
            steps: [PlannedStep<Place>],
            target: [Place], after: [Place]?)
    }

    public let text: String
    public let result: Result
}
