import Console
import Navigation
import NavigationGraph

extension ScreenFront {
    /// Where the screen on top is on the navigation graph (the `?` key): its place and kind,
    /// its link, what each of its actions opens, and which of the kind's edges this screen does
    /// not offer now; an action that opens no place acts on the screen itself (and says so when
    /// going back would not undo it).
    func whereOnGraph() -> [String] {
        guard let top = window.state.screens.topScreen else { return ["graph: nothing is on display"] }
        let declarations = window.declarations
        guard let place = window.state.place(of: top), let kind = declarations.kind(of: place) else {
            return ["graph: \(top.title) stands in for a screen that loads: it is no place of the graph"]
        }
        // The declarations do not change while the app runs: the graph is made once.
        let graph = self.graph ?? NavigationGraph(declarations)
        self.graph = graph
        let pattern = kind.facts.pattern
        var lines = ["graph: \(top.title) is \(pattern) (\(kind.feature)), \(window.currentLink)"]
        let offered = (top.content.actions + window.contributed(to: top)).map(\.name)
        let edges = graph.edges.filter { $0.from == pattern }
        for edge in edges {
            let action = edge.argument.reduce(edge.action) { $0 + " <" + $1 + ">" }
            lines.append(
                offered.contains(edge.action)
                    ? "· \(action) opens \(edge.to) (\(edge.method))"
                    : "· \(action) would open \(edge.to): refused here, \(top.title) does not offer it now")
        }
        for name in offered where !edges.contains(where: { $0.action == name }) {
            lines.append(
                top.isDestructive(name)
                    ? "· \(name) opens no place: it acts on this screen, and going back does not undo it (its key asks first)"
                    : "· \(name) opens no place: it acts on this screen")
        }
        return lines
    }
}
