/// The legal steps that take a window from the state it shows to a target: the places to see,
/// bottom first, and their tab (navigation as state, "from wherever the user is"). The plan keeps
/// the longest common prefix, closes the first screen after it (which takes everything above),
/// then opens the missing places one by one; when even the root differs, it replaces the root.
/// To reach another tab it closes the modals, switches, and plans in that tab's stack as it was.
public struct NavigationPlan<Item: Hashable & Sendable>: Hashable, Sendable {
    public enum Step: Hashable, Sendable {
        /// Make `place` the root: the one screen, or the first of the tab the target is in.
        case replaceRoot(Item)
        /// Show the tab `name`.
        case selectTab(String)
        /// Close the screen at `index` among those the user sees, with everything above it.
        case close(index: Int, place: Item)
        /// Open `place` from the screen on top, which shows `from`.
        case open(Item, from: Item)
    }

    public let steps: [Step]
    /// How many screens the user sees stay as they are.
    public let kept: Int

    /// The plan from `current` to `target`, the places to show, bottom first, in `tab` (`nil` for
    /// a root that is one stack).
    @inlinable
    public init(from current: NavigationState<Item>, to target: [Item], inTab tab: String? = nil) {
        var steps: [Step] = []
        var shown = current.path
        if let tab, current.isTabbed, current.selectedTab != tab, let stack = current.stack(ofTab: tab),
            stack.first.isSame(as: target.first)
        {
            if let modal = current.modals.first?.first {
                steps.append(.close(index: current.root.count, place: modal))
            }
            steps.append(.selectTab(tab))
            shown = stack
        }
        // Found in place, over `0..<count`: `prefix(while:)` of a zip would make an array of the
        // pairs, and an array's `indices` looks up its types where the items are not known.
        var kept = shown.count
        for index in 0..<shown.count where index == target.count || shown[index] != target[index] {
            kept = index
            break
        }
        var opensFrom = kept
        if kept == 0, let root = target.first {
            steps = [.replaceRoot(root)]
            opensFrom = 1
        } else if kept < shown.count {
            steps.append(.close(index: kept, place: shown[kept]))
        }
        for index in min(opensFrom, target.count)..<target.count {
            steps.append(.open(target[index], from: target[index - 1]))
        }
        self.steps = steps
        self.kept = kept
    }

    /// A plan between two single stacks of places.
    @inlinable
    public init(from current: [Item], to target: [Item]) {
        self.init(from: NavigationState(root: current), to: target)
    }
}
