import LinkMatching
import Navigation

/// A composition's navigation graph: every kind of place the features declare, and every edge a
/// screen's actions follow (a screen, an action, the kind of place it opens, the route method).
///
/// It is read from the declarations alone, before any window opens: walking from the gate and
/// each tab's first screen, each place's table of offers (`Offer`) gives its routes, with the
/// examples the parameters give (`LinkParameter.example`) for an action that takes a value; each
/// place a route names is walked in turn. No router or screen is made. What the walk
/// finds wrong is in `problems` (`NavigationGraph+Problems.swift`).
@MainActor
public struct NavigationGraph {
    /// A kind of place, as the graph prints it.
    public struct Node: Hashable, Sendable, Codable {
        /// Its link pattern: `chat/<user>`.
        public let pattern: String
        /// The module that declares it: `Chat`.
        public let feature: String
        /// Its typed parameters, in the order the link names them.
        public let parameters: [Parameter]
        /// The query items a link may name after it: `message=<int>`.
        public let query: [String]
        /// `guarded` (only once the gate is passed) or `unguarded` (only before).
        public let access: String
        /// `gate`, `tab` or `opened`.
        public let role: String
        /// How its screen loads; `nil` for one built at once, or by the flow that opens it.
        public let policy: Policy?
        /// Whether its places take their value from the place before them (`chat/bob/pick-friend`).
        public let takesContext: Bool
        /// The type of what its places answer the screen that opened them (`UserID`); `nil` for a
        /// place that answers nothing.
        public let answers: String?
        /// The rules on data its places need (`friendship`), checked again when the data changes.
        public let rules: [String]
    }

    /// A typed parameter of a kind: its name and its value's type.
    public struct Parameter: Hashable, Sendable, Codable {
        public let name: String
        public let type: String
    }

    /// A load policy's numbers, in seconds.
    public struct Policy: Hashable, Sendable, Codable {
        public let timeout: Double?
        public let retries: Int
        public let backoff: Double?
        public let placeholderAfter: Double?
        /// `newest` or `first`: which load wins when a second comes.
        public let wins: String
    }

    /// What one action of a screen opens.
    public struct Edge: Hashable, Sendable, Codable {
        /// The pattern of the screen's place: `friends`.
        public let from: String
        /// The action's word: `message`.
        public let action: String
        /// The type of the value the action takes (`UserID`: which friend); `nil` for none.
        public let argument: String?
        /// The pattern of the place it opens: `chat/<user>`.
        public let to: String
        /// The route method it follows: `openChat(with:)`.
        public let method: String

        public init(from: String, action: String, argument: String?, to: String, method: String) {
            self.from = from
            self.action = action
            self.argument = argument
            self.to = to
            self.method = method
        }
    }

    /// The links' scheme: `waypoint`.
    public let scheme: String
    /// Every kind, in the order the features declare them.
    public let nodes: [Node]
    /// Every edge, in the order the walk finds them.
    public let edges: [Edge]
    /// The patterns of the kinds the walk reaches from the gate and the tabs.
    public let reached: Set<String>
    /// What is wrong with the composition, one problem a line.
    public let problems: [Problem]

    /// The graph of `kinds`, as a navigator of `scheme` reads them.
    /// - Parameters:
    ///   - scheme: the links' scheme: `waypoint`.
    ///   - kinds: the kinds of places the features declare, in their order.
    ///   - requiresGate: whether the host opens links (`LinkNavigator`), which wait behind one
    ///     gate: a host that only opens its tabs (`Scripts/ChatDemo`) needs none.
    public init(scheme: String, kinds: [PlaceKind], requiresGate: Bool = true) {
        self.scheme = scheme
        nodes = kinds.map(Self.node)
        var walk = Walk(scheme: scheme, kinds: kinds, keepsEdges: true)
        walk.run()
        edges = walk.edges
        reached = walk.reached
        problems = Self.problems(kinds, requiresGate: requiresGate, after: walk)
    }

    /// What is wrong with the composition of `kinds`: the graph's `problems`, found by the same
    /// walk, with no node or edge kept to print. What a launch checks.
    /// - Parameters: as for `init(scheme:kinds:requiresGate:)`.
    public static func problems(scheme: String, kinds: [PlaceKind], requiresGate: Bool = true) -> [Problem] {
        var walk = Walk(scheme: scheme, kinds: kinds, keepsEdges: false)
        walk.run()
        return problems(kinds, requiresGate: requiresGate, after: walk)
    }

    private static func problems(_ kinds: [PlaceKind], requiresGate: Bool, after walk: Walk) -> [Problem] {
        // The set of the patterns reached is made only when a kind was not.
        declarationProblems(kinds, requiresGate: requiresGate) + walk.problems
            + (walk.isReached.contains(false) ? unreached(kinds, reached: walk.reached) : [])
    }

    private static func node(_ kind: PlaceKind) -> Node {
        let role =
            switch kind.role {
            case .gate: "gate"
            case .tab: "tab"
            case .opened: "opened"
            }
        return Node(
            pattern: kind.pattern, feature: kind.feature,
            parameters: kind.parameters.map { Parameter(name: $0.name, type: typeName($0.valueType)) },
            query: kind.query.map(\.pattern), access: kind.access == .guarded ? "guarded" : "unguarded", role: role,
            policy: kind.policy.map(policy), takesContext: kind.takesContext, answers: kind.answers.map(typeName),
            rules: kind.rules.map(\.name))
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

    /// A type's name without its module: `UserID`.
    static func typeName(_ type: any Any.Type) -> String {
        // The runtime's name, with no look for a description the type gives: that look scans
        // every conformance of the program, a fifth of start-up the first time.
        _typeName(type, qualified: false)
    }
}

/// The walk from the gate and the tabs: each place reached asks its screen's offers for their
/// routes, and each place a route names is walked in turn, once per kind.
@MainActor
private struct Walk {
    let scheme: String
    let kinds: [PlaceKind]
    let catalog: PlaceCatalog
    /// A value of each type a parameter gives an example of, by type, for actions that take any.
    let examples: [ObjectIdentifier: any Sendable]
    /// Whether it keeps the edges it follows, for a graph to print: a check needs the places alone.
    let keepsEdges: Bool
    var edges: [NavigationGraph.Edge] = []
    var problems: [Problem] = []
    /// Whether each kind, by its index, was walked: each is walked once, from its first place.
    private(set) var isReached: [Bool]
    /// The patterns of the kinds walked.
    var reached: Set<String> { Set(kinds.indices.filter { isReached[$0] }.map { kinds[$0].pattern }) }

    init(scheme: String, kinds: [PlaceKind], keepsEdges: Bool) {
        self.scheme = scheme
        self.keepsEdges = keepsEdges
        self.kinds = kinds
        catalog = PlaceCatalog(kinds)
        var examples: [ObjectIdentifier: any Sendable] = [:]
        for parameter in kinds.flatMap(\.parameters) where examples[ObjectIdentifier(parameter.valueType)] == nil {
            examples[ObjectIdentifier(parameter.valueType)] = parameter.exampleValue
        }
        // A kind of several parameters has a value of its own type (`(Int, Int)`): its
        // parameters' examples read together, after an example of the place before it.
        for kind in kinds where kind.parameters.count > 1 {
            let texts = kind.parameters.compactMap(\.example)
            guard texts.count == kind.parameters.count else { continue }
            for context in [nil] + Array(examples.values) {
                guard let place = kind.place(parameters: texts, context: context), let value = kind.value(of: place)
                else { continue }
                examples[ObjectIdentifier(type(of: value))] = value
                break
            }
        }
        self.examples = examples
        isReached = Array(repeating: false, count: kinds.count)
    }

    mutating func run() {
        // Each place with the index of its kind, found when it is queued, and where in the queue
        // the place before it is (-1 for none): a place is kept once, not again in each it opens.
        var queue: [(place: AnyPlace, index: Int, before: Int)] = []
        for kind in kinds {
            switch kind.role {
            case .gate, .tab:
                if let place = kind.place() {
                    if let index = catalog.index(of: place) { queue.append((place, index, -1)) }
                } else if kind.tab != nil {
                    problems.append(
                        Problem(
                            feature: kind.feature,
                            text: "the tab \(kind.path) has no first screen: a tab's place takes no parameter; "
                                + "declare it with a path alone"))
                }
            case .opened: break
            }
        }
        var next = 0
        while next < queue.count {
            let (place, index, before) = queue[next]
            let position = next
            next += 1
            guard !isReached[index] else { continue }
            isReached[index] = true
            let kind = kinds[index]
            checkRoundTrip(place, of: kind, after: before < 0 ? nil : (queue[before].place, kinds[queue[before].index]))
            checkRules(of: place, kind: kind)
            // A kind is walked once, so an edge can repeat only among this place's own offers, and
            // only with an action named twice: the others are compared by their action's name alone.
            let first = edges.count
            var actions: Set<String> = []
            for (action, argument, route) in offers(at: place, of: kind) {
                guard let target = route.place else { continue }
                guard let targetIndex = catalog.index(of: target) else {
                    problems.append(
                        Problem(
                            feature: kind.feature,
                            text: "the action \(action) of \(kind.pattern) opens \(target.title) (\(route.method)), "
                                + "which no feature declares; add its feature to the app's list"))
                    continue
                }
                if keepsEdges {
                    let edge = NavigationGraph.Edge(
                        from: kind.pattern, action: action, argument: argument.map(NavigationGraph.typeName),
                        to: kinds[targetIndex].pattern,
                        method: route.method)
                    if actions.insert(action).inserted || !edges[first...].contains(edge) { edges.append(edge) }
                }
                queue.append((target, targetIndex, position))
            }
        }
    }

    /// The routes the screen of `place` offers, from its table: an action that takes a value
    /// follows its route toward the example of that value's type.
    private func offers(at place: AnyPlace, of kind: PlaceKind) -> [(String, Any.Type?, Route)] {
        kind.offers(at: place).compactMap { offer in
            let value = offer.argument.flatMap { examples[ObjectIdentifier($0)] }
            return offer.route(toward: value).map { (offer.action, offer.argument, $0) }
        }
    }

    /// Each rule of `kind` must read a value its places carry: a rule that reads none names no
    /// place, and would refuse every one.
    private mutating func checkRules(of place: AnyPlace, kind: PlaceKind) {
        let value = kind.value(of: place)
        for rule in kind.rules where value.map({ ObjectIdentifier(type(of: $0)) }) != ObjectIdentifier(rule.subject) {
            problems.append(
                Problem(
                    feature: kind.feature,
                    text: "the rule \(rule.name) of \(kind.pattern) reads a \(NavigationGraph.typeName(rule.subject)), "
                        + "which its places do not carry, so it names no place; declare it on a kind whose places do"))
        }
    }

    /// `place`'s link, printed by its kind, must be a link, and read back as `place`.
    private mutating func checkRoundTrip(
        _ place: AnyPlace, of kind: PlaceKind, after before: (place: AnyPlace, kind: PlaceKind)?
    ) {
        guard let path = kind.path(of: place) else { return }
        let link: Link
        do throws(LinkError) {
            link = try Link(parsing: "\(scheme)://\(path)", scheme: scheme)
        } catch {
            problems.append(
                Problem(
                    feature: kind.feature,
                    text: "\(place.title) prints the link \(path), which the link grammar refuses (\(error)); use "
                        + "letters, digits, -, ., _ and ~ in its path and parameters"))
            return
        }
        // The link's segments after the kind's constant ones (`chat`), as a link is read.
        // A loop, not `reduce`: an isolated closure passed to it checks its actor on every byte.
        var constants = 1
        for byte in kind.path.utf8 where byte == UInt8(ascii: "/") { constants += 1 }
        let texts = Array(link.path.dropFirst(constants))
        let context = before.flatMap { $0.kind.value(of: $0.place) }
        let read = kind.place(parameters: texts, context: context)
        guard read != place else { return }
        problems.append(
            Problem(
                feature: kind.feature,
                text: "\(place.title) prints the link \(path), which reads back as "
                    + "\(read?.title ?? "nothing"); make its parameters print what they parse"))
    }
}
