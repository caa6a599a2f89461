extension Restoration {
    /// Brings back a session of several windows: the first that reads in the window in front,
    /// each other in a new window, and the one that was in front in front again. A window whose
    /// state does not read is left out, with what was wrong.
    func restore(
        _ session: (front: Int, windows: [String], problems: [StateText.Problem]), user: String, ids: [Int]
    ) async throws(Failure) -> Restored {
        var restored: [Restored] = []
        var leftOut: [LeftOutWindow] = []
        var front: Window<Places>?
        for (index, text) in session.windows.enumerated() {
            let (read, problems) = StateText.read(text, by: declarations, limit: windows.front.maximumDepth)
            guard let saved = read, saved.isTabbed else {
                leftOut.append(LeftOutWindow(number: index + 1, problems: problems))
                continue
            }
            var window = windows.front
            if !restored.isEmpty {
                // Past the session's limit, the rest are left out in one report, not one each.
                guard !windows.isFull else {
                    let more = session.windows.count - index - 1
                    leftOut.append(
                        LeftOutWindow(number: index + 1, problems: [.tooManyWindows(limit: windows.limit, more: more)]))
                    break
                }
                guard let made = try? await windows.openWindow() else {
                    leftOut.append(LeftOutWindow(number: index + 1, problems: []))
                    continue
                }
                window = made
            }
            if index == session.front || front == nil { front = window }
            var one = await window.batch(cause: .restoration) { await restoring(saved, in: window, problems: problems) }
            // A window opened here is the last one: its number is the count, found without a walk.
            one.window = restored.isEmpty ? windows.number(of: window) ?? 1 : windows.all.count
            restored.append(one)
        }
        guard var first = restored.first else {
            _ = try? store.save(nil, user, ids)
            throw .unreadable(session.problems + (leftOut.first?.problems ?? []))
        }
        owned += ids
        if let front { windows.bringForward(front) }
        first.windows = restored.count > 1 || !leftOut.isEmpty ? restored : []
        first.leftOutWindows = leftOut
        first.unreadSession = session.problems
        return first
    }

    /// `saved` brought back in `window`: each tab's stack, then the one shown with its modals.
    private func restoring(
        _ saved: NavigationState<Recorded<Places>>, in window: Window<Places>, problems: [StateText.Problem]
    ) async -> Restored {
        var dropped: [Dropped] = []
        let shown = saved.tabs[saved.selected]
        for tab in saved.tabs where tab.name != shown.name && tab.stack.count > 1 {
            await restore(tab.stack.map { $0.place }, inTab: tab.name, in: window, dropped: &dropped)
        }
        await restore(
            (shown.stack + saved.modals.joined()).map { $0.place }, inTab: shown.name, in: window, dropped: &dropped)
        // Every place kept and not shown now is reported: one not dropped above was named
        // again, and the plan went back to it.
        let now = window.state.places
        var missing = saved.all.map { $0.place }
        for place in now.all + dropped.flatMap({ $0.places }) {
            if let index = missing.firstIndex(of: place) { missing.remove(at: index) }
        }
        if !missing.isEmpty { dropped.append(Dropped(places: missing, tab: shown.name, reason: .namedAgain)) }
        let unsaved = giveBack(saved, in: window, dropped: &dropped)
        return Restored(places: window.state.places, unsaved: unsaved, dropped: dropped, unread: problems)
    }

    /// Shows the longest beginning of `places` that still resolves, in the tab `tab`: each is
    /// checked as a link's are (once), and the first that fails ends it.
    private func restore(_ places: [Places], inTab tab: String, in window: Window<Places>, dropped: inout [Dropped])
        async
    {
        guard declarations.tabNames.contains(tab) else {
            dropped.append(Dropped(places: places, tab: tab, reason: .noTab(tab)))
            return
        }
        var kept: [Places] = []
        var openers: [Opener<Places>?] = []
        for (index, place) in places.enumerated() {
            do {
                openers.append(try await place.checked(in: declarations.environment))
                kept.append(place)
            } catch {
                dropped.append(Dropped(places: Array(places[index...]), tab: tab, reason: .rule(error)))
                break
            }
        }
        guard !kept.isEmpty else { return }
        do throws(LinkFailure<Places>) {
            try await window.show(kept, inTab: tab, cause: .restoration, checked: openers)
        } catch {
            dropped.append(Dropped(places: kept, tab: tab, reason: .failed(error)))
        }
    }

    /// Gives each restored module what it kept beyond its place, where its place came back in
    /// the same position of the same stack: the query items its screen showed, its state (a
    /// draft), and the record of the question it answers (one another App answered and consumed,
    /// or closed, meanwhile closes again, noted in `dropped`).
    /// - Returns: the places that got their state back.
    private func giveBack(
        _ saved: NavigationState<Recorded<Places>>, in window: Window<Places>, dropped: inout [Dropped]
    ) -> [Places] {
        let now = window.state
        let placed = now.placed { (entry: $0, place: $1) }
        var pairs: [(Recorded<Places>, (entry: WindowState<Places>.Entry, place: Places))] = []
        for tab in saved.tabs {
            guard let root = placed.tabs.first(where: { $0.name == tab.name }) else { continue }
            pairs += zip(tab.stack, root.stack)
        }
        for (kept, modal) in zip(saved.modals, placed.modals) { pairs += zip(kept, modal) }
        var given: [Places] = []
        for (kept, (entry, place)) in pairs where place == kept.place {
            if !kept.query.isEmpty { window.deliver(kept.query, to: entry.screen) }
            if let text = kept.state, let restorer = window.state.screens.restorer(of: entry.screen) {
                restorer.restore(text)
                given.append(kept.place)
            }
            guard let record = kept.question, window.questions.open.contains(where: { $0.answerer === entry.screen })
            else { continue }
            if (try? store.isKept(record)) != false {
                window.questions.keep(record, forQuestionAnsweredBy: entry.screen)
            } else if window.closeUnanswered(entry.screen) {
                dropped.append(Dropped(places: [kept.place], tab: saved.selectedTab ?? "", reason: .answeredElsewhere))
            }
        }
        return given
    }
}
