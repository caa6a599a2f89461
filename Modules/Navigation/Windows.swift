/// The windows of one session (an iPad or Mac app's scenes): each a `Window` with its own tabs,
/// stacks, modals, loads, questions and pending replies, one of them in front. What is shared
/// lives outside them (the sign-in, the services); what a window shows is its own.
///
/// Windows are numbered from 1 in the order they opened; closing one renumbers the ones after
/// it, as a window menu does. The last window cannot be closed: the app quits instead. A session
/// has at most `limit` windows (`windowLimit`, 1,000, unless the app says otherwise): an app
/// refuses to open one more (`isFull`), as it refuses a screen past a window's depth.
@MainActor
public final class Windows<Places: AppPlaces> {
    /// Every open window, in the order they opened.
    public private(set) var all: [Window<Places>]
    /// The window the user talks to: every command acts on it.
    public private(set) var front: Window<Places>
    /// The most windows the session has at once.
    public let limit: Int
    /// Whether the session has `limit` windows: no other opens.
    public var isFull: Bool { all.count >= limit }
    /// The id the next window opened gets (`Window.id`).
    private var nextID = 2
    /// Makes a new window, set up as the app's windows are (its host, its clock, a front's
    /// observers): what `open()` calls.
    private let make: @MainActor () -> Window<Places>
    /// Who hears windows open, close and come forward, in the order they were added; held
    /// weakly: an observer (the links of every window) may hold the windows.
    private var observers: [WeakObserver] = []

    private struct WeakObserver {
        weak var observer: (any WindowsObserver<Places>)?
    }

    /// - Parameters:
    ///   - first: the window the session starts with.
    ///   - make: makes each window opened later; by default a plain `Window` as deep as `first`.
    ///   - limit: the most windows the session has at once.
    public init(first: Window<Places>, make: (@MainActor () -> Window<Places>)? = nil, limit: Int = windowLimit) {
        self.limit = max(1, limit)
        first.id = 1
        all = [first]
        front = first
        let (declarations, depth) = (first.declarations, first.maximumDepth)
        self.make = make ?? { Window(declarations, maximumDepth: depth) }
    }

    /// Adds an observer, held weakly; it hears every change of the windows from now on.
    public func addObserver(_ observer: any WindowsObserver<Places>) {
        observers.removeAll { $0.observer == nil }
        observers.append(WeakObserver(observer: observer))
    }

    /// The window's number, from 1; `nil` for a window that is not open.
    public func number(of window: Window<Places>) -> Int? {
        // `0..<count`, not `indices`: the protocols' default `indices` looks up its types here.
        for index in 0..<all.count where all[index] === window { return index + 1 }
        return nil
    }

    /// The window numbered `number`, if it is open.
    public func window(numbered number: Int) -> Window<Places>? {
        number >= 1 && number <= all.count ? all[number - 1] : nil
    }

    /// Opens a new, empty window in front: its host opens what it first shows.
    /// - Returns: the window.
    @discardableResult
    public func open() -> Window<Places> {
        let window = make()
        window.id = nextID
        nextID += 1
        all.append(window)
        tell(.opened(window))
        putInFront(window)
        return window
    }

    /// Brings `window` to the front; nothing changes if it is in front already or not open.
    public func bringForward(_ window: Window<Places>) {
        guard window !== front, number(of: window) != nil else { return }
        putInFront(window)
    }

    /// Puts `window`, an open window, in front (`open()` knows it is: it is the last one, and
    /// looking for it among a thousand windows would cost each open a walk of them all).
    private func putInFront(_ window: Window<Places>) {
        let previous = front
        front = window
        tell(.broughtForward(window, previous: previous))
    }

    /// Closes `window`: its load stops (a late result opens nothing), every screen leaves it (its
    /// modules are released; a flow waiting for one ends with no answer), and it opens nothing
    /// again. The window opened just before it comes forward if it was in front. Asking first
    /// about unsaved work is its front's part (`WindowState.refusal(among:)`).
    /// - Throws: `RoutingError.lastWindow` for the only window; `.windowReleased` for one that is
    ///   not open.
    public func close(_ window: Window<Places>) throws(RoutingError) {
        guard let index = all.firstIndex(where: { $0 === window }) else { throw .windowReleased }
        guard all.count > 1 else { throw .lastWindow }
        if window === front { bringForward(all[index > 0 ? index - 1 : 1]) }
        window.close()
        all.remove(at: index)
        tell(.closed(window, number: index + 1))
    }

    private func tell(_ change: WindowsChange<Places>) {
        for each in observers { each.observer?.windows(self, did: change) }
    }
}

/// The most windows a session has at once, unless its app sets another limit.
public let windowLimit = 1_000

/// A change to a session's windows.
@MainActor
public enum WindowsChange<Places: AppPlaces> {
    /// `window` opened (empty: its host fills it next).
    case opened(Window<Places>)
    /// `window` is in front now; `previous` was.
    case broughtForward(Window<Places>, previous: Window<Places>)
    /// `window` closed; it is empty, and no longer among the windows. `number` is the one it had.
    case closed(Window<Places>, number: Int)
}

/// Hears windows open, come forward and close: a front that draws the window in front.
@MainActor
public protocol WindowsObserver<Places>: AnyObject {
    associatedtype Places: AppPlaces
    func windows(_ windows: Windows<Places>, did change: WindowsChange<Places>)
}
