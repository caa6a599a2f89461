/// The screens on display: a root container, and a chain of modal stacks presented one on top of
/// the other. Navigation as state, in one object that a front renders.
///
/// The root container is one navigation stack, or tabs: named stacks with one selected, each
/// keeping its screens while another is shown (a tab bar controller). Modals are presented over
/// the whole container, as UIKit presents over a tab bar controller.
///
/// The window owns its screens. Routers and transitions point at them weakly, so a screen that
/// leaves the window is released together with its presenter, interactor and router.
@MainActor
public final class Window {
    /// One navigation stack: the root, a tab, or a modal with the screens pushed on it.
    struct Stack {
        var entries: [Entry]
        /// The screen that was on top when this modal was presented; `nil` for a root stack.
        /// Held weakly and compared by reference: an identifier of a freed object could name
        /// the next object allocated at the same address.
        weak var presenter: (any Screen)?

        var screens: [any Screen] { entries.map { $0.screen } }
    }

    /// A screen on display, with the router that opened it, held weakly: the screen's presenter
    /// owns it. The router leaves the window with its screen.
    struct Entry {
        let screen: any Screen
        /// What the screen shows, in the app's terms.
        let place: AnyPlace
        /// How the transition that opened it animates it, for a front that takes time.
        let animator: any Animator
        weak var router: (any RouterProtocol & Closable)?
    }

    /// A stack of the root container: a tab with its name, or the one root stack (no name).
    struct RootStack {
        let name: String?
        var stack: Stack
    }

    /// Where a screen is: in a stack of the root container, or in a modal stack.
    enum Container: Equatable {
        case root(Int)
        case modal(Int)
    }

    // Unchecked: push, modal and root replace take 1.16× the time without (Scripts/bench).
    @exclusivity(unchecked) var roots: [RootStack] = []
    var selected = 0
    // Unchecked: push, modal and root replace take 1.16× the time without (Scripts/bench).
    @exclusivity(unchecked) var modals: [Stack] = []
    /// Where each screen in the window is, by identity, kept with every change: finding a screen
    /// costs the same at any depth. Stacks only grow and shrink at their top, so a screen that
    /// stays keeps its position. The entries hold the screens, so no identifier is reused while
    /// it is here.
    // Unchecked: push, modal and root replace take 1.16× the time without (Scripts/bench).
    @exclusivity(unchecked) var positions: [ObjectIdentifier: (container: Container, index: Int)] = [:]
    /// The child flows waiting for their screen's answer (`Reply`), each ended with no answer
    /// when its screen leaves.
    var waitingReplies: [WaitingReply] = []
    /// How many events the window has published: it changes whenever the window does, so a
    /// reader can keep what it computed from the state until then.
    // Unchecked: push, modal and root replace take 1.16× the time without (Scripts/bench).
    @exclusivity(unchecked) public private(set) var changes = 0

    /// Who hears one event per change a user sees (`ShownChange`), and what they heard last.
    var shownObservers: [any ShownChangeObserver] = []
    var lastShown: (path: [AnyPlace], tab: String?) = ([], nil)
    /// How many changes of several steps are under way (`committing(_:)`).
    var operationDepth = 0
    /// What the changes being made come from (`caused(by:_:)`).
    var cause = ShownChange.Cause.command
    /// Whether a screen shown took query items that changed it since the last commit.
    var deliveryChanged = false

    /// Whether the window was closed (`Windows.close(_:)`): nothing opens in it again.
    public internal(set) var isClosed = false
    /// The window's number for the whole session, from 1 in the order the windows opened: it
    /// stays when a window before it closes (the position `Windows.number(of:)` gives changes),
    /// and no other window gets it. What a record of the session (`--events`) names it by.
    public internal(set) var id = 1

    /// How many batches are open (`batch(cause:_:)`); changes made meanwhile settle when the outermost
    /// ends.
    var batchDepth = 0
    /// Whether a batch changed the window: only then does its end publish `.settled`.
    var batchChanged = false
    /// The going-back gesture the front drives, while one is under way, and how many began.
    var gesture: BackGesture?
    var gestureCount = 0

    /// The window's loads, one at a time, as each route's policy says.
    public let loader = Loader()
    /// What builds the module of a place a route opens: the kinds of places the window's features
    /// declare (`PlaceCatalog`), which its links set.
    public var catalog: (any PlaceBuilding)?
    /// What the window's host does that the core cannot (print a link, follow one, go on once
    /// the gate is passed); held weakly: the app owns it.
    public weak var host: (any WindowHost)?

    /// Who hears every change, in the order they were added.
    public private(set) var observers: [any NavigationObserver]

    /// The most screens a window shows at once, unless it is given another limit.
    public static let standardDepthLimit = 12

    /// The most screens this window shows at once: the shown root stack (the selected tab's)
    /// and the modals above it. Opening one more fails with `RoutingError.tooDeep`, so every
    /// state the window reaches can be named by a link of the same length limit.
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
        observers.append(observer)
    }

    /// Removes `observer`, if it is one.
    public func removeObserver(_ observer: any NavigationObserver) {
        observers.removeAll { $0 === observer }
    }

    /// Tells every observer.
    func publish(_ event: NavigationEvent) {
        assert(positionsAreTrue, "the window's index of its screens disagrees with its stacks")
        changes &+= 1
        if batchDepth > 0 { batchChanged = true }
        for observer in observers { observer.window(self, did: event) }
        if case .left(let screen, _) = event {
            if !waitingReplies.isEmpty { declineReplies(of: screen) }
            loader.left(screen)
        }
        if !shownObservers.isEmpty {
            if case .delivered(_, _, changed: true) = event { deliveryChanged = true }
            commit()
        }
    }

    // MARK: - Reading

    /// The screen the user sees and talks to.
    public var topScreen: (any Screen)? {
        // Read on every line a front handles: no array of the shown stacks is built for it, and
        // only the screen is read, in place. (A copy of an entry, or of a stack, copies its weak
        // reference, a call into the runtime each way; that goes for the walks below too.)
        if !modals.isEmpty { return Self.top(of: modals[modals.count - 1].entries) }
        return roots.indices.contains(selected) ? Self.top(of: roots[selected].stack.entries) : nil
    }

    private static func top(of entries: [Entry]) -> (any Screen)? {
        entries.isEmpty ? nil : entries[entries.count - 1].screen
    }

    /// The window as a value of its screens: every stack (each tab's, shown or not, and the
    /// modals), and the tab shown. What a reader of screens reads, as links read `places` and a
    /// front that only draws reads `titles`: the screens the user sees are its `path`.
    public var stacks: NavigationState<any Screen> { state { $0.screen } }

    /// The window as a value of what `item` makes of each entry: `stacks`, `places` and `titles`,
    /// each made in one pass over the stacks (fronts read them on every line).
    func state<Item>(_ item: (Entry) -> Item) -> NavigationState<Item> {
        let tabs = roots.map { NavigationState.Tab(name: $0.name ?? "", stack: $0.stack.entries.map(item)) }
        return NavigationState(
            tabs: tabs.isEmpty ? [.init(name: "", stack: [])] : tabs, selected: selected,
            modals: modals.map { $0.entries.map(item) })
    }

    /// Calls `body` with every screen in the window, as `stacks.all` lists them (each tab's
    /// stack, then each modal's), without making the state: what a front that looks at every
    /// screen after each command walks.
    public func forEachScreen(_ body: (any Screen) -> Void) {
        forEachEntry { entry, _ in body(entry.screen) }
    }

    /// Calls `body` with every entry and where it is, in `stacks.all`'s order.
    func forEachEntry(_ body: (Entry, _ position: (container: Container, index: Int)) -> Void) {
        for number in roots.indices {
            let entries = roots[number].stack.entries
            for index in entries.indices { body(entries[index], (.root(number), index)) }
        }
        for number in modals.indices {
            let entries = modals[number].entries
            for index in entries.indices { body(entries[index], (.modal(number), index)) }
        }
    }

    /// The names of the tabs, in order; none when the root is one stack: `places.tabNames`,
    /// without making the state. The names are read in place: a copy of a root stack would copy
    /// the weak reference to its presenter, a call into the runtime each way.
    public var tabNames: [String] {
        var names: [String] = []
        names.reserveCapacity(roots.count)
        for index in roots.indices {
            if let name = roots[index].name { names.append(name) }
        }
        return names
    }

    /// Whether the tabs are `names`, in that order: `tabNames == names`, read in place, with no
    /// list made.
    public func hasTabs(named names: [String]) -> Bool {
        var count = 0
        for index in roots.indices {
            guard let name = roots[index].name else { continue }
            guard count < names.count, names[count] == name else { return false }
            count += 1
        }
        return count == names.count
    }

    /// The name of the tab shown; `nil` when the root is one stack: `titles.selectedTab`, read in
    /// place.
    public var selectedTab: String? { roots.indices.contains(selected) ? roots[selected].name : nil }

    /// How many screens the user sees: the shown root stack and the modals.
    var depth: Int {
        var count = roots.indices.contains(selected) ? roots[selected].stack.entries.count : 0
        for modal in modals { count += modal.entries.count }
        return count
    }

    /// Whether the window shows `maximumDepth` screens: nothing more can be pushed or presented.
    public var isFull: Bool { depth >= maximumDepth }

    // MARK: - Private

    /// The screens of the stack `container` names, bottom first, as entries.
    func entries(in container: Container) -> [Entry] {
        switch container {
        case .root(let index): roots[index].stack.entries
        case .modal(let index): modals[index].entries
        }
    }

    func entry(at position: (container: Container, index: Int)) -> Entry {
        entries(in: position.container)[position.index]
    }

    func position(of screen: any Screen) -> (container: Container, index: Int)? {
        positions[ObjectIdentifier(screen)]
    }

    /// Where each screen is, found by walking every stack: what `positions` is kept equal to.
    func walkedPositions() -> [ObjectIdentifier: (container: Container, index: Int)] {
        var found: [ObjectIdentifier: (container: Container, index: Int)] = [:]
        forEachEntry { entry, position in found[ObjectIdentifier(entry.screen)] = position }
        return found
    }

    /// Whether `positions` says where every screen is, and nothing else: what the debug build
    /// checks after every change.
    var positionsAreTrue: Bool {
        let walked = walkedPositions()
        return walked.count == positions.count
            && walked.allSatisfy { screen, found in positions[screen].map { $0 == found } ?? false }
    }

}
