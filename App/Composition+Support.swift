import Console
import Domain
import Navigation
import NavigationGraph

/// What the navigation graph finds wrong with the composition, one line a problem naming the
/// feature and the fix: App does not start.
struct CompositionProblems: Error {
    let lines: [String]

    init(_ lines: [String]) {
        self.lines = lines
    }
}

/// The console as the features' prompt, held weakly: the services are in every place's
/// declaration, which the console reaches through its links, so a strong reference back would
/// keep the whole app alive after its session.
@MainActor
final class ConsolePrompt: UserPrompt {
    private weak var console: ConsoleFront?

    init(_ console: ConsoleFront) {
        self.console = console
    }

    func confirm(_ question: String) async -> Bool { await console?.confirm(question) ?? false }

    func secret(_ label: String) async -> String? { await console?.secret(label) }
}

extension Waypoint {
    /// The links of the first window, over `kinds` checked by the navigation graph first: a
    /// broken composition does not start.
    /// - Throws: `CompositionProblems`, one line a problem, naming the feature and the fix.
    static func checkedLinks(of kinds: [PlaceKind], window: Window) throws(CompositionProblems) -> (
        LinkNavigator, NavigationGraph
    ) {
        let graph = NavigationGraph(scheme: scheme, kinds: kinds)
        guard graph.problems.isEmpty else { throw CompositionProblems(graph.problems.map(\.description)) }
        do {
            let links = try LinkNavigator(scheme: scheme, hosts: hosts, kinds: kinds, window: window)
            return (links, graph)
        } catch {
            throw CompositionProblems(["App: \(error)"])
        }
    }
}
