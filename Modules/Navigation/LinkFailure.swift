import LinkMatching

/// Why a link cannot be opened, as a value: a front decides the words a user reads.
public enum LinkFailure<Places: AppPlaces>: Error {
    /// The link itself: malformed, or a path the table does not match.
    case link(LinkError)
    /// The place a link's part names cannot be opened from the place before it (`Refusal`).
    case cannotFollow(Refusal<Places>)
    /// The link names more screens than a window shows.
    case tooDeep(count: Int, limit: Int)
    /// A feature's rules refused a place it names (a user that does not exist).
    case invalid(any Error)
    /// The new window the link was to open in could not be opened (the session's limit).
    case noNewWindow(any Error)
    /// A link to places shown only before the gate, while it is passed.
    case refused(link: String)
    /// No tab has that name.
    case unknownTab(String, tabs: [String])
    /// The root has no tabs.
    case noTabs
    /// A step failed; the window shows what the steps before it reached.
    case stepFailed(PlannedStep<Places>, reason: any Error)
}

/// Why the place a link's part names (`profile/carol`) cannot open where the link puts it.
public struct Refusal<Places: AppPlaces>: Sendable {
    /// The part: `profile/carol`.
    public let path: String
    /// The place's title, `Profile @carol`, when an offer of the app reads it.
    public let title: String?
    /// The place before it; `nil` when no root and no tab's first screen opens it.
    public let previous: Places?
    /// What `previous`'s screen offers, each action with what it opens (`edit (opens Edit bio)`);
    /// `nil` when the place is a root (the gate, a tab's first place), which nothing opens.
    public let offered: [String]?
}

/// A step of a plan, with what a front needs to describe it.
public struct PlannedStep<Places: AppPlaces>: Hashable, Sendable {
    public let step: NavigationPlan<Places>.Step
    /// For a close: the screens above the closed one, which close with it; else 0.
    public let above: Int
    /// The places the step takes away that ask before leaving, before the plan's first step.
    public let asking: [Places]
}

/// What opening a link did.
public enum LinkOutcome: Hashable, Sendable {
    /// The window now shows the link's state.
    case opened
    /// The window showed it already; nothing changed.
    case alreadyThere
    /// Its place was shown already, and its screen (`screen` is its title) took the link's query
    /// items: a chat marked a message, with no copy opened.
    case delivered(screen: String)
    /// Its place was shown already, and its screen refused the query items; nothing changed.
    case notTaken(screen: String)
    /// The gate is shown, and the link waits until it is passed (the pending intent);
    /// `replacing` is the link that waited before, if another.
    case waitingBehindGate(replacing: String?)
    /// A screen the link would take away had work to lose, and refused (`LeaveConfirming`).
    case stayed(screen: String)
}

/// Why a link that names no tab opens in the tab it does.
public enum TabChoice: Hashable, Sendable {
    /// The link names the tab.
    case named
    /// The tab shown, whose first screen opens the link's first screen.
    case shown
    /// The first tab whose first screen opens it; `shownCannot` is the tab shown, if it cannot.
    case firstThatOpens(shownCannot: String?)
}

/// How a link opens a place from the one before it: the route of the offer that follows it, and
/// the offer's action (`share`).
public struct FollowedOffer<Places: AppPlaces> {
    public let route: Route<Places>
    public let action: String
}

/// A link as read: it parses, matches, and each place is one the place before it offers. What it
/// names is values: planning it asks no service (its places' checks run when it opens).
@MainActor
public struct ResolvedLink<Places: AppPlaces> {
    /// The link as written back: `waypoint://chat/bob`.
    public let text: String
    public let matches: [Match]
    /// The places the user will see, root first.
    public let target: [Places]
    /// The tab it opens in, and why; `nil` for a root that is one stack.
    public let tab: String?
    public let tabChoice: TabChoice?
    /// `.guarded` if any of its places is.
    public let access: PlaceAccess
    /// The places the link names again: it goes back to each, as a route does
    /// (`WhenShown.goBack`), instead of stacking a copy.
    public let returnsTo: [Places]
    /// The typed query items the link hands its last place's screen (`message=2`).
    public var query: QueryItems { items.last ?? QueryItems() }
    /// The query items of each match: an item goes to the last place that declares it.
    public let items: [QueryItems]
    /// How each place of `target` is opened from the one before it, in `target`'s order: the
    /// route and the action of the offer that follows it (`share`), read once, as the link is
    /// read; `nil` for a place the link does not open by a route (a root).
    public let routes: [FollowedOffer<Places>?]
    /// Every place the link names, in order, each once: the target's, and those it names and then
    /// goes back from. Each is checked before any step runs. A tab's first place the link does
    /// not name (`friends`, before `chat/bob`) is not among them: it is shown already, or its
    /// load checks it.
    public let named: [Places]
    /// Which of `named` each place of `target` is, in `target`'s order (`nil` for one the link
    /// does not name): what its check read opens it.
    public let checks: [Int?]

    /// The action each place of `target` is opened by from the one before it (`share`), in
    /// `target`'s order; `nil` for a root.
    public var actions: [String?] { routes.map { $0?.action } }

    /// A part of a link's path: the pattern it matched (`chat/<user>`), the part (`chat/bob`),
    /// its parameters and the place it names.
    public struct Match {
        public let pattern: String
        public let path: String
        public let parameters: LinkParameters
        public let place: Places
    }
}

/// What the gate does with a link now.
public enum LinkGuardDecision: Hashable, Sendable {
    /// It opens as it is.
    case passes
    /// The gate opens, and the link waits until it is passed.
    case waits
    /// It is for before the gate, which is passed: nothing changes.
    case refused
}

/// What opening a link would do, without doing it.
public struct LinkExplanation<Places: AppPlaces> {
    public enum Result {
        /// It does not resolve.
        case fails(LinkFailure<Places>)
        /// The gate refuses it.
        case refused(ResolvedLink<Places>)
        /// These steps would run to show `target`, then the link's query items be delivered;
        /// `after` is the link's own target when the gate opens first.
        case runs(
            ResolvedLink<Places>, decision: LinkGuardDecision, steps: [PlannedStep<Places>], target: [Places],
            after: [Places]?)
    }

    public let text: String
    public let result: Result

    /// Whether nothing would happen: the link does not resolve, or a check refuses a place.
    public var fails: Bool {
        if case .fails = result { true } else { false }
    }
    /// The query items the last screen would be handed, unless it shows them already.
    public internal(set) var delivery: QueryItems? = nil
}
