import LinkMatching

/// The app's places as the core reads them once, when the app starts: every kind of place, found
/// by walking from the gate and each tab's first place along what each screen offers (an action
/// that takes a value follows it with its parameters' examples), the edges between them, the
/// route table that reads links, and what is wrong with the composition (`problems`: the app
/// does not start then). No router or screen is made. Every window of the app shares it.
@MainActor
public final class Declarations<Places: AppPlaces> {
    public typealias Kind = PlaceKind
    public typealias Role = PlaceKind.Role
    public typealias Edge = PlaceKind.Edge

    /// What the features' places are checked and built with.
    public let environment: Places.Environment
    /// The links' scheme: `waypoint`.
    public let scheme: String
    /// The hosts whose `https://` links read as the scheme's.
    public let hosts: [String]
    /// Every kind, in the order the walk found them: the gate's first, then each tab's.
    public private(set) var kinds: [Kind] = []
    /// The first place of each kind the walk found, in `kinds`' order.
    public private(set) var samples: [Places] = []
    public private(set) var edges: [Edge] = []
    /// The indices in `edges` of the edges into each kind, in `kinds`' order: what following a
    /// link's part reads, so that its cost does not grow with the app's features.
    private var entering: [[Int]] = []
    /// The tabs, in order: each one's name (its first place's link), first place, and first
    /// place's kind; arrays apart, not tuples, where the places are generic (`Optional.isSame`).
    public let tabNames: [String]
    public let tabRoots: [Places]
    private(set) var tabKinds: [Int?] = []
    /// What is wrong with the composition, one line each, naming the feature and the fix.
    public internal(set) var problems: [String] = []
    /// The commands features add to others' screens (`AppPlaces.contributions`), by the pattern
    /// of the places whose screens offer them: read once, as the app starts.
    let contributions: [String: [Contribution<Places>]]
    /// The same, by the index of the kind whose screens offer them: what following a link's part
    /// reads, so that a screen no feature adds to costs nothing more.
    private var contributionsByKind: [[Contribution<Places>]] = []
    /// The features with a screen some contribution is for: their names say so with no link made.
    private var hostFeatures: Set<String> = []
    /// Whether any feature adds a command to another's screen: most apps have none, and a front
    /// that reads this asks for none.
    public let hasContributions: Bool
    /// The patterns of every kind, in `kinds`' order: a match's route is its kind's index.
    private(set) var table: RouteTable?
    /// Each kind's index, by pattern.
    private var byPattern: [String: Int] = [:]

    /// The words a front takes on every screen (the console's `help`, `back`): no screen offers
    /// an action by one of them.
    public let reserved: Set<String>

    /// Walks the app's places from the gate and the tabs; `reserved` are the words a front takes
    /// on every screen, which no action may be named.
    public init(environment: Places.Environment, scheme: String, hosts: [String] = [], reserved: Set<String> = []) {
        self.environment = environment
        self.scheme = scheme
        self.hosts = hosts.map { $0.lowercased() }
        self.reserved = reserved
        let contributed = Places.contributions
        contributions = Dictionary(grouping: contributed) { $0.host }
        hasContributions = !contributed.isEmpty
        tabRoots = Places.tabs
        tabNames = tabRoots.map { $0.link.path }
        walk()
        entering = Array(repeating: [], count: kinds.count)
        // By the hosts, which are few: a walk of every kind costs the launch more than this.
        contributionsByKind = Array(repeating: [], count: kinds.count)
        for (host, added) in contributions {
            guard let index = byPattern[host] else { continue }
            contributionsByKind[index] = added
            hostFeatures.insert(kinds[index].feature)
        }
        for (number, edge) in edges.enumerated() { entering[edge.to].append(number) }
        tabKinds = tabRoots.map { root in byPattern[root.link.pattern] }
        for contribution in contributed where byPattern[contribution.host] == nil {
            problems.append(
                "\(contribution.feature): its command is for the screens of \(contribution.host), which no place of the "
                    + "app is; name a pattern App --routes lists")
        }
        var named: Set<String> = []
        for (name, root) in zip(tabNames, tabRoots) where !named.insert(name).inserted {
            problems.append(
                "\(root.visit(FeatureName<Places>())): the tab \(name) is named twice; give each tab a place of its own"
            )
        }
    }

    /// The kind of `place`, by its index in `kinds`.
    func index(of place: Places) -> Int? { byPattern[place.link.pattern] }

    /// The kind whose link reads `pattern` (`chat/<user>`), by its index in `kinds`.
    func index(ofPattern pattern: String) -> Int? { byPattern[pattern] }

    /// The kind of `place`.
    public func kind(of place: Places) -> Kind? {
        guard let index = index(of: place) else { return nil }
        return kinds[index]
    }

    /// The first place of `kind` the walk found.
    public func sample(of kind: Kind) -> Places? { byPattern[kind.facts.pattern].map { samples[$0] } }

    /// The place of the kind at `kind` whose parameters read `texts`, read by an offer of
    /// `previous`'s screen (of the kind at `previousKind`), with the offer's action and route;
    /// `nil` when none of its offers opens it. How a link's parts, kept state and recorded events
    /// are read: links reach only what commands reach. The offers the walk found between the two
    /// kinds are tried first, reading their argument as the link's parameters; then the others.
    func follow(_ kind: Int, _ texts: [String], after previous: Places, of previousKind: Int?) -> Followed? {
        let link = kinds[kind].facts.link
        var likely: Set<String> = []
        for number in entering[kind] where edges[number].from == previousKind { likely.insert(edges[number].action) }
        let offers = offers(at: previous, of: previousKind)
        for pass in [true, false] {
            for offer in offers where likely.contains(offer.action) == pass {
                let takes = !offer.argument.isEmpty
                guard let route = takes ? offer.route(texts.map { Substring($0) }) : offer.route(),
                    let place = route.place
                else { continue }
                // An argument read into the place prints it back (the walk proved it); a fixed
                // route's place is the link's only if it prints the same.
                if takes && pass {
                    return Followed(place: place, offer: FollowedOffer(route: route, action: offer.action))
                }
                let printed = place.link
                if printed.path == link.path, printed.texts == texts {
                    return Followed(place: place, offer: FollowedOffer(route: route, action: offer.action))
                }
            }
        }
        return nil
    }

    /// A place read from a link's part: the offer of the place before that opens it.
    struct Followed {
        let place: Places
        let offer: FollowedOffer<Places>
    }

    /// The place whose link is `path` and `texts`, as any offer of the app reads it; `nil` when
    /// none does. What a refusal names a place by.
    func place(_ path: String, _ texts: [String]) -> Places? {
        for index in 0..<kinds.count
        where kinds[index].facts.link.path == path && kinds[index].facts.link.texts == texts {
            return samples[index]
        }
        for edge in edges where !edge.argument.isEmpty && kinds[edge.to].facts.link.path == path {
            if let found = follow(edge.to, texts, after: samples[edge.from], of: edge.from) { return found.place }
        }
        return nil
    }

    /// The route the screen of `previous` follows to `next`, and its offer's action.
    func route(to next: Places, after previous: Places) -> FollowedOffer<Places>? {
        let link = next.link
        for offer in offers(at: previous) {
            let route = offer.argument.isEmpty ? offer.route() : offer.route(link.texts.map { Substring($0) })
            if let route, route.place == next { return FollowedOffer(route: route, action: offer.action) }
        }
        return nil
    }

    /// What each action of `place`'s screen opens: its feature's offers, then those other features
    /// add to it (`Contribution`), found by its pattern.
    public func offers(at place: Places) -> [Offer<Places>] { offers(at: place, of: nil) }

    /// `offers(at:)`, given the index of `place`'s kind when known.
    func offers(at place: Places, of kind: Int?) -> [Offer<Places>] {
        let own = place.offers(in: environment)
        guard hasContributions else { return own }
        guard let kind else { return own + contributed(to: place) }
        let added = contributionsByKind[kind]
        guard !added.isEmpty else { return own }
        let link = place.link
        return own + added.compactMap { $0.offer(link) }
    }

    /// The offers other features add to `place`'s screen, made from its link (`profile/bob`).
    public func contributed(to place: Places) -> [Offer<Places>] {
        guard hasContributions, hostFeatures.contains(place.visit(FeatureName<Places>())) else { return [] }
        let link = place.link
        return (contributions[link.pattern] ?? []).compactMap { $0.offer(link) }
    }

    /// What `place`'s screen offers, each action with what it opens: `edit (opens Edit bio)`.
    public func offered(at place: Places) -> [String] {
        offers(at: place).compactMap { offer in
            let texts = offer.argument.map { Substring($0.example) }
            return offer.route(texts)?.place.map { "\(offer.action) (opens \($0.title))" }
        }
    }

    /// Whether `next` may follow `previous`: an offer of `previous`'s screen opens it.
    public func canFollow(_ next: Places, after previous: Places) -> Bool { route(to: next, after: previous) != nil }

    private func walk() {
        var queue: [(place: Places, role: Role, from: Int?, action: String, argument: [String], method: String)] =
            [(Places.gate, .gate, nil, "", [], "")] + tabRoots.map { ($0, .tab, nil, "", [], "") }
        var parameters: [String: (type: ObjectIdentifier, pattern: String)] = [:]
        var parameterTypes: [LinkParameterType] = []
        // Each kind's feature by its number among the features, in the order the walk met them.
        var featureNumbers: [String: Int] = [:]
        var featureOfKind: [Int] = []
        var next = 0
        while next < queue.count {
            let (place, role, from, action, argument, method) = queue[next]
            next += 1
            let (facts, feature, met) = place.visit(KindMet(environment: environment, known: byPattern))
            let index: Int
            switch met {
            case .known(let known):
                index = known
                checkDeclaredOnce(facts, by: feature, as: known)
            case .new(let rules, let own):
                index = kinds.count
                byPattern[facts.pattern] = index
                kinds.append(Kind(facts: facts, feature: feature, role: role, rules: rules))
                samples.append(place)
                let number = featureNumbers[feature] ?? featureNumbers.count
                if number == featureNumbers.count { featureNumbers[feature] = number }
                featureOfKind.append(number)
                for type in facts.link.types {
                    if let first = parameters[type.name] {
                        if first.type != type.type {
                            problems.append(
                                "\(feature): the parameter <\(type.name)> of \(facts.pattern) has another type than "
                                    + "in \(first.pattern); one name, one type: rename one")
                        }
                    } else {
                        parameters[type.name] = (type.type, facts.pattern)
                        parameterTypes.append(LinkParameterType(type.name, problem: type.problem))
                    }
                }
                checkQuery(of: facts, feature: feature)
                // Most screens of a large app offer nothing, and none is added to: nothing to check.
                var offers = own
                let contributed = contributions[facts.pattern]
                if !own.isEmpty || contributed != nil {
                    offers += checkWords(own, contributed ?? [], at: place, pattern: facts.pattern, feature: feature)
                }
                for offer in offers {
                    let texts = offer.argument.map { Substring($0.example) }
                    guard let route = offer.route(texts) else {
                        problems.append(
                            "\(feature): the action \(offer.action) of \(facts.pattern) reads no place from its "
                                + "examples (\(texts.joined(separator: " "))); give its parameters examples that read")
                        continue
                    }
                    guard let target = route.place else { continue }
                    checkRoundTrip(target, by: offer, from: facts.pattern, feature: feature)
                    queue.append((target, .opened, index, offer.action, offer.argument.map(\.name), route.method))
                }
            }
            if let from {
                edges.append(Edge(from: from, to: index, action: action, argument: argument, method: method))
            }
        }
        // Each kind's offers are read once: an edge is found twice only where a screen offers a
        // word twice (a problem), and is kept once.
        if !problems.isEmpty {
            var seen: Set<Edge> = []
            edges = edges.filter { seen.insert($0).inserted }
        }
        groupByFeature(featureOfKind, count: featureNumbers.count)
        do {
            table = try RouteTable(
                scheme: scheme, parameterTypes: parameterTypes, patterns: kinds.map { $0.facts.pattern })
        } catch {
            problems.append("App: \(error)")
        }
    }

    /// Puts each feature's kinds together, the features in the order the walk met them (the gate's
    /// first, then the tabs'), each feature's in the order they were found: how a list of the
    /// app's links reads.
    private func groupByFeature(_ featureOfKind: [Int], count: Int) {
        var byFeature = Array(repeating: [Int](), count: count)
        for index in kinds.indices { byFeature[featureOfKind[index]].append(index) }
        let order = byFeature.flatMap { $0 }
        guard order != Array(kinds.indices) else { return }
        var moved = Array(repeating: 0, count: kinds.count)
        for (new, old) in order.enumerated() { moved[old] = new }
        kinds = order.map { kinds[$0] }
        samples = order.map { samples[$0] }
        byPattern = byPattern.mapValues { moved[$0] }
        edges = edges.map {
            Edge(from: moved[$0.from], to: moved[$0.to], action: $0.action, argument: $0.argument, method: $0.method)
        }
    }
}

/// The name of a place's feature, as its declaration says it.
struct FeatureName<Places: AppPlaces>: PlaceVisitor {
    typealias Result = String

    func visit<F: Feature>(_ place: F.Place, of feature: F.Type) -> String where F.Places == Places { F.name }
}
