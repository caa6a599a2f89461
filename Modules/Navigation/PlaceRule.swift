/// A rule on data that a kind of place needs to hold (a chat needs a friendship), declared once
/// on the kind, reading a place's value (the `UserID` of `chat/<user>`). It is checked when a
/// place of the kind opens, and again for every place shown when its data changes
/// (`LinkNavigator.recheckRules()`): the window goes back to the nearest place it allows.
@MainActor
public struct PlaceRule {
    /// What it is called where a user reads it: `friendship`.
    public let name: String
    /// What it requires, in words: `you and the user it names are friends`.
    public let summary: String
    /// The type of the value of a place it reads (`UserID`).
    public let subject: Any.Type
    private let holds: @MainActor ((any Sendable)?) async throws -> Void

    /// A rule that reads a place's value of type `subject`, and holds unless `holds` throws why.
    public init<Subject: Sendable>(
        _ name: String, summary: String, reads subject: Subject.Type,
        holds: @escaping @MainActor (Subject) async throws -> Void
    ) {
        self.name = name
        self.summary = summary
        self.subject = subject
        self.holds = { value in
            guard let value = value as? Subject else { throw Broken.noSubject(rule: name) }
            try await holds(value)
        }
    }

    /// Checks the rule for a place whose value is `value`.
    /// - Throws: `Broken` naming the rule and why it does not hold.
    public func check(_ value: (any Sendable)?) async throws(Broken) {
        do { try await holds(value) } catch let broken as Broken { throw broken } catch {
            throw .doesNotHold(rule: name, reason: error)
        }
    }

    /// Why a rule refused a place.
    public enum Broken: Error {
        /// It does not hold: `reason` is its feature's error (not friends).
        case doesNotHold(rule: String, reason: any Error)
        /// The place has no value of the type the rule reads (the graph names this at start).
        case noSubject(rule: String)

        /// The rule's name.
        public var rule: String {
            switch self {
            case .doesNotHold(let rule, _), .noSubject(let rule): rule
            }
        }
    }
}

extension LinkNavigator {
    /// A place a rule stopped allowing, what left with it, and the unsaved work kept.
    public struct RuleBreak {
        public let place: AnyPlace
        public let broken: PlaceRule.Broken
        /// The places that left, bottom first: the place and what was above it.
        public let left: [AnyPlace]
        /// The places among them whose unsaved work is kept, given back when they open again.
        public let kept: [AnyPlace]
    }

    /// Checks again the rules of every place the window shows, in every stack (what a change to
    /// their data calls): a place its rule no longer allows leaves with what is above it, as one
    /// change. A rule asks nothing; the unsaved work that leaves is kept for when it reopens.
    /// - Returns: each place that left, bottom first, with its rule and what left with it.
    @discardableResult
    public func recheckRules() async -> [RuleBreak] {
        guard let window else { return [] }
        var found: [(screen: any Screen, place: AnyPlace, broken: PlaceRule.Broken)] = []
        var removed: [any Screen] = []
        for screen in window.state.stacks.all where !removed.contains(where: { $0 === screen }) {
            guard let place = window.state.place(of: screen), let kind = kind(of: place), !kind.rules.isEmpty else {
                continue
            }
            for rule in kind.rules {
                do throws(PlaceRule.Broken) {
                    try await rule.check(kind.value(of: place))
                } catch {
                    found.append((screen, place, error))
                    removed += window.state.screensRemoved(byClosing: screen)
                    break
                }
            }
        }
        guard !found.isEmpty else { return [] }
        return await window.batch(cause: .rule) {
            var breaks: [RuleBreak] = []
            for (screen, place, broken) in found {
                let leaving = window.state.screensRemoved(byClosing: screen)
                guard let router = window.state.router(of: screen), !leaving.isEmpty else { continue }
                let places = leaving.compactMap { window.state.place(of: $0) }
                let kept = navigator.keepDrafts(of: leaving)
                do { try router.close() } catch { continue }
                breaks.append(RuleBreak(place: place, broken: broken, left: places, kept: kept))
            }
            return breaks
        }
    }
}
