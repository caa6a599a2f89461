// What the core asks a place's feature, one visitor a question: the app's `visit(_:)` hands
// each the place typed as its feature's, so every answer is checked by the compiler.

extension AppPlaces {
    /// What a user reads: "Chat @bob".
    @MainActor public var title: String { visit(TitleQuestion<Self>()) }

    /// The place's part of a link: `chat/bob`.
    @MainActor public var link: PlaceLink { visit(LinkQuestion<Self>()) }

    /// What each action of the place's screen opens, as its feature declares it; those other
    /// features add to it are the declarations' (`Declarations.offers(at:)`).
    @MainActor func offers(in environment: Environment) -> [Offer<Self>] {
        visit(OffersQuestion<Self>(environment: environment))
    }

    /// The place's rules on data.
    @MainActor func rules(in environment: Environment) -> [PlaceRule] {
        visit(RulesQuestion<Self>(environment: environment))
    }

    /// Checks the place (its feature's check, then its rules), then gives what opens its module,
    /// built with what the check read: asked once, handed down.
    /// - Throws: the feature's check's error, or a rule's `PlaceRule.Broken`.
    @MainActor func checked(in environment: Environment) async throws -> Opener<Self> {
        try await visit(CheckQuestion<Self>(environment: environment))()
    }

    /// What opens the place's module, checking it inside its load (a route's way).
    @MainActor func opener(in environment: Environment) -> Opener<Self> {
        visit(OpenQuestion<Self>(environment: environment))
    }
}

/// How a place's module opens, asked of its feature once: the load policy, whether the place
/// answers the screen that opened it, and its feature's `open` (with what its check read, when the
/// check ran first), which declares the module at once; the window then runs its load.
@MainActor
public struct Opener<Places: AppPlaces> {
    let policy: LoadPolicy?
    let answers: Bool
    /// Declares the module in `opening`, at once; the window runs its load (`ModuleLoad.run`).
    let module: @MainActor (Opening<Places>) throws -> ModuleLoad
}

extension Opener {
    /// `place`'s opener, with its feature's policy and answer, declaring its module as `module` does.
    init<F: Feature>(
        _ place: F.Place, of feature: F.Type, module: @escaping @MainActor (Opening<Places>) throws -> ModuleLoad
    ) where F.Places == Places {
        self.init(policy: F.policy(of: place), answers: F.answers(place), module: module)
    }
}

/// What a kind of place declares, read from one of its places.
public struct PlaceKindFacts: Sendable {
    /// Its link: the constant segments, and the parameters' types (`chat/<user>`).
    public let link: PlaceLink
    public let access: PlaceAccess
    /// How its screen loads; `nil` for one built at once.
    public let policy: LoadPolicy?
    /// The query items a link may hand it.
    public let query: [QueryParameter]
    /// Whether its places answer the screen that opened them (a picker).
    public let answers: Bool
    /// The pattern a route table reads it by: `chat/<user>`; written once, as a link that
    /// matches it names it.
    public let pattern: String
}

private struct TitleQuestion<Places: AppPlaces>: PlaceVisitor {
    typealias Result = String

    func visit<F: Feature>(_ place: F.Place, of feature: F.Type) -> String where F.Places == Places {
        place.title
    }
}

private struct LinkQuestion<Places: AppPlaces>: PlaceVisitor {
    typealias Result = PlaceLink

    func visit<F: Feature>(_ place: F.Place, of feature: F.Type) -> PlaceLink where F.Places == Places {
        F.link(of: place)
    }
}

/// What the walk of the declarations reads of a place, in one visit: its kind's facts and feature,
/// and whether the kind is in `known` (by pattern) or new.
struct KindMet<Places: AppPlaces>: PlaceVisitor {
    /// A kind the walk met before, by its index; or a new one, with its rules' names and its
    /// screen's offers.
    enum Met {
        case known(Int)
        case new(rules: [String], offers: [Offer<Places>])
    }

    typealias Result = (facts: PlaceKindFacts, feature: String, met: Met)
    let environment: Places.Environment
    let known: [String: Int]

    func visit<F: Feature>(_ place: F.Place, of feature: F.Type) -> Result where F.Places == Places {
        let link = F.link(of: place)
        let facts = PlaceKindFacts(
            link: link, access: F.access(of: place), policy: F.policy(of: place), query: F.query(of: place),
            answers: F.answers(place), pattern: link.pattern)
        if let index = known[facts.pattern] { return (facts, F.name, .known(index)) }
        let rules = F.rules(of: place, in: environment).map(\.name)
        return (facts, F.name, .new(rules: rules, offers: F.offers(at: place, in: environment)))
    }
}

private struct OffersQuestion<Places: AppPlaces>: PlaceVisitor {
    typealias Result = [Offer<Places>]
    let environment: Places.Environment

    func visit<F: Feature>(_ place: F.Place, of feature: F.Type) -> [Offer<Places>] where F.Places == Places {
        F.offers(at: place, in: environment)
    }
}

private struct RulesQuestion<Places: AppPlaces>: PlaceVisitor {
    typealias Result = [PlaceRule]
    let environment: Places.Environment

    func visit<F: Feature>(_ place: F.Place, of feature: F.Type) -> [PlaceRule] where F.Places == Places {
        F.rules(of: place, in: environment)
    }
}

private struct CheckQuestion<Places: AppPlaces>: PlaceVisitor {
    typealias Result = @MainActor () async throws -> Opener<Places>
    let environment: Places.Environment

    func visit<F: Feature>(_ place: F.Place, of feature: F.Type) -> @MainActor () async throws -> Opener<Places>
    where F.Places == Places {
        let environment = self.environment
        return {
            let checked = try await F.check(checkedPlace: place, in: environment)
            return Opener(place, of: F.self) { opening in
                try F.open(place, checking: Checking { checked }, in: opening)
            }
        }
    }
}

private struct OpenQuestion<Places: AppPlaces>: PlaceVisitor {
    typealias Result = Opener<Places>
    let environment: Places.Environment

    func visit<F: Feature>(_ place: F.Place, of feature: F.Type) -> Opener<Places> where F.Places == Places {
        let environment = self.environment
        return Opener(place, of: F.self) { opening in
            try F.open(
                place, checking: Checking { try await F.check(checkedPlace: place, in: environment) }, in: opening)
        }
    }
}

extension Feature {
    /// The feature's check of `place`, then its rules on data, each once.
    @MainActor static func check(checkedPlace place: Place, in environment: Places.Environment) async throws -> Checked
    {
        let checked = try await check(place, in: environment)
        for rule in rules(of: place, in: environment) { try await rule.check() }
        return checked
    }
}
