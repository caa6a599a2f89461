import Navigation

/// A screen as a front that takes time shows it: held weakly (the window owns it), with what it
/// showed when the front was handed it, so a front can still draw it while it animates away.
@MainActor
public struct Shown {
    public private(set) weak var screen: (any Screen)?
    public let title: String
    /// What the screen showed when the change was handed over.
    public let content: ScreenContent
    /// How the transition that opened it animates it.
    public let animator: any Animator

    init(_ screen: any Screen, animator: any Animator) {
        self.screen = screen
        title = screen.title
        content = screen.content
        self.animator = animator
    }

    /// Whether it is `other`'s very screen, still alive: a released screen is nobody's.
    func isSame(as other: Shown) -> Bool {
        guard let screen, let theirs = other.screen else { return false }
        return screen === theirs
    }
}

/// What a front that takes time shows: the root's stacks (one, or a tab each), the tab selected,
/// and the modal stacks over them, bottom first.
@MainActor
public struct DisplayState {
    public struct Root {
        /// The tab's name; `nil` for a root that is one stack.
        public let name: String?
        public var stack: [Shown]
    }

    public var roots: [Root] = []
    public var selected = 0
    public var modals: [[Shown]] = []

    public init() {}

    /// The titles, as the window's are compared: what a test reads.
    public var titles: NavigationState<String> {
        NavigationState(
            tabs: roots.map { NavigationState<String>.Tab(name: $0.name ?? "", stack: $0.stack.map(\.title)) },
            selected: selected, modals: modals.map { $0.map(\.title) })
    }
}

/// One change a front that takes time is handed: to one container (a stack of the root, the
/// tabs, the modals), with how it animates. The display hands a front one change at a time, and
/// the next only once the front says it is done.
@MainActor
public struct DisplayChange {
    /// A stack of the display.
    public enum Container: Hashable, Sendable {
        /// The stack of the root at `index` (a tab, or the one root stack).
        case root(Int)
        /// The modal stack at `index`, 0 being the lowest.
        case modal(Int)
    }

    public enum Kind {
        /// A new root: its stacks, the tab selected; the old root and every modal go.
        case replaceRoot(roots: [DisplayState.Root], selected: Int)
        /// The stack of `container` becomes `to`, in one change (`setViewControllers`): a push or a
        /// pop of any number of screens, or both.
        case setStack(Container, from: [Shown], to: [Shown])
        /// The tab at `index` is shown; no modal is over the tabs.
        case selectTab(Int, name: String?)
        /// `stack` is presented over everything, as the modal at `index`.
        case present(index: Int, stack: [Shown])
        /// The modals from `index` up are dismissed, the top-most with them; they are `stacks`.
        case dismiss(from: Int, stacks: [[Shown]])
    }

    public let kind: Kind
    /// How it animates: the arriving screen's transition when `isPresenting`, the leaving one's
    /// reversed otherwise.
    public let animation: Animation
    public let isPresenting: Bool
}

/// A front whose changes take time: UIKit, the full-screen terminal. A `Display` hands it one
/// change at a time and never the next before it says the one before is done.
@MainActor
public protocol PacedFront: AnyObject {
    /// Shows `change`, animating it, and calls `done` once it shows the result (at once, for an
    /// instant animation; a front may call it before it returns).
    func show(_ change: DisplayChange, done: @escaping @MainActor () -> Void)
    /// The window moved on while a change animates: the front brings that animation to its end
    /// now, and calls its `done`.
    func finishAnimating()
}
