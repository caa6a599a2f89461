import Console
import Domain
import Navigation
import NavigationGraph
import Restoration

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
    /// What lasts beyond a command, in `kept`: answers a place gave the screen that asked (a
    /// friend picked to share) are kept for the signed-in user until the effect they ask for
    /// consumes them, and the next sign-in after a relaunch gives back those never consumed;
    /// where the user is is kept each time a question opens or closes, not only at quit; and the
    /// rules of what the windows show are checked again whenever the data they read changes.
    func keeps(in kept: any AppStateStore) {
        console.dataVersion = { kept.dataVersion() }
        let session = services.session
        host.kept = kept
        host.keepAnswer = { asker, action, text in
            guard let user = session.user?.id else { return nil }
            return try? kept.keepAnswer(text, action: action, asker: asker, of: user)
        }
        restoration.answers = Restoration.KeptAnswers(
            load: { user in
                try kept.keptAnswers(of: UserID(user)).map {
                    KeptAnswer(asker: $0.asker, action: $0.action, text: $0.text, record: $0.id)
                }
            },
            drop: { try kept.dropAnswer($0) },
            keepQuestion: { asker, action, user in try kept.keepQuestion(asker: asker, action: action, of: UserID(user))
            },
            isKept: { try kept.question($0) != .gone })
        questions.console = console
    }

    /// The links of the first window, over `kinds` checked by the navigation graph first: a
    /// broken composition does not start.
    /// - Parameters:
    ///   - kinds: the features' places.
    ///   - window: the first window.
    ///   - keep: whether to keep the graph too, for a front that shows it (the screen's `?` key):
    ///     the console needs its problems alone, which the same walk finds.
    /// - Returns: the first window's links, and the graph if it was kept.
    /// - Throws: `CompositionProblems`, one line a problem, naming the feature and the fix.
    static func checkedLinks(of kinds: [PlaceKind], window: Window, graph keep: Bool) throws(CompositionProblems)
        -> (LinkNavigator, NavigationGraph?)
    {
        let graph = keep ? NavigationGraph(scheme: scheme, kinds: kinds) : nil
        let problems = graph?.problems ?? NavigationGraph.problems(scheme: scheme, kinds: kinds)
        guard problems.isEmpty else { throw CompositionProblems(problems.map(\.description)) }
        do {
            let links = try LinkNavigator(scheme: scheme, hosts: hosts, kinds: kinds, window: window)
            return (links, graph)
        } catch {
            throw CompositionProblems(["App: \(error)"])
        }
    }
}
