import LinkMatching

/// Why a link cannot be opened, as a value: a front decides the words a user reads.
public enum LinkFailure: Error {
    /// The link itself: malformed, or a path the table does not match.
    case link(LinkError)
    /// `next` cannot be opened from `previous`'s screen (`LinkNavigator.refusal(of:after:)` says
    /// why); with `previous` `nil`, no root and no tab's first screen opens it.
    case cannotFollow(AnyPlace, after: AnyPlace?)
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
    case stepFailed(PlannedStep, reason: any Error)
}

/// Why a place cannot follow another in a link.
public enum FollowRefusal: Error, Hashable, Sendable {
    /// The place is not opened by a route (a gate, a tab's first screen): it is a root.
    case isRoot
    /// No action of the screen before opens the place; `offered` lists what it offers
    /// (`edit (opens Edit bio)`).
    case notOffered(offered: [String])
    /// One of the two places is of no kind the app declares.
    case undeclared
}

/// A step of a plan, with what a front needs to describe it.
public struct PlannedStep: Hashable, Sendable {
    public let step: NavigationPlan<AnyPlace>.Step
    /// For a close: the screens above the closed one, which close with it; else 0.
    public let above: Int
    /// The places the step takes away that ask before leaving, before the plan's first step.
    public let asking: [AnyPlace]
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

/// A link that passed every check that needs no navigation: it parses, matches, each place can
/// follow the one before, and (with the gate passed) each passes its feature's rules.
public struct ResolvedLink: Sendable {
    /// The link as written back: `waypoint://chat/bob`.
    public let text: String
    public let matches: [Match]
    /// The places the user will see, root first.
    public let target: [AnyPlace]
    /// The tab it opens in, and why; `nil` for a root that is one stack.
    public let tab: String?
    public let tabChoice: TabChoice?
    /// `.guarded` if any of its places is.
    public let access: PlaceKind.Access
    /// The places the link names again: it goes back to each, as a route does
    /// (`WhenShown.goBack`), instead of stacking a copy.
    public let returnsTo: [AnyPlace]
    /// The typed query items the link hands its last place's screen (`message=2`).
    public var query: QueryItems { items.last ?? QueryItems() }
    /// The query items of each match: an item goes to the last place that declares it.
    public let items: [QueryItems]
    /// What the check of each place read (a profile's user): its screen is built with it.
    public let checked: [AnyPlace: any Sendable]

    /// A part of a link's path: the pattern it matched (`chat/<user>`), the part (`chat/bob`),
    /// its parameters and the place it names.
    public struct Match: Sendable {
        public let pattern: String
        public let path: String
        public let parameters: LinkParameters
        public let place: AnyPlace
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
public struct LinkExplanation {
    public enum Result {
        /// It does not resolve.
        case fails(LinkFailure)
        /// The gate refuses it.
        case refused(ResolvedLink)
        /// These steps would run to show `target`, then the link's query items be delivered;
        /// `after` is the link's own target when the gate opens first.
        case runs(
            ResolvedLink, decision: LinkGuardDecision, steps: [PlannedStep], target: [AnyPlace], after: [AnyPlace]?)
    }

    public let text: String
    public let result: Result
    /// The query items the last screen would be handed, unless it shows them already.
    public internal(set) var delivery: QueryItems? = nil
}

/// Why a feature composition cannot make a link navigator: a programming error of the app's
/// declarations, found when the app starts.
public enum CompositionError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The route table cannot be built from the places' patterns.
    case table(RouteTableError)
    /// No place is the gate, or two are.
    case gates([String])
    /// Two kinds name one link parameter with values of different types: one name, one type.
    case parameterTwice(String, first: String, second: String)

    public var description: String {
        switch self {
        case .table(let error): "\(error)"
        case .gates(let patterns):
            patterns.isEmpty
                ? "no place is the gate; the feature that signs users in declares one (role: .gate)"
                : "the places \(patterns.joined(separator: " and ")) are both the gate; an app has one"
        case .parameterTwice(let name, let first, let second):
            "\(first) and \(second) both name the link parameter <\(name)>, with values of different types; "
                + "give one of them another name, or both the same type"
        }
    }
}
