import FrontPacing
import Navigation

/// A front that takes time, as UIKit does, on a virtual clock: it records every change a
/// `Display` hands it, plays each for its animation's duration, and checks UIKit's documented
/// rules as it goes:
/// - no change to a stack while it animates, and no present while a presentation or dismissal is
///   in flight (one change at a time, here);
/// - a stack is changed from what it shows (a change never assumes screens it does not have);
/// - only what is presented is dismissed, and a modal is presented over the top-most one;
/// - a tab is switched only with no modal over the tabs.
/// What it shows changes when a change is done, as a navigation controller's does.
@MainActor
public final class RecordingFront: PacedFront {
    /// A modal as this front shows it: a serial number, so two modals of the same title are
    /// two containers.
    struct Modal {
        let number: Int
        var stack: [String]
    }

    public private(set) var now: Duration = .zero
    /// Every rule broken, in words.
    public private(set) var violations: [String] = []
    /// Every change, as "0.250 push root 0: Friends > Chat @bob (250 ms)".
    public private(set) var log: [String] = []
    /// How many changes each container had since `startCounting()`: "root 0", "modal 3".
    public private(set) var changesPerContainer: [String: Int] = [:]
    private var roots: [(name: String?, stack: [String])] = []
    private var selected = 0
    private var modals: [Modal] = []
    private var modalsPresented = 0
    private var animating: (change: DisplayChange, until: Duration, done: @MainActor () -> Void)?
    private var showing = false

    public init() {}

    /// What it shows, as titles.
    public var titles: NavigationState<String> {
        NavigationState(
            tabs: roots.map { NavigationState<String>.Tab(name: $0.name ?? "", stack: $0.stack) }, selected: selected,
            modals: modals.map(\.stack))
    }

    /// Whether a change is animating.
    public var isAnimating: Bool { animating != nil }

    public func show(_ change: DisplayChange, done: @escaping @MainActor () -> Void) {
        // An instant change's `done` is called from within `show`: the next change must wait for
        // `show` to return, as UIKit's completion comes after the call that asked for it.
        if showing { violations.append("\(describe(change)) from within the show before it") }
        showing = true
        defer { showing = false }
        if let animating {
            violations.append("\(describe(change)) while \(describe(animating.change)) animates")
            // UIKit would drop one or break the stack; here the one before ends first.
            self.animating = nil
            apply(animating.change)
            animating.done()
        }
        check(change)
        log.append("\(Self.seconds(now)) \(describe(change)) (\(Self.milliseconds(change.animation.duration)))")
        if change.animation.isInstant {
            apply(change)
            done()
        } else {
            animating = (change, now + change.animation.duration, done)
        }
    }

    public func finishAnimating() {
        guard let (change, _, done) = animating else { return }
        animating = nil
        log.append("\(Self.seconds(now)) cut short")
        apply(change)
        done()
    }

    /// Moves the clock on until nothing animates, finishing each animation when it is due.
    /// - Returns: how long that took.
    @discardableResult
    public func runAnimations() -> Duration {
        let start = now
        while let (change, until, done) = animating {
            now = max(now, until)
            animating = nil
            apply(change)
            done()
        }
        return now - start
    }

    /// Moves the clock on by `duration`, finishing what is due by then.
    public func advance(by duration: Duration) {
        let end = now + duration
        while let (change, until, done) = animating, until <= end {
            now = until
            animating = nil
            apply(change)
            done()
        }
        now = end
    }

    /// The user took the screen on top away by a gesture the front drives (a swipe back, a sheet
    /// pulled down): the front shows it gone without being handed a change, as UIKit does.
    public func gestureRemovedTop() {
        if let last = modals.indices.last {
            if modals[last].stack.count > 1 { modals[last].stack.removeLast() } else { modals.removeLast() }
        } else if roots.indices.contains(selected), roots[selected].stack.count > 1 {
            roots[selected].stack.removeLast()
        }
    }

    /// Starts counting the changes per container afresh: one plan's.
    public func startCounting() {
        changesPerContainer = [:]
    }

    // MARK: - The rules

    private func check(_ change: DisplayChange) {
        switch change.kind {
        case .replaceRoot:
            break
        case .setStack(.root(let index), let from, _):
            guard roots.indices.contains(index) else { return violations.append("no root stack \(index)") }
            if roots[index].stack != from.map(\.title) {
                violations.append("root \(index) changed from \(from.map(\.title)), but it shows \(roots[index].stack)")
            }
        case .setStack(.modal(let index), let from, _):
            guard modals.indices.contains(index) else { return violations.append("no modal \(index) to change") }
            if modals[index].stack != from.map(\.title) {
                violations.append(
                    "modal \(index) changed from \(from.map(\.title)), but it shows \(modals[index].stack)")
            }
        case .selectTab(let index, _):
            if !modals.isEmpty { violations.append("tab \(index) selected under \(modals.count) modal(s)") }
            if !roots.indices.contains(index) { violations.append("no tab \(index)") }
        case .present(let index, _):
            if index != modals.count { violations.append("present as modal \(index) over \(modals.count) modal(s)") }
        case .dismiss(let index, let stacks):
            if !modals.indices.contains(index) { return violations.append("dismiss modal \(index): not presented") }
            if Array(modals[index...].map(\.stack)) != stacks.map({ $0.map(\.title) }) {
                violations.append("dismiss of modals it does not show: \(stacks.map { $0.map(\.title) })")
            }
        }
    }

    private func apply(_ change: DisplayChange) {
        switch change.kind {
        case .replaceRoot(let newRoots, let newSelected):
            roots = newRoots.map { ($0.name, $0.stack.map(\.title)) }
            selected = newSelected
            modals = []
            count("root")
        case .setStack(.root(let index), _, let to):
            guard roots.indices.contains(index) else { return }
            roots[index].stack = to.map(\.title)
            count("root \(index)")
        case .setStack(.modal(let index), _, let to):
            guard modals.indices.contains(index) else { return }
            modals[index].stack = to.map(\.title)
            count("modal \(modals[index].number)")
        case .selectTab(let index, _):
            selected = index
            count("tabs")
        case .present(_, let stack):
            modalsPresented += 1
            modals.append(Modal(number: modalsPresented, stack: stack.map(\.title)))
            count("modal \(modalsPresented)")
        case .dismiss(let index, _):
            guard modals.indices.contains(index) else { return }
            for modal in modals[index...] { count("modal \(modal.number)") }
            modals.removeSubrange(index...)
        }
    }

    private func count(_ container: String) {
        changesPerContainer[container, default: 0] += 1
    }

    private func describe(_ change: DisplayChange) -> String {
        switch change.kind {
        case .replaceRoot(let roots, _): "replace root: \(roots.map { $0.stack.map(\.title) })"
        case .setStack(let container, _, let to): "set \(container): \(to.map(\.title).joined(separator: " > "))"
        case .selectTab(_, let name): "select \(name ?? "?")"
        case .present(let index, let stack): "present \(index): \(stack.map(\.title).joined(separator: " > "))"
        case .dismiss(let index, _): "dismiss from \(index)"
        }
    }

    static func seconds(_ duration: Duration) -> String {
        let milliseconds = Int(duration / .milliseconds(1))
        let fraction = String(milliseconds % 1000)
        return "\(milliseconds / 1000).\(String(repeating: "0", count: 3 - fraction.count))\(fraction)"
    }

    static func milliseconds(_ duration: Duration) -> String { "\(Int(duration / .milliseconds(1))) ms" }
}
