import MultiWindow
import Navigation

/// State restoration: where a user was when the app last quit (every tab's stack, the tab
/// shown, the modals, and what a module keeps beyond its place, such as a draft) is kept per
/// user as text (`KeptState`), and brought back after that user passes the gate again, as
/// UIKit's state restoration and SwiftUI's scene storage do.
///
/// It goes through the link navigator's plans, so a kept state is checked as a link is: a place
/// comes back only if a link could name it, it may follow the one before, and its feature's rules
/// still hold (the user it names is still there, still a friend). What no longer resolves is
/// dropped, with the reason, and everything before it comes back. It reports what it did as
/// values; a front words them.
@MainActor
public final class Restoration {
    public let navigator: LinkNavigator
    /// The session's windows, when it has several: each one's state is kept, and comes back.
    public var windowLinks: WindowLinks?
    let load: Load
    let save: Save
    /// The kept states this session brought back or kept, by id: what its next keep replaces
    /// and a sign-out forgets. Another App's kept states are never among them.
    var owned: [Int] = []
    /// The questions and answers kept beyond this App: what a relaunch gives back to the screens
    /// that asked, and how a question open when the user is kept is kept with it.
    public var answers: KeptAnswers?

    /// Whether a restore is under way: a question its places open is kept once it is done.
    private var isRestoring = false

    /// Every kept text of a user (by the gate's key), oldest first, each with its id.
    public typealias Load = @MainActor (_ user: String) throws -> [(id: Int, text: String)]
    /// Keeps a user's text (`nil`: keeps none) and forgets the kept states `replacing` names, in
    /// one write; returns the new state's id.
    public typealias Save = @MainActor (_ state: String?, _ user: String, _ replacing: [Int]) throws -> Int?

    /// - Parameters:
    ///   - navigator: the links whose places are kept, and whose plans bring them back.
    ///   - load: every kept text of a user: one for each App that quit signed in as them.
    ///   - save: keeps a user's text beside the others, replacing those this session owns.
    public init(navigator: LinkNavigator, load: @escaping Load, save: @escaping Save) {
        self.navigator = navigator
        self.load = load
        self.save = save
    }

    /// Keeps where the user who passed the gate is, for their next time.
    /// - Returns: what was kept, or why it could not be; `nil` when nobody passed the gate or the
    ///   root has no tabs.
    public func keep() -> Kept? {
        guard let user = navigator.gate.who() else { return nil }
        // Every window of the session that shows tabs, in order; the one in front noted.
        // Numbered by position, as the windows number them: no walk of them all per window.
        let navigators: [(number: Int, navigator: LinkNavigator)] =
            windowLinks.map { links in
                links.windows.all.enumerated().compactMap { index, window in
                    links.navigator(of: window).map { (index + 1, $0) }
                }
            } ?? [(1, navigator)]
        let frontWindow = windowLinks?.windows.front ?? navigator.window
        var texts: [String] = []
        var windows: [Kept.Window] = []
        var front = 0
        for (number, navigator) in navigators {
            if let window = navigator.window { keepQuestions(of: window, by: navigator, user: user.key) }
            guard let window = navigator.window, let (text, state, cut, kept) = Self.keeping(window, by: navigator)
            else { continue }
            if window === frontWindow { front = texts.count }
            texts.append(text)
            windows.append(Kept.Window(number: number, places: state, unkept: cut, unsaved: kept))
        }
        guard !texts.isEmpty else { return nil }
        let text = texts.count == 1 ? texts[0] : KeptState.text(ofWindows: texts, front: front)
        func kept(_ failure: (any Error)?) -> Kept {
            Kept(
                user: user.name, places: windows[front].places, unkept: windows.flatMap(\.unkept),
                unsaved: windows.flatMap(\.unsaved), failure: failure, windows: windows.count > 1 ? windows : [],
                front: front)
        }
        // A state this app cannot read (a newer app kept it) is never overwritten: it stays for
        // that app, and this session's places are not kept.
        for existing in (try? load(user.key)) ?? [] {
            if case .newerVersion(let found)? = KeptState.read(existing.text, by: navigator).problems.first {
                return kept(Failure.newerVersion(found))
            }
        }
        do {
            owned = try save(text, user.key, owned).map { [$0] } ?? []
            return kept(nil)
        } catch {
            return kept(error)
        }
    }

    /// `window`'s state as kept text, its places, the places cut (no link names them) and those
    /// whose modules keep state; `nil` when it shows no tabs.
    private static func keeping(_ window: Window, by navigator: LinkNavigator) -> (
        String, NavigationState<AnyPlace>, [AnyPlace], [AnyPlace]
    )? {
        let state = window.state.places
        guard state.isTabbed else { return nil }
        let questions = window.questions.open
        func kept(_ places: [AnyPlace], _ screens: [any Screen]) -> [KeptPlace] {
            zip(places, screens).map { place, screen in
                KeptPlace(
                    place, query: screen.queryItems, state: window.state.restorer(of: screen)?.restorableState,
                    question: questions.first { $0.answerer === screen }?.record)
            }
        }
        let screens = window.state.stacks
        let keeping = NavigationState(
            tabs: state.tabs.map { .init(name: $0.name, stack: kept($0.stack, screens.stack(ofTab: $0.name) ?? [])) },
            selected: state.selected, modals: zip(state.modals, screens.modals).map(kept))
        let (text, unkept) = KeptState.text(of: keeping, by: navigator)
        let unsaved = (keeping.tabs.flatMap(\.stack) + keeping.modals.joined()).filter { $0.state != nil }.map(\.place)
        return (text, state, unkept, unsaved)
    }

    /// A question opened or closed in a window (a picker): the session's places are kept now,
    /// not only at quit, so the question comes back after a kill. Nothing while a restore runs:
    /// it brings back what was kept.
    /// - Returns: what keeping did; `nil` while restoring, or as `keep()` says.
    public func questionsChanged() -> Kept? {
        isRestoring ? nil : keep()
    }

    /// Forgets what this session kept or brought back for the user who passed the gate: they
    /// left on purpose (sign-out), so this session's places are not kept. What another App kept
    /// meanwhile stays, for their next sign-in.
    public func forget() {
        guard let user = navigator.gate.who() else { return }
        _ = try? save(nil, user.key, owned)
        owned = []
    }

    /// Brings the user who passed the gate back to where they were, as far as it still resolves.
    /// - Returns: what came back and what was dropped; `nil` when nothing was kept for them.
    /// - Throws: `Restoration.Failure` when what was kept cannot be read (it is forgotten then).
    public func restore() async throws(Failure) -> Restored? {
        guard let user = navigator.gate.who() else { return nil }
        isRestoring = true
        defer { isRestoring = false }
        guard var restored = try await restorePlaces(of: user) else { return nil }
        restored.undelivered = await deliverKeptAnswers(of: user.key)
        return restored
    }

    /// Brings back the places kept for `user`, as `restore()` says.
    private func restorePlaces(of user: (key: String, name: String)) async throws(Failure) -> Restored? {
        var rows: [(id: Int, text: String)]
        do { rows = try load(user.key).filter { !owned.contains($0.id) } } catch { throw .store(error) }
        // A state a newer app kept is left as it is, for that app; the others come back.
        var newer: Int?
        rows.removeAll { row in
            guard case .newerVersion(let found)? = KeptState.read(row.text, by: navigator).problems.first else {
                return false
            }
            newer = found
            return true
        }
        guard !rows.isEmpty else {
            if let newer { throw .newerVersion(newer) }
            return nil
        }
        let ids = rows.map(\.id)
        // Each App that quit kept its windows; they all come back, the newest one's front in front.
        if rows.count > 1 || KeptState.windows(in: rows[0].text) != nil {
            var session: (front: Int, windows: [String], problems: [KeptState.Problem]) = (0, [], [])
            for row in rows {
                let one = KeptState.windows(in: row.text) ?? (front: 0, windows: [row.text], problems: [])
                session.front = session.windows.count + one.front
                session.windows += one.windows
                session.problems += one.problems
            }
            return try await restore(session, user: user.key, ids: ids)
        }
        let (read, problems) = KeptState.read(rows[0].text, by: navigator)
        guard let saved = read, saved.isTabbed else {
            _ = try? save(nil, user.key, ids)
            throw .unreadable(problems)
        }
        let current = windowLinks?.front ?? navigator
        guard current.window != nil else { return nil }
        owned += ids
        let restoring = Restoration(navigator: current, load: load, save: save)
        restoring.answers = answers
        return await restoring.restoring(saved, problems: problems)
    }

    /// `saved` brought back in the navigator's window, as one change the user sees.
    func restoring(_ saved: NavigationState<KeptPlace>, problems: [KeptState.Problem]) async -> Restored {
        guard let window = navigator.window else {
            return Restored(places: NavigationState(root: []), unsaved: [], dropped: [], unread: problems)
        }
        return await window.batch(cause: .restoration) { await restoringTabs(saved, problems: problems) }
    }

    private func restoringTabs(_ saved: NavigationState<KeptPlace>, problems: [KeptState.Problem]) async -> Restored {
        var dropped: [Dropped] = []
        let shown = saved.tabs[saved.selected]
        for tab in saved.tabs where tab.name != shown.name && tab.stack.count > 1 {
            await restore(tab.stack.map(\.place), inTab: tab.name, dropped: &dropped)
        }
        await restore((shown.stack + saved.modals.joined()).map(\.place), inTab: shown.name, dropped: &dropped)
        // Every place kept and not shown now is reported: one not dropped above was named
        // again, and the plan went back to it.
        let now = navigator.window?.state.places ?? NavigationState(root: [])
        var missing = (saved.tabs.flatMap { $0.stack } + saved.modals.joined()).map(\.place)
        for place in now.tabs.flatMap(\.stack) + now.modals.joined() + dropped.flatMap(\.places) {
            if let index = missing.firstIndex(of: place) { missing.remove(at: index) }
        }
        if !missing.isEmpty { dropped.append(Dropped(places: missing, tab: shown.name, reason: .namedAgain)) }
        let unsaved = giveBack(saved)
        dropped += reattachQuestions(saved, tab: shown.name)
        return Restored(
            places: navigator.window?.state.places ?? NavigationState(root: []), unsaved: unsaved, dropped: dropped,
            unread: problems)
    }

    /// Shows the longest beginning of `places` that still resolves, in the tab `tab`.
    private func restore(_ places: [AnyPlace], inTab tab: String, dropped: inout [Dropped]) async {
        guard navigator.tabs.contains(where: { $0.name == tab }) else {
            dropped.append(Dropped(places: places, tab: tab, reason: .noTab(tab)))
            return
        }
        var kept: [AnyPlace] = []
        var checked: [AnyPlace: any Sendable] = [:]
        for (index, place) in places.enumerated() {
            switch await check(place, after: kept) {
            case .failure(let reason):
                dropped.append(Dropped(places: Array(places[index...]), tab: tab, reason: reason))
            case .success(let value):
                checked[place] = value
                kept.append(place)
                continue
            }
            break
        }
        guard !kept.isEmpty else { return }
        do throws(LinkFailure) {
            try await navigator.show(kept, inTab: tab, cause: .restoration, checked: checked)
        } catch {
            dropped.append(Dropped(places: kept, tab: tab, reason: .failed(error)))
        }
    }

    /// What the check of `place` read, when it can come back after `before`; else why not.
    private func check(_ place: AnyPlace, after before: [AnyPlace]) async -> Result<(any Sendable)?, Reason> {
        guard let kind = navigator.kind(of: place) else { return .failure(.noLink) }
        if let last = before.last, !navigator.canFollow(place, after: last) {
            return .failure(.cannotFollow(after: last))
        }
        do { return .success(try await kind.check(place)) } catch { return .failure(.rule(error)) }
    }

    /// Gives each restored module the state it kept (a draft), where its place came back in the
    /// same position of the same stack.
    /// - Returns: the places that got their state back.
    private func giveBack(_ saved: NavigationState<KeptPlace>) -> [AnyPlace] {
        guard let window = navigator.window else { return [] }
        let state = window.state.places
        var given: [AnyPlace] = []
        func give(_ kept: [KeptPlace], _ places: [AnyPlace], _ screens: [any Screen]) {
            for (index, keptPlace) in kept.enumerated() {
                guard index < places.count, index < screens.count, places[index] == keptPlace.place else { continue }
                // What the screen showed of its own (a mark, a filter) comes back with it.
                if !keptPlace.query.isEmpty { window.deliver(keptPlace.query, to: screens[index]) }
                guard let text = keptPlace.state, let restorer = window.state.restorer(of: screens[index]) else {
                    continue
                }
                restorer.restore(text)
                given.append(keptPlace.place)
            }
        }
        let shown = window.state.stacks
        for tab in saved.tabs {
            give(tab.stack, state.stack(ofTab: tab.name) ?? [], shown.stack(ofTab: tab.name) ?? [])
        }
        for (kept, (places, screens)) in zip(saved.modals, zip(state.modals, shown.modals)) {
            give(kept, places, screens)
        }
        return given
    }
}
