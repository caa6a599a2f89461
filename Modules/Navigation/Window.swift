/// The screens on display as a value (`state`: a root container and the modal stacks over it),
/// and the applier that changes it: each change is checked, made to the state, and told to the
/// observers, one event per step and one `ShownChange` per change a user sees. A front renders
/// `state`. The root is one navigation stack, or tabs that each keep their stack while another
/// is shown; modals cover the whole container, as over a tab bar controller.
///
/// The window owns its screens; routers and transitions point at them weakly, so a screen that
/// leaves is released with its presenter, interactor and router.
@MainActor
public final class Window<Places: AppPlaces> {
    /// What the window shows.
    public internal(set) var state = WindowState<Places>()
    /// Who hears every change, in the order they were added.
    public private(set) var observers: [any NavigationObserver<Places>]
    /// How each of `observers` is told of an event, made once as it is added: a list whose type
    /// names no app type, so telling them (every step of every change) looks up no generic
    /// type at run time, as a list of `any NavigationObserver<Places>` does each time it is read.
    private var tellers: [@MainActor (NavigationEvent) -> Void] = []
    /// How many of `observers` hear the changes a user sees (asked once, as each is added).
    private var hearers = 0
    /// The window's loads, one at a time, as each route's policy says.
    public let loader = Loader<Places>()
    /// The questions open: each place that answers, shown, and the screen that asked.
    public let questions = Questions()
    /// Which of its screens have something to say (`ScreenFeedback`): a front reads it after a
    /// command, and takes lines from a screen only when it holds some.
    public let feedback = FeedbackBoard()
    /// The window's number in the session, from 1 in opening order, never reused: what a record
    /// of the session (`--events`) names it by.
    public package(set) var id = 1
    /// Whether the window was closed (`Windows.close(_:)`): nothing opens in it again.
    public internal(set) var isClosed = false
    /// The going-back gesture the front drives, while one is under way.
    public internal(set) var backGestureUnderWay: BackGesture?
    /// How many events the window has published: a reader may keep what it computed until it moves.
    public private(set) var changes = 0
    /// The change under way: what it comes from, how deep it nests, what it changed.
    public internal(set) var underWay = ChangeUnderWay<Places>()
    /// The app's places, their links, offers and tabs, read once when the app starts.
    public let declarations: Declarations<Places>
    /// What the app does for the features that the core cannot; held weakly: the app owns it.
    public weak var host: (any WindowHost)? {
        didSet { questions.host = host }
    }
    /// The link opened before the gate was passed, waiting for it. A replay sets it to make a
    /// link wait without showing anything.
    public var pending: ResolvedLink<Places>?
    /// Unsaved work a rule took away (an editor's draft), by place: given back when it reopens.
    public internal(set) var drafts: [Places: String] = [:]

    /// The most screens this window shows at once (the shown root stack and its modals): opening
    /// one more fails with `RoutingError.tooDeep`, so a link of that length names every state.
    public let maximumDepth: Int

    /// A window of the app `declarations` make, whose `observers` (a front's animations, a log)
    /// hear every change.
    public init(
        _ declarations: Declarations<Places>, observers: [any NavigationObserver<Places>] = [],
        maximumDepth: Int = standardDepthLimit
    ) {
        self.declarations = declarations
        self.observers = []
        self.maximumDepth = max(1, maximumDepth)
        loader.window = self
        for observer in observers { addObserver(observer) }
    }

    /// The environment the app's features are checked and built with.
    public var environment: Places.Environment { declarations.environment }

    /// Adds an observer; it hears every change from now on.
    public func addObserver(_ observer: any NavigationObserver<Places>) {
        if observer.hearsShownChanges {
            if hearers == 0 { underWay.lastShown = (state.places.path, state.screens.selectedTab) }
            hearers += 1
        }
        observers.append(observer)
        tellers.append { [unowned self] event in observer.window(self, did: event) }
    }

    /// Removes `observer`, if it is one.
    public func removeObserver(_ observer: any NavigationObserver<Places>) {
        guard let index = observers.firstIndex(where: { $0 === observer }) else { return }
        if observer.hearsShownChanges { hearers -= 1 }
        observers.remove(at: index)
        tellers.remove(at: index)
    }

    /// Tells every observer of `event`, then, unless a change is under way, of what the user sees.
    func publish(_ event: NavigationEvent) {
        // One access, which the runtime checks for exclusivity: a batch knows it changed something
        // by the count, with no flag to set at every event.
        changes &+= 1
        if case .arrived(let screen, _) = event { screen.feedback.attach(to: feedback) }
        for tell in tellers { tell(event) }
        if case .left(let screen, _) = event {
            // What it has not said leaves with it: no front of this window lists it any more.
            screen.feedback.detach(from: feedback)
            questions.left(screen) { publish(.replied(screen, answered: false)) }
            loader.left(screen)
        }
        if case .delivered(_, _, changed: true) = event { underWay.delivered = true }
        commit()
    }

    /// Runs `changes` as one batch: the window changes step by step and observers hear every
    /// step, then `.settled` when the outermost batch ends. A front whose changes take time shows
    /// the batch as one change per container (as UIKit's `setViewControllers`), so a link of five
    /// steps takes one animation's time. The batch is one change a user sees, made for `cause`.
    /// - Returns: what `changes` returns; the batch settles even if it throws.
    public func batch<T, E: Error>(
        cause: ShownChange.Cause = .command, _ changes: () async throws(E) -> T
    ) async throws(E) -> T {
        let outerCause = underWay.cause
        if underWay.batches == 0 {
            underWay.batchStart = self.changes
            if underWay.steps == 0 { underWay.cause = cause }
        }
        underWay.batches += 1
        defer {
            underWay.batches -= 1
            if underWay.batches == 0, self.changes != underWay.batchStart { publish(.settled) }
            commit()
            underWay.cause = outerCause
        }
        return try await changes()
    }

    /// Runs `change`, of several steps, as one change a user sees, made for `cause` when given.
    func committing<T, E: Error>(cause: ShownChange.Cause? = nil, _ change: () throws(E) -> T) throws(E) -> T {
        let outerCause = underWay.cause
        if let cause { underWay.cause = cause }
        underWay.steps += 1
        defer {
            underWay.steps -= 1
            commit()
            underWay.cause = outerCause
        }
        return try change()
    }

    /// Tells the observers what the window shows, if it differs from what they heard last; not
    /// while a change or batch is under way, or once closed.
    func commit() {
        // Most windows have no observer of shown changes: asked first, it ends the rest.
        guard hearers > 0, underWay.steps == 0, underWay.batches == 0, !isClosed else { return }
        let places = state.places
        let now = (path: places.path, tab: places.selectedTab)
        let delivery = underWay.delivered
        underWay.delivered = false
        // The tabs first: a tab switched is told without comparing a place.
        let same = now.tab == underWay.lastShown.tab && now.path == underWay.lastShown.path
        guard !same || delivery else { return }
        underWay.lastShown = now
        let change = ShownChange(path: now.path, tab: now.tab, cause: underWay.cause, isDelivery: same)
        for observer in observers { observer.window(self, showed: change) }
    }
}

/// A window's change under way: its cause, how deep changes and batches nest, where the batch's
/// count of events began, whether a screen took query items, and what shown-change observers
/// heard last.
public struct ChangeUnderWay<Places: AppPlaces> {
    var cause = ShownChangeCause.command
    var steps = 0
    /// How many batches (`Window.batch(cause:_:)`) are open.
    public internal(set) var batches = 0
    /// The window's count of events when the outermost batch began: it changed something if the
    /// count moved.
    var batchStart = 0
    var delivered = false
    var lastShown: (path: [Places], tab: String?) = ([], nil)

}

/// The most screens a window shows at once, unless it is given another limit.
public let standardDepthLimit = 12
