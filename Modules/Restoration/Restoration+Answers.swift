import MultiWindow
import Navigation

// The questions a place that answers was opened to ask (a picker's), and their answers, kept
// beyond one App: kept with where the user is, answered once across Apps, given back after a
// relaunch.
extension Restoration {
    /// The questions and answers a host keeps for a user, beyond an App.
    public struct KeptAnswers {
        /// The answers kept for a user and not consumed yet, oldest first.
        public var load: @MainActor (_ user: String) throws -> [KeptAnswer]
        /// Forgets a kept answer or question, which nothing will consume (its asker is gone).
        public var drop: @MainActor (_ record: Int) throws -> Void
        /// Keeps a question open for a user: the asker's path and action; returns its record.
        public var keepQuestion: @MainActor (_ asker: String, _ action: String, _ user: String) throws -> Int
        /// Whether a kept question is still there (open, or answered and not consumed): one
        /// another App answered and consumed, or closed, is not.
        public var isKept: @MainActor (_ record: Int) throws -> Bool

        public init(
            load: @escaping @MainActor (_ user: String) throws -> [KeptAnswer],
            drop: @escaping @MainActor (_ record: Int) throws -> Void,
            keepQuestion: @escaping @MainActor (_ asker: String, _ action: String, _ user: String) throws -> Int,
            isKept: @escaping @MainActor (_ record: Int) throws -> Bool
        ) {
            self.load = load
            self.drop = drop
            self.keepQuestion = keepQuestion
            self.isKept = isKept
        }
    }

    /// Keeps each question open in `window` that is not kept yet, with the record the host gives
    /// it, so another App that brings it back answers the same one.
    func keepQuestions(of window: Window, by navigator: LinkNavigator, user: String) {
        guard let answers else { return }
        for question in window.questions.open where question.record == nil {
            guard let answerer = question.answerer, let asker = question.asker,
                let path = window.state.place(of: asker).flatMap(navigator.path(of:)),
                let record = try? answers.keepQuestion(path, question.action, user)
            else { continue }
            window.questions.keep(record, forQuestionAnsweredBy: answerer)
        }
    }

    /// Gives each question that came back the record it was kept with, where its place came back
    /// in the same position: the question is the one another App may have brought back too. One
    /// that another App answered and consumed, or closed, meanwhile closes again.
    /// - Returns: the places that closed so.
    func reattachQuestions(_ saved: NavigationState<KeptPlace>, tab: String) -> [Dropped] {
        guard let answers, let window = navigator.window else { return [] }
        let shown = window.state.stacks
        var pairs: [(KeptPlace, any Screen)] = []
        for kept in saved.tabs { pairs += zip(kept.stack, shown.stack(ofTab: kept.name) ?? []) }
        for (kept, screens) in zip(saved.modals, shown.modals) { pairs += zip(kept, screens) }
        var dropped: [Dropped] = []
        for (kept, screen) in pairs {
            guard let record = kept.question, window.state.place(of: screen) == kept.place,
                window.questions.open.contains(where: { $0.answerer === screen })
            else { continue }
            if (try? answers.isKept(record)) != false {
                window.questions.keep(record, forQuestionAnsweredBy: screen)
            } else if navigator.navigator.closeUnanswered(screen) {
                dropped.append(Dropped(places: [kept.place], tab: tab, reason: .answeredElsewhere))
            }
        }
        return dropped
    }

    /// Gives each answer kept for `user` and not consumed to its asker, in the window that shows
    /// it; one whose asker is shown in no window is forgotten.
    /// - Returns: the answers forgotten.
    func deliverKeptAnswers(of user: String) async -> [KeptAnswer] {
        guard let answers, let kept = try? answers.load(user), !kept.isEmpty else { return [] }
        let navigators =
            windowLinks.map { links in links.windows.all.compactMap { links.navigator(of: $0) } } ?? [navigator]
        var undelivered: [KeptAnswer] = []
        for answer in kept {
            var delivered = false
            for links in navigators where !delivered { delivered = await links.navigator.deliver(answer) }
            if !delivered {
                try? answers.drop(answer.record)
                undelivered.append(answer)
            }
        }
        return undelivered
    }
}
