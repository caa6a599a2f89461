import Console
import Navigation
import NavigationGraph

extension ScreenFront {
    /// Where the screen on top is on the navigation graph (the `?` key): its place and kind,
    /// its link, what each of its actions opens, and which of the kind's edges this screen does
    /// not offer now; an action that opens no place acts on the screen itself.
    func whereOnGraph() -> [String] {
        guard let links = console?.links, let top = window.state.topScreen else {
            return ["graph: nothing is on display"]
        }
        guard let place = window.state.place(of: top), let kind = links.kind(of: place) else {
            return ["graph: \(top.title) is a step of a child flow, no place of the graph: it answers the screen below"]
        }
        // The declarations do not change while the app runs: the graph is made once.
        let graph = self.graph ?? NavigationGraph(scheme: links.scheme, kinds: links.kinds)
        self.graph = graph
        var lines = ["graph: \(top.title) is \(kind.pattern) (\(kind.feature)), \(links.currentLink ?? "no link")"]
        let offered = top.content.actions.map(\.name)
        let edges = graph.edges.filter { $0.from == kind.pattern }
        for edge in edges {
            let action = edge.action + (edge.argument.map { " <\($0)>" } ?? "")
            lines.append(
                offered.contains(edge.action)
                    ? "· \(action) opens \(edge.to) (\(edge.method))"
                    : "· \(action) would open \(edge.to): refused here, \(top.title) does not offer it now")
        }
        for name in offered where !edges.contains(where: { $0.action == name }) {
            lines.append("· \(name) opens no place: it acts on this screen")
        }
        return lines
    }
}
