/// A rule on data that a kind of place needs to hold (a chat needs a friendship): declared once,
/// on the kind, with a name and the value of a place it reads (its subject: the `UserID` of
/// `chat/<user>`). It is checked whenever a link or a route opens a place of the kind, and again
/// for every place shown when the data it reads changes (`LinkNavigator.recheckRules()`): a window
/// showing a place its rule now forbids goes back to the nearest place it allows.
@MainActor
public struct PlaceRule {
    /// What it is called where a user reads it: `friendship`.
    public let name: String
    /// What it requires, in words: `you and the user it names are friends`.
    public let summary: String
    /// The type of the value of a place it reads (`UserID`).
    public let subject: Any.Type
    private let holds: @MainActor ((any Sendable)?) async throws -> Void

    /// - Parameters:
    ///   - name: what it is called: `friendship`.
    ///   - summary: what it requires.
    ///   - subject: the type of the value of a place it reads.
    ///   - holds: throws the reason it does not hold for a place of that value.
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
        /// The place has no value of the type the rule reads: the rule names no place of its kind
        /// (the navigation graph names this before the app starts).
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
    /// A place a rule stopped allowing, what left the window with it, and the unsaved work kept
    /// (`Navigator.drafts`) rather than lost.
    public struct RuleBreak {
        public let place: AnyPlace
        public let broken: PlaceRule.Broken
        /// The places that left, bottom first: the place and what was above it.
        public let left: [AnyPlace]
        /// The places among them whose unsaved work is kept, given back when they open again.
        public let kept: [AnyPlace]
    }

    /// Checks again the rules of every place the window shows, in every stack, shown or not (what
    /// a change to the data they read calls): each place a rule no longer allows leaves with what
    /// is above it, so its stack goes back to the nearest place it allows, as one change a user
    /// sees. Screens with unsaved work that leave with it keep that work: a rule cannot wait for an
    /// answer, so it asks nothing, and what it would lose comes back when its place opens again.
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
