import Navigation

/// A composition's navigation graph, as the core's declarations read it when the app starts
/// (`Declarations`): every kind of place, walked from the gate and each tab's first place along
/// what each screen offers, and every edge (a screen, an action, the kind of place it opens, the
/// route method), as values a person or a tool reads (`printed(as:)`). No router or screen is
/// made. What the walk finds wrong is in `problems`: an app with any does not start.
@MainActor
public struct NavigationGraph {
    /// A kind of place, as the graph prints it.
    public struct Node: Hashable, Sendable {
        /// Its link pattern: `chat/<user>`.
        public let pattern: String
        /// The feature that declares it: `Chat`.
        public let feature: String
        /// Its typed parameters, in the order the link names them.
        public let parameters: [Parameter]
        /// The query items a link may name after it: `message=<int>`.
        public let query: [String]
        /// `guarded` (only once the gate is passed) or `unguarded` (only before).
        public let access: String
        /// `gate`, `tab` or `opened`.
        public let role: String
        /// How its screen loads; `nil` for one built at once.
        public let policy: Policy?
        /// Whether its places answer the screen that opened them (a picker).
        public let answers: Bool
        /// The rules on data its places need (`friendship`), checked again when the data changes.
        public let rules: [String]
    }

    /// A typed parameter of a kind: its name and its value's type.
    public struct Parameter: Hashable, Sendable {
        public let name: String
        public let type: String
    }

    /// A load policy's numbers, in seconds.
    public struct Policy: Hashable, Sendable {
        public let timeout: Double?
        public let retries: Int
        public let backoff: Double?
        public let placeholderAfter: Double?
        /// `newest` or `first`: which load wins when a second comes.
        public let wins: String
    }

    /// What one action of a screen opens.
    public struct Edge: Hashable, Sendable {
        /// The pattern of the screen's place: `friends`.
        public let from: String
        /// The action's word: `message`.
        public let action: String
        /// The names of the parameters the action takes (`user`: which friend); empty for none.
        public let argument: [String]
        /// The pattern of the place it opens: `chat/<user>`.
        public let to: String
        /// The route method it follows: `openChat(with:)`.
        public let method: String
    }

    /// The links' scheme: `waypoint`.
    public let scheme: String
    /// Every kind, in the order the walk found them: the gate's first, then the tabs'.
    public let nodes: [Node]
    /// Every edge, in the order the walk found them.
    public let edges: [Edge]
    /// What is wrong with the composition, one line a problem naming the feature and the fix.
    public let problems: [String]

    /// The graph of the app's places, as `declarations` read them.
    public init<Places>(_ declarations: Declarations<Places>) {
        scheme = declarations.scheme
        let kinds = declarations.kinds
        nodes = kinds.map { kind in
            let facts = kind.facts
            return Node(
                pattern: facts.pattern, feature: kind.feature,
                parameters: facts.link.types.map { Parameter(name: $0.name, type: $0.typeName) },
                query: facts.query.map(\.pattern), access: facts.access == .guarded ? "guarded" : "unguarded",
                role: kind.role.rawValue, policy: facts.policy.map(Self.policy), answers: facts.answers,
                rules: kind.rules)
        }
        edges = declarations.edges.map { edge in
            Edge(
                from: kinds[edge.from].facts.pattern, action: edge.action, argument: edge.argument,
                to: kinds[edge.to].facts.pattern, method: edge.method)
        }
        problems = declarations.problems
    }

    private static func policy(_ policy: LoadPolicy) -> Policy {
        Policy(
            timeout: policy.timeout.map(seconds), retries: policy.retry?.attempts ?? 0,
            backoff: policy.retry.map { seconds($0.backoff) }, placeholderAfter: policy.placeholderAfter.map(seconds),
            wins: policy.competition == .firstWins ? "first" : "newest")
    }

    static func seconds(_ duration: Duration) -> Double {
        Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
    }
}
