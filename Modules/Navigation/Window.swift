/// The screens on display, as a value (`state`: a root container, and a chain of modal stacks
/// presented one on top of the other), and the applier that changes it: each change is checked,
/// made to the state, and told to the observers, one event per step and one `ShownChange` per
/// change a user sees. A front renders `state`.
///
/// The root container is one navigation stack, or tabs: named stacks with one selected, each
/// keeping its screens while another is shown (a tab bar controller). Modals are presented over
/// the whole container, as UIKit presents over a tab bar controller.
///
/// The window owns its screens. Routers and transitions point at them weakly, so a screen that
/// leaves the window is released together with its presenter, interactor and router.
@MainActor
public final class Window {
    /// What the window shows.
    public internal(set) var state = WindowState()
    /// Who hears every change, in the order they were added.
    public private(set) var observers: [any NavigationObserver]
    /// The window's loads, one at a time, as each route's policy says.
    public let loader = Loader()
    /// The questions open: each place that answers, shown, and the screen that asked.
    public let questions = Questions()
    /// The window's number for the whole session, from 1 in the order the windows opened: it
    /// stays when a window before it closes, and no other window gets it. What a record of the
    /// session (`--events`) names it by.
    public package(set) var id = 1
    /// Whether the window was closed (`Windows.close(_:)`): nothing opens in it again.
    public internal(set) var isClosed = false
    /// The going-back gesture the front drives, while one is under way.
    public internal(set) var backGestureUnderWay: BackGesture?
    /// How many events the window has published: it changes whenever the window does, so a
    /// reader can keep what it computed from the state until then.
    public private(set) var changes = 0
    /// The change under way: what it comes from, how deep it nests, what it changed.
    public internal(set) var underWay = ChangeUnderWay()

    /// The most screens a window shows at once, unless it is given another limit.
    public static let standardDepthLimit = 12
    /// The most screens this window shows at once: the shown root stack and the modals above it.
    /// Opening one more fails with `RoutingError.tooDeep`, so every state the window reaches can
    /// be named by a link of the same length limit.
    public let maximumDepth: Int

    /// - Parameters:
    ///   - observers: who hears every change (a front's animations, a log).
    ///   - maximumDepth: the most screens the window shows at once (at least 1).
    public init(observers: [any NavigationObserver] = [], maximumDepth: Int = Window.standardDepthLimit) {
        self.observers = observers
        self.maximumDepth = max(1, maximumDepth)
        loader.window = self
    }

    /// Adds an observer; it hears every change from now on.
    public func addObserver(_ observer: any NavigationObserver) {
        if observer.hearsShownChanges, !ChangeUnderWay.anyHears(observers) {
            underWay.lastShown = (state.places.path, state.selectedTab)
        }
        observers.append(observer)
    }

    /// Removes `observer`, if it is one.
    public func removeObserver(_ observer: any NavigationObserver) {
        observers.removeAll { $0 === observer }
    }

    /// Tells every observer of `event`, and, once no change of several steps is under way, of the
    /// change a user sees.
    func publish(_ event: NavigationEvent) {
        changes &+= 1
        if underWay.batches > 0 { underWay.batchChanged = true }
        for observer in observers { observer.window(self, did: event) }
        if case .left(let screen, _) = event {
            questions.left(screen, in: self)
            loader.left(screen)
        }
        if case .delivered(_, _, changed: true) = event { underWay.delivered = true }
        commit()
    }

    /// Runs `changes` as one batch: the window changes at once, step by step, and its observers
    /// hear every step; when the outermost batch ends, they hear `.settled`. A front whose changes
    /// take time waits for it, then shows the whole batch as one change per container (as UIKit's
    /// `setViewControllers` does), so a link of five steps takes about one animation's time.
    /// The batch is one change a user sees, made for `cause` (the outermost batch's says).
    /// - Returns: what `changes` returns.
    /// - Throws: what `changes` throws; the batch settles all the same.
    public func batch<T, E: Error>(
        cause: ShownChange.Cause = .command, _ changes: () async throws(E) -> T
    ) async throws(E) -> T {
        let outerCause = underWay.cause
        if underWay.batches == 0, underWay.steps == 0 { underWay.cause = cause }
        underWay.batches += 1
        defer {
            underWay.batches -= 1
            if underWay.batches == 0, underWay.batchChanged {
                underWay.batchChanged = false
                publish(.settled)
            }
            commit()
            underWay.cause = outerCause
        }
        return try await changes()
    }

    /// Runs `change`, a change of several steps, as one change a user sees, made for `cause`
    /// when given.
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

    /// Tells the observers what the window shows, if it differs from what they heard last;
    /// nothing while a change of several steps or a batch is under way, or once closed (a window
    /// that closes is a change of the session's windows).
    func commit() {
        guard underWay.steps == 0, underWay.batches == 0, !isClosed, ChangeUnderWay.anyHears(observers)
        else { return }
        let places = state.places
        let now = (path: places.path, tab: places.selectedTab)
        let delivery = underWay.delivered
        underWay.delivered = false
        let same = now.path == underWay.lastShown.path && now.tab == underWay.lastShown.tab
        guard !same || delivery else { return }
        underWay.lastShown = now
        let change = ShownChange(path: now.path, tab: now.tab, cause: underWay.cause, isDelivery: same)
        for observer in observers { observer.window(self, showed: change) }
    }
}

/// What a window's change under way is: what it comes from, how many changes of several steps
/// and batches nest in it, whether a batch changed anything, whether a screen took query items,
/// and what the observers of shown changes heard last.
public struct ChangeUnderWay {
    var cause = ShownChange.Cause.command
    var steps = 0
    /// How many batches (`Window.batch(cause:_:)`) are open: a front that takes time waits until
    /// none is.
    public internal(set) var batches = 0
    var batchChanged = false
    var delivered = false
    var lastShown: (path: [AnyPlace], tab: String?) = ([], nil)

    /// Whether one of `observers` hears the changes a user sees.
    @MainActor
    static func anyHears(_ observers: [any NavigationObserver]) -> Bool {
        for observer in observers where observer.hearsShownChanges { return true }
        return false
    }
}
