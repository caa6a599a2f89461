/// State restoration: where a user was when the app last quit (every window, every tab's stack,
/// the tab shown, the modals, what a module keeps beyond its place such as a draft, and an open
/// question) is kept per user in the one encoding (`StateText`), and brought back after that
/// user passes the gate again, as UIKit's state restoration and SwiftUI's scene storage do.
///
/// A kept state is read as a link is (each place read back by an offer of the one before) and
/// checked as one (its feature's check and rules: the user it names is still there, still a
/// friend); what no longer resolves is dropped, with the reason, and everything before it comes
/// back. It reports what it did as values; a front words them.
@MainActor
public final class Restoration<Places: AppPlaces> {
    /// The session's windows: each one's state is kept, and comes back.
    public let windows: Windows<Places>
    let store: KeptStore
    /// The kept states this session brought back or kept, by id: what its next keep replaces
    /// and a sign-out forgets. Another App's kept states are never among them.
    var owned: [Int] = []
    /// Whether a restore is under way: a question its places open is kept once it is done.
    private var isRestoring = false

    /// What keeps a user's states, questions and answers beyond an App (the app's store).
    public struct KeptStore {
        /// Every kept text of a user (by the gate's key), oldest first, each with its id.
        public var load: @MainActor (_ user: String) throws -> [(id: Int, text: String)]
        /// Keeps a user's text (`nil`: keeps none) and forgets the kept states `replacing` names,
        /// in one write; returns the new state's id.
        public var save: @MainActor (_ state: String?, _ user: String, _ replacing: [Int]) throws -> Int?
        /// The answers kept for a user and not consumed yet, oldest first.
        public var answers: @MainActor (_ user: String) throws -> [KeptAnswer]
        /// Forgets a kept answer or question, which nothing will consume (its asker is gone).
        public var drop: @MainActor (_ record: Int) throws -> Void
        /// Keeps a question open for a user: the asker's path and action; returns its record.
        public var keepQuestion: @MainActor (_ asker: String, _ action: String, _ user: String) throws -> Int
        /// Whether a kept question is still there (open, or answered and not consumed).
        public var isKept: @MainActor (_ record: Int) throws -> Bool

        public init(
            load: @escaping @MainActor (String) throws -> [(id: Int, text: String)],
            save: @escaping @MainActor (String?, String, [Int]) throws -> Int?,
            answers: @escaping @MainActor (String) throws -> [KeptAnswer] = { _ in [] },
            drop: @escaping @MainActor (Int) throws -> Void = { _ in },
            keepQuestion: @escaping @MainActor (String, String, String) throws -> Int = { _, _, _ in 0 },
            isKept: @escaping @MainActor (Int) throws -> Bool = { _ in true }
        ) {
            self.load = load
            self.save = save
            self.answers = answers
            self.drop = drop
            self.keepQuestion = keepQuestion
            self.isKept = isKept
        }
    }

    public init(windows: Windows<Places>, store: KeptStore) {
        self.windows = windows
        self.store = store
    }

    var declarations: Declarations<Places> { windows.front.declarations }
    private var passer: GatePasser? { Places.passer(in: declarations.environment) }

    /// Keeps where the user who passed the gate is, for their next time: every window that shows
    /// tabs, the one in front noted.
    /// - Returns: what was kept, or why it could not be; `nil` when nobody passed the gate or no
    ///   window shows tabs.
    public func keep() -> Kept? {
        guard let user = passer else { return nil }
        var texts: [String] = []
        var kept: [Kept.Window] = []
        var front = 0
        for (index, window) in windows.all.enumerated() {
            keepQuestions(of: window, user: user.key)
            let recorded = window.recorded
            guard recorded.isTabbed else { continue }
            if window === windows.front { front = texts.count }
            texts.append(StateText.text(of: recorded))
            let unsaved = recorded.all.filter { $0.state != nil }.map { $0.place }
            kept.append(Kept.Window(number: index + 1, places: recorded.map { $0.place }, unsaved: unsaved))
        }
        guard !texts.isEmpty else { return nil }
        let text = texts.count == 1 ? texts[0] : StateText.text(ofWindows: texts, front: front)
        func result(_ failure: (any Error)?) -> Kept {
            Kept(
                user: user.name, places: kept[front].places, unsaved: kept.flatMap { $0.unsaved }, failure: failure,
                windows: kept.count > 1 ? kept : [], front: front)
        }
        // A state this app cannot read (a newer app kept it) is never overwritten: it stays for
        // that app, and this session's places are not kept.
        for existing in (try? store.load(user.key)) ?? [] {
            if let found = StateText.newerVersion(of: existing.text) { return result(Failure.newerVersion(found)) }
        }
        do {
            owned = try store.save(text, user.key, owned).map { [$0] } ?? []
            return result(nil)
        } catch {
            return result(error)
        }
    }

    /// Keeps each question open in `window` that is not kept yet, with the record the store gives
    /// it, so another App that brings it back answers the same one.
    private func keepQuestions(of window: Window<Places>, user: String) {
        for question in window.questions.open where question.record == nil {
            guard let answerer = question.answerer, let asker = question.asker,
                let path = window.state.place(of: asker).map({ $0.link.description }),
                let record = try? store.keepQuestion(path, question.action, user)
            else { continue }
            window.questions.keep(record, forQuestionAnsweredBy: answerer)
        }
    }

    /// A question opened or closed in a window (a picker): the session's places are kept now,
    /// not only at quit, so the question comes back after a kill. Nothing while a restore runs.
    public func questionsChanged() -> Kept? {
        isRestoring ? nil : keep()
    }

    /// Forgets what this session kept or brought back for the user who passed the gate: they
    /// left on purpose (sign-out). What another App kept meanwhile stays, for their next sign-in.
    public func forget() {
        guard let user = passer else { return }
        _ = try? store.save(nil, user.key, owned)
        owned = []
    }

    /// Brings the user who passed the gate back to where they were, every window, as far as it
    /// still resolves; then gives each answer kept and not consumed to its asker.
    /// - Returns: what came back and what was dropped; `nil` when nothing was kept for them.
    /// - Throws: `Restoration.Failure` when what was kept cannot be read (it is forgotten then).
    public func restore() async throws(Failure) -> Restored? {
        guard let user = passer else { return nil }
        isRestoring = true
        defer { isRestoring = false }
        var rows: [(id: Int, text: String)]
        do { rows = try store.load(user.key).filter { !owned.contains($0.id) } } catch { throw .store(error) }
        // A state a newer app kept is left as it is, for that app; the others come back.
        var newer: Int?
        rows.removeAll { row in
            guard let found = StateText.newerVersion(of: row.text) else { return false }
            newer = found
            return true
        }
        guard !rows.isEmpty else {
            if let newer { throw .newerVersion(newer) }
            return nil
        }
        // Each App that quit kept its windows; they all come back, the newest one's front in front.
        var session: (front: Int, windows: [String], problems: [StateText.Problem]) = (0, [], [])
        for row in rows {
            let one = StateText.windows(in: row.text) ?? (front: 0, windows: [row.text], problems: [])
            session.front = session.windows.count + one.front
            session.windows += one.windows
            session.problems += one.problems
        }
        var restored = try await restore(session, user: user.key, ids: rows.map(\.id))
        restored.undelivered = await deliverKeptAnswers(of: user.key)
        return restored
    }

    /// Gives each answer kept for `user` and not consumed to its asker, in the window that shows
    /// it; one whose asker is shown in no window is forgotten.
    /// - Returns: the answers forgotten.
    private func deliverKeptAnswers(of user: String) async -> [KeptAnswer] {
        guard let kept = try? store.answers(user), !kept.isEmpty else { return [] }
        var undelivered: [KeptAnswer] = []
        for answer in kept {
            var delivered = false
            for window in windows.all where !delivered { delivered = await window.deliver(answer) }
            if !delivered {
                try? store.drop(answer.record)
                undelivered.append(answer)
            }
        }
        return undelivered
    }
}
