/// The screens on display: a root navigation stack, and a chain of modal stacks presented one
/// on top of the other. Navigation as state, in one object that a front renders.
///
/// The window owns its screens. Routers and transitions point at them weakly, so a screen that
/// leaves the window is released together with its presenter, interactor and router.
@MainActor
public final class Window {
    /// One navigation stack: the root, or a modal with the screens pushed on it.
    struct Stack {
        var entries: [Entry]
        /// The screen that was on top when this modal was presented; `nil` for the root. Held
        /// weakly and compared by reference: an identifier of a freed object could name the
        /// next object allocated at the same address.
        weak var presenter: (any Screen)?

        var screens: [any Screen] { entries.map(\.screen) }
    }

    /// A screen on display, with the router that opened it, held weakly: the screen's presenter
    /// owns it. The router leaves the window with its screen.
    struct Entry {
        let screen: any Screen
        /// What the screen shows, in the app's terms.
        let place: AnyPlace
        weak var router: (any RouterProtocol)?
    }

    private(set) var stacks: [Stack] = []

    /// The load in flight, if any: its number, and how to cancel it.
    private var loading: (number: Int, cancel: @MainActor () -> Void)?
    private var loadsStarted = 0

    /// Who hears every change, in the order they were added.
    public private(set) var observers: [any NavigationObserver]

    /// The most screens a window holds, over all its stacks, unless it is given another limit.
    public static let standardDepthLimit = 12

    /// The most screens this window holds at once. Opening one more fails with
    /// `RoutingError.tooDeep`, so every state the window reaches can be named by a link of the
    /// same length limit.
    public let maximumDepth: Int

    /// - Parameters:
    ///   - observers: who hears every change (a front's animations, a log).
    ///   - maximumDepth: the most screens the window holds at once (at least 1).
    public init(observers: [any NavigationObserver] = [], maximumDepth: Int = Window.standardDepthLimit) {
        self.observers = observers
        self.maximumDepth = max(1, maximumDepth)
    }

    /// Adds an observer; it hears every change from now on.
    public func addObserver(_ observer: any NavigationObserver) {
        observers.append(observer)
    }

    /// Removes `observer`, if it is one.
    public func removeObserver(_ observer: any NavigationObserver) {
        observers.removeAll { $0 === observer }
    }

    /// Tells every observer.
    private func publish(_ event: NavigationEvent) {
        for observer in observers { observer.window(self, did: event) }
    }

    // MARK: - Reading

    /// The screen the user sees and talks to.
    public var topScreen: (any Screen)? { stacks.last?.entries.last?.screen }

    /// Every screen in the window, from the bottom of the root stack to the top-most one.
    public var screens: [any Screen] { stacks.flatMap(\.screens) }

    /// How many screens the window holds, over all its stacks.
    public var depth: Int { stacks.reduce(0) { $0 + $1.entries.count } }

    /// Whether the window holds `maximumDepth` screens: nothing more can be pushed or presented.
    public var isFull: Bool { depth >= maximumDepth }

    /// Whether `screen` is in the window.
    public func contains(_ screen: any Screen) -> Bool { position(of: screen) != nil }

    /// The router that opened `screen` through `RouterProtocol.open(_:of:transition:)`, while the
    /// screen is in the window: how a front or a link handler reaches the routes of the screen
    /// on top without the screen knowing its router.
    public func router(of screen: any Screen) -> (any RouterProtocol)? {
        position(of: screen).flatMap { stacks[$0.stack].entries[$0.index].router }
    }

    /// The window as a value of the app's places: what links, plans and tests read.
    /// - Returns: the state, or `nil` if a screen's place is not a `Place` (a router was given a
    ///   place of another type).
    public func state<Place>(of type: Place.Type) -> NavigationState<Place>? {
        var root: [Place] = []
        var modals: [[Place]] = []
        for (number, stack) in stacks.enumerated() {
            var places: [Place] = []
            for entry in stack.entries {
                guard let place = entry.place.as(Place.self) else { return nil }
                places.append(place)
            }
            if number == 0 { root = places } else { modals.append(places) }
        }
        return NavigationState(root: root, modals: modals)
    }

    /// The window as a value of its screens' titles: what a front that only draws prints.
    public var titles: NavigationState<String> {
        NavigationState(
            root: stacks.first.map { $0.screens.map(\.title) } ?? [],
            modals: stacks.dropFirst().map { $0.screens.map(\.title) }
        )
    }

    /// The place of `screen`, while it is in the window.
    public func place(of screen: any Screen) -> AnyPlace? {
        position(of: screen).map { stacks[$0.stack].entries[$0.index].place }
    }

    // MARK: - Changing

    /// Makes `screen`, which shows `place`, the only screen: the root of a new root stack, with
    /// no modals.
    /// - Throws: `RoutingError.alreadyInWindow` if `screen` is shown already.
    public func replaceRoot(with screen: any Screen, as place: AnyPlace) throws(RoutingError) {
        try requireAbsent(screen)
        cancelLoad()
        let old = stacks
        stacks = [Stack(entries: [Entry(screen: screen, place: place)], presenter: nil)]
        for stack in old.reversed() {
            for entry in stack.entries.reversed() { publish(.left(entry.screen, .replaceRoot)) }
        }
        publish(.arrived(screen, .replaceRoot))
    }

    /// Pushes `screen`, which shows `place`, on top of the stack that holds `source`.
    /// - Throws: `RoutingError` if `source` is not shown, `screen` is shown already, or the
    ///   window is full.
    public func push(_ screen: any Screen, as place: AnyPlace, from source: any Screen) throws(RoutingError) {
        try requireAbsent(screen)
        guard let (stack, _) = position(of: source) else { throw .notInWindow(screen: source.title) }
        try requireRoom()
        cancelLoad()
        stacks[stack].entries.append(Entry(screen: screen, place: place))
        publish(.arrived(screen, .push))
    }

    /// Presents `screen`, which shows `place`, modally, on top of the top-most screen, as the
    /// first screen of a new stack.
    /// - Throws: `RoutingError` if `source` is not shown, `screen` is shown already, or the
    ///   window is full.
    public func present(_ screen: any Screen, as place: AnyPlace, from source: any Screen) throws(RoutingError) {
        try requireAbsent(screen)
        guard contains(source), let top = topScreen else { throw .notInWindow(screen: source.title) }
        try requireRoom()
        cancelLoad()
        stacks.append(Stack(entries: [Entry(screen: screen, place: place)], presenter: top))
        publish(.arrived(screen, .present))
    }

    /// Pops `screen` off its stack, with every screen pushed above it and every modal they
    /// present. Screens above `screen` go with it: closing closes *that* screen, wherever it is.
    /// - Returns: every screen that left, top-most first, each with how it left: the modals
    ///   above are dismissed, the screens of the stack popped, `screen` last.
    /// - Throws: `RoutingError` if `screen` is not shown or is the first screen of its stack.
    @discardableResult
    public func pop(_ screen: any Screen) throws(RoutingError) -> [Departure] {
        guard let (stack, index) = position(of: screen) else { throw .notInWindow(screen: screen.title) }
        guard index > 0 else { throw .notPushed(screen: screen.title) }
        cancelLoad()
        var departures: [Departure] = []
        let leaving = stacks[stack].entries[index...]
        if stack + 1 < stacks.count, let presenter = stacks[stack + 1].presenter,
            leaving.contains(where: { $0.screen === presenter })
        {
            departures = removeStacks(from: stack + 1)
        }
        for entry in leaving.reversed() { departures.append(Departure(.pop, of: entry.screen)) }
        stacks[stack].entries.removeSubrange(index...)
        for departure in departures { publish(.left(departure.screen, departure.motion)) }
        return departures
    }

    /// Dismisses the modal stack that `screen` opened, with every modal presented above it.
    /// - Returns: every screen that left, top-most first, `screen` last.
    /// - Throws: `RoutingError` if `screen` is not shown or was not presented modally.
    @discardableResult
    public func dismiss(_ screen: any Screen) throws(RoutingError) -> [Departure] {
        guard let (stack, index) = position(of: screen) else { throw .notInWindow(screen: screen.title) }
        guard stack > 0, index == 0 else { throw .notPresented(screen: screen.title) }
        cancelLoad()
        let departures = removeStacks(from: stack)
        for departure in departures { publish(.left(departure.screen, departure.motion)) }
        return departures
    }

    /// Removes the stacks from `first` up, and says which screens left, top-most first.
    private func removeStacks(from first: Int) -> [Departure] {
        var departures: [Departure] = []
        for stack in stacks[first...].reversed() {
            for entry in stack.entries.reversed() { departures.append(Departure(.dismiss, of: entry.screen)) }
        }
        stacks.removeSubrange(first...)
        return departures
    }

    /// Records that `router` opened `screen`, while `screen` is in the window.
    func register(_ router: any RouterProtocol, for screen: any Screen) {
        guard let (stack, index) = position(of: screen) else { return }
        stacks[stack].entries[index].router = router
    }

    /// Provides a screen that takes time and may fail (the asynchronous, failable provider of
    /// the destination pattern), such as a module that loads its data before it is shown.
    ///
    /// One load is in flight per window, and the newest navigation wins: a newer load, or any
    /// change to the window, cancels the load in flight. A superseded load opens nothing: it
    /// throws `RoutingError.superseded`, even if its provider finished anyway, so what it
    /// built is released. A caller whose own task is cancelled gets `CancellationError`: that
    /// is not a newer navigation winning.
    /// - Throws: the provider's error, `RoutingError.superseded`, or `CancellationError`.
    public func load<V: Sendable>(_ provide: @escaping @MainActor () async throws -> V) async throws -> V {
        cancelLoad()
        loadsStarted += 1
        let number = loadsStarted
        let task = Task { @MainActor in try await provide() }
        let ticket = LoadTicket()
        publish(.loadStarted(number: number))
        loading = (
            number,
            {
                ticket.isSuperseded = true
                task.cancel()
            }
        )
        defer {
            if loading?.number == number { loading = nil }
        }
        let value: V
        do {
            value = try await withTaskCancellationHandler {
                try await task.value
            } onCancel: {
                task.cancel()
            }
        } catch {
            throw ended(number, ticket: ticket, task: task, error: error)
        }
        if ticket.isSuperseded || task.isCancelled {
            throw ended(number, ticket: ticket, task: task, error: CancellationError())
        }
        publish(.loadFinished(number: number))
        return value
    }

    /// Says how load `number` failed, and returns the error its caller gets: `superseded` when a
    /// newer navigation won, `CancellationError` when the caller was cancelled, else `error`.
    private func ended<V>(_ number: Int, ticket: LoadTicket, task: Task<V, any Error>, error: any Error) -> any Error {
        if ticket.isSuperseded {
            publish(.loadSuperseded(number: number))
            return RoutingError.superseded
        }
        let error = task.isCancelled ? CancellationError() : error
        publish(.loadFailed(number: number, error: error))
        return error
    }

    /// Whether the load it belongs to lost to a newer navigation.
    private final class LoadTicket {
        var isSuperseded = false
    }

    /// Whether a load is in flight.
    public var isLoading: Bool { loading != nil }

    private func cancelLoad() {
        loading?.cancel()
        loading = nil
    }

    // MARK: - Private

    private func position(of screen: any Screen) -> (stack: Int, index: Int)? {
        for (stack, entry) in stacks.enumerated().reversed() {
            if let index = entry.entries.firstIndex(where: { $0.screen === screen }) {
                return (stack, index)
            }
        }
        return nil
    }

    private func requireAbsent(_ screen: any Screen) throws(RoutingError) {
        if contains(screen) { throw .alreadyInWindow(screen: screen.title) }
    }

    private func requireRoom() throws(RoutingError) {
        if isFull { throw .tooDeep(limit: maximumDepth) }
    }
}
