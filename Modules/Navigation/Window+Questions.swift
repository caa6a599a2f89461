extension Window {
    /// The place `screen` shows answers its asker with `text`: the host keeps the answer (durably,
    /// until consumed; a question kept with where the user is is answered once across Apps), the
    /// place closes (`router`), the window says it answered, then the asker receives it (``Answer``).
    /// - Throws: `RoutingError.notInWindow` when the screen asks no question;
    ///   `.answeredElsewhere` when another App answered it first (the place closes);
    ///   the host's error when the answer cannot be kept (nothing changes); what closing throws.
    func answer(_ text: String, from screen: any Screen, closing router: any Closable) async throws {
        guard let asked = questions.open.first(where: { $0.answerer === screen }), asked.asker != nil else {
            throw RoutingError.notInWindow(screen: screen.title)
        }
        let won = try asked.record.map { try host?.answer($0, with: text) ?? true }
        guard let question = questions.take(answeredBy: screen), let asker = question.asker else {
            throw RoutingError.notInWindow(screen: screen.title)
        }
        let record: Int?
        if let kept = question.record {
            guard won != false else {
                try router.close()
                publish(.replied(screen, answered: false))
                throw RoutingError.answeredElsewhere(screen: screen.title)
            }
            record = kept
        } else {
            let askerPath = state.place(of: asker).map { $0.link.description }
            record = askerPath.flatMap { host?.keep(asker: $0, action: question.action, answer: text) }
        }
        try router.close()
        publish(.replied(screen, answered: true))
        await asker.answerReceiving?.receive(Answer(action: question.action, text: text, record: record))
    }

    /// Closes each place that answers a question kept beyond this App (`Questions.Question.record`)
    /// which another App answered or closed meanwhile: its asker hears nothing from here.
    /// - Returns: the places closed, in the order their questions were asked.
    public func closeAnsweredElsewhere() -> [Places] {
        guard let host else { return [] }
        var closed: [Places] = []
        for question in questions.open {
            guard let record = question.record, !host.isOpen(question: record), let answerer = question.answerer,
                let place = state.place(of: answerer), closeUnanswered(answerer)
            else { continue }
            closed.append(place)
        }
        return closed
    }

    /// Closes `answerer`, a place that answers a question open in the window, with no answer
    /// given to its asker: the question was answered, or closed, elsewhere.
    /// - Returns: whether it closed.
    @discardableResult
    public func closeUnanswered(_ answerer: any Screen) -> Bool {
        guard let router = state.screens.router(of: answerer), questions.take(answeredBy: answerer) != nil else {
            return false
        }
        do { try router.close() } catch { return false }
        publish(.replied(answerer, answered: false))
        return true
    }

    /// Gives `kept`, an answer kept before a relaunch and never consumed, to its asker when the
    /// window shows it (the place that answered closes first, if it came back above the asker).
    /// - Returns: whether the asker received it.
    public func deliver(_ kept: KeptAnswer) async -> Bool {
        for screen in state.screens.stacks.all {
            guard let place = state.place(of: screen), place.link.description == kept.asker,
                let asker = screen.answerReceiving
            else { continue }
            for above in state.screens.screensRemoved(byClosing: screen).dropFirst() {
                guard questions.take(answeredBy: above) != nil else { continue }
                try? state.screens.router(of: above)?.close()
                publish(.replied(above, answered: true))
            }
            await asker.receive(Answer(action: kept.action, text: kept.text, record: kept.record))
            return true
        }
        return false
    }

    // MARK: - Rules on data

    /// A place a rule stopped allowing, what left with it, and the unsaved work kept.
    public struct RuleBreak {
        public let place: Places
        public let broken: PlaceRule.Broken
        /// The places that left, bottom first: the place and what was above it.
        public let left: [Places]
        /// The places among them whose unsaved work is kept, given back when they open again.
        public let kept: [Places]
    }

    /// Checks again the rules of every place the window shows, in every stack (what a change to
    /// their data calls): a place its rule no longer allows leaves with what is above it, as one
    /// change. A rule asks nothing; the unsaved work that leaves is kept for when it reopens.
    /// - Returns: each place that left, bottom first, with its rule and what left with it.
    @discardableResult
    public func recheckRules() async -> [RuleBreak] {
        var found: [(screen: any Screen, place: Places, broken: PlaceRule.Broken)] = []
        var removed: [any Screen] = []
        for screen in state.screens.stacks.all where !removed.contains(where: { $0 === screen }) {
            guard let place = state.place(of: screen) else { continue }
            for rule in place.rules(in: environment) {
                do throws(PlaceRule.Broken) {
                    try await rule.check()
                } catch {
                    found.append((screen, place, error))
                    removed += state.screens.screensRemoved(byClosing: screen)
                    break
                }
            }
        }
        guard !found.isEmpty else { return [] }
        return await batch(cause: .rule) {
            var breaks: [RuleBreak] = []
            for (screen, place, broken) in found {
                let leaving = state.screens.screensRemoved(byClosing: screen)
                guard let router = state.screens.router(of: screen), !leaving.isEmpty else { continue }
                let places = leaving.compactMap { state.place(of: $0) }
                let kept = keepDrafts(of: leaving)
                do { try router.close() } catch { continue }
                breaks.append(RuleBreak(place: place, broken: broken, left: places, kept: kept))
            }
            return breaks
        }
    }

    /// Keeps the unsaved work of each of `screens`, by place, for the next time it opens: what a
    /// rule that takes them away does instead of asking. Returns the places whose work is kept.
    private func keepDrafts(of screens: [any Screen]) -> [Places] {
        var kept: [Places] = []
        for screen in screens {
            guard let place = state.place(of: screen), let draft = state.screens.restorer(of: screen)?.restorableState
            else {
                continue
            }
            drafts[place] = draft
            kept.append(place)
        }
        return kept
    }
}
