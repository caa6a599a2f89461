import Navigation

/// The window as a front whose changes take time shows it, kept in step with the window: what
/// is on display, and the one change the front is animating.
///
/// The window changes at once; the display hands its front the difference, **one change per
/// container** (the whole new stack at once, as UIKit's `setViewControllers` does; modals
/// dismissed and presented in order), and **never a change while another animates**. So:
/// - a link's plan, run in one batch (`Window.batch(cause:_:)`), is shown once it settles: a link of
///   five steps takes about one animation's time, not five;
/// - no push or pop reaches a stack while it animates, no present while a presentation or a
///   dismissal is in flight, only what is presented is dismissed, and a tab is switched only
///   with no modal over the tabs: UIKit's rules, which a recording front in the tests checks;
/// - **a navigation asked for while a change animates** makes the front finish that animation
///   at once (it jumps to its end), and then the display plays one change per container from
///   what is shown to the window's new state. Input is never held back: the window has already
///   changed when the animation is cut short. The events of one change (a new root tells each
///   screen that left and each that arrived) are that one change, and cut nothing short;
/// - while the front drives a going-back gesture, the display hands it nothing; a finished
///   gesture is what the front shows already, and a cancelled one changed nothing.
@MainActor
public final class Display<Places: AppPlaces>: NavigationObserver {
    private weak var window: Window<Places>?
    private let front: any PacedFront
    /// What the front shows once the change in flight is done.
    public private(set) var shown = DisplayState()
    /// The change the front animates now.
    public private(set) var inFlight: DisplayChange?
    /// How many changes the front was handed: a test counts them.
    public private(set) var changesHanded = 0
    /// The state the change in flight leads to.
    private var pending: DisplayState?
    /// What the window showed when the change in flight was handed. One change of the window can
    /// tell several events (a new root: each screen that left, each that arrived); those that
    /// find it still so are that change's, and do not cut its animation short.
    private var handedFor: DisplayState?
    /// Whether a flush is running: a front that calls `done` from within `show` does not start
    /// another.
    private var flushing = false

    /// Observes `window` and shows what it shows now through `front`.
    public init(window: Window<Places>, front: any PacedFront) {
        self.window = window
        self.front = front
        window.addObserver(self)
        flush()
    }

    /// Whether the display shows the window's state, with nothing in flight.
    public var isSettled: Bool {
        guard let window, inFlight == nil else { return false }
        return next(from: shown, to: DisplayState(window)) == nil
    }

    public func window(_ window: Window<Places>, did event: NavigationEvent) {
        switch event {
        case .arrived(let screen, _) where screen is PlaceholderScreen:
            // A placeholder means a wait: what the batch changed so far is shown now, with it.
            moveOn()
        case .arrived, .left, .tabSelected:
            // Within a batch the changes wait for it to settle (and during a gesture, `flush`
            // waits for its end: the gesture began by finishing what animated).
            guard window.underWay.batches == 0 else { return }
            moveOn()
        case .settled:
            moveOn()
        case .backGesture(let screen, .finished):
            // The front shows the removal already: take it as shown, then show what else changed.
            adoptGestureResult(removing: screen)
            moveOn()
        case .backGesture(_, .cancelled):
            moveOn()
        case .backGesture(_, .began):
            // The gesture takes over the front: what animated runs to its end first.
            if inFlight != nil { front.finishAnimating() }
        case .delivered:
            // The screen shows what it was given: the front draws its content as it is.
            break
        case .backGestureRefused, .loadStarted, .loadFinished, .loadFailed, .loadRetrying, .loadFellBack, .loadRefused,
            .loadShowsPlaceholder,
            .loadSuperseded, .loadStopped, .awaitingReply, .replied:
            break
        }
    }

    /// The window changed: cut an animation in flight short, then show the rest.
    private func moveOn() {
        if inFlight != nil, let window, handedFor?.isSame(as: DisplayState(window)) != true {
            front.finishAnimating()
        }
        flush()
    }

    /// Hands the front the next change while the display is behind the window and nothing is in
    /// flight.
    private func flush() {
        guard !flushing else { return }
        flushing = true
        defer { flushing = false }
        while inFlight == nil, let window, window.backGestureUnderWay == nil {
            let target = DisplayState(window)
            guard let (change, after) = next(from: shown, to: target) else { return }
            inFlight = change
            pending = after
            handedFor = target
            changesHanded += 1
            front.show(change) { [weak self] in self?.done() }
        }
    }

    /// The front finished the change in flight.
    private func done() {
        guard let pending else { return }
        shown = pending
        (self.pending, handedFor, inFlight) = (nil, nil, nil)
        flush()
    }

    /// After a finished gesture, the front shows `screen` gone already: a modal's first screen
    /// with its modal and those above it, or the top screen of its stack.
    private func adoptGestureResult(removing screen: any Screen) {
        if let modal = shown.modals.firstIndex(where: { $0.first?.screen === screen }) {
            shown.modals.removeSubrange(modal...)
            return
        }
        for index in shown.modals.indices {
            if let at = shown.modals[index].firstIndex(where: { $0.screen === screen }) {
                shown.modals[index].removeSubrange(at...)
                shown.modals.removeSubrange((index + 1)...)
                return
            }
        }
        for index in shown.roots.indices {
            if let at = shown.roots[index].stack.firstIndex(where: { $0.screen === screen }) {
                shown.roots[index].stack.removeSubrange(at...)
                return
            }
        }
    }

    // MARK: - The next change

    /// The first change, in the order the rules allow, that brings `shown` nearer to `target`,
    /// with the state it leads to; `nil` when there is none.
    private func next(from shown: DisplayState, to target: DisplayState) -> (DisplayChange, DisplayState)? {
        var after = shown
        // A new root replaces everything at once, modals included.
        if shown.roots.count != target.roots.count
            || zip(shown.roots, target.roots).contains(where: { old, new in
                old.name != new.name || !(old.stack.first.map { new.stack.first?.isSame(as: $0) == true } ?? false)
            })
        {
            after.roots = target.roots
            after.selected = target.selected
            after.modals = []
            let arriving =
                target.roots.indices.contains(target.selected) ? target.roots[target.selected].stack.last : nil
            return (
                DisplayChange(
                    kind: .replaceRoot(roots: target.roots, selected: target.selected),
                    animation: arriving?.animator.animation(isPresenting: true) ?? .none, isPresenting: true), after
            )
        }
        // The modals that stay: the longest run, from the bottom, of the same modals. A tab
        // switch needs every modal gone first.
        var kept = 0
        while kept < shown.modals.count, kept < target.modals.count,
            let new = target.modals[kept].first, shown.modals[kept].first.map(new.isSame) == true
        {
            kept += 1
        }
        if shown.selected != target.selected { kept = 0 }
        if shown.modals.count > kept {
            let leaving = Array(shown.modals[kept...])
            after.modals.removeSubrange(kept...)
            let top = leaving.last?.first
            return (
                DisplayChange(
                    kind: .dismiss(from: kept, stacks: leaving),
                    animation: top?.animator.animation(isPresenting: false) ?? .none, isPresenting: false), after
            )
        }
        if shown.selected != target.selected {
            after.selected = target.selected
            return (
                DisplayChange(
                    kind: .selectTab(target.selected, name: target.roots[target.selected].name), animation: .none,
                    isPresenting: true), after
            )
        }
        // Each stack of the root, the one shown first; the others change at once, unseen.
        let order = ([shown.selected] + shown.roots.indices.filter { $0 != shown.selected }).filter {
            shown.roots.indices.contains($0)
        }
        for index in order where !same(shown.roots[index].stack, target.roots[index].stack) {
            after.roots[index].stack = target.roots[index].stack
            let (animation, presenting) =
                index == shown.selected && shown.modals.isEmpty
                ? Self.animation(from: shown.roots[index].stack, to: target.roots[index].stack) : (.none, true)
            return (
                DisplayChange(
                    kind: .setStack(.root(index), from: shown.roots[index].stack, to: target.roots[index].stack),
                    animation: animation, isPresenting: presenting), after
            )
        }
        for index in 0..<kept where !same(shown.modals[index], target.modals[index]) {
            after.modals[index] = target.modals[index]
            let (animation, presenting) =
                index == kept - 1 ? Self.animation(from: shown.modals[index], to: target.modals[index]) : (.none, true)
            return (
                DisplayChange(
                    kind: .setStack(.modal(index), from: shown.modals[index], to: target.modals[index]),
                    animation: animation, isPresenting: presenting), after
            )
        }
        if target.modals.count > shown.modals.count {
            let index = shown.modals.count
            let stack = target.modals[index]
            after.modals.append(stack)
            return (
                DisplayChange(
                    kind: .present(index: index, stack: stack),
                    animation: stack.first?.animator.animation(isPresenting: true) ?? .none, isPresenting: true),
                after
            )
        }
        return nil
    }

    /// How a stack changing from `old` to `new` animates: as the new top arriving when it was not
    /// in the stack (a push), as the old top leaving otherwise (a pop), at once when the top
    /// stays or takes the place of its placeholder.
    private static func animation(from old: [Shown], to new: [Shown]) -> (Animation, Bool) {
        guard let newTop = new.last else { return (.none, false) }
        if let oldTop = old.last, oldTop.isSame(as: newTop) { return (.none, true) }
        // The screen a placeholder stood in for takes its place at once: it arrived with it.
        if old.count == new.count, old.last?.screen is PlaceholderScreen { return (.none, true) }
        if !old.contains(where: { $0.isSame(as: newTop) }) {
            return (newTop.animator.animation(isPresenting: true), true)
        }
        return (old.last?.animator.animation(isPresenting: false) ?? .none, false)
    }
}

extension DisplayState {
    /// What `window` shows now.
    init<Places>(_ window: Window<Places>) {
        roots = window.state.screens.roots.map { root in
            Root(
                name: root.name,
                stack: root.stack.entries.map { Shown($0.screen, animator: $0.animator) })
        }
        selected = window.state.screens.selected
        modals = window.state.screens.modals.map { stack in
            stack.entries.map { Shown($0.screen, animator: $0.animator) }
        }
    }

    /// Whether `other` shows the very same screens, in the same places.
    fileprivate func isSame(as other: DisplayState) -> Bool {
        selected == other.selected && roots.count == other.roots.count && modals.count == other.modals.count
            && zip(roots, other.roots).allSatisfy { $0.name == $1.name && same($0.stack, $1.stack) }
            && zip(modals, other.modals).allSatisfy { same($0, $1) }
    }
}

/// Whether two stacks hold the very same screens, in order.
@MainActor
private func same(_ old: [Shown], _ new: [Shown]) -> Bool {
    old.count == new.count && zip(old, new).allSatisfy { $0.isSame(as: $1) }
}
