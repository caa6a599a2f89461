import MultiWindow
import Navigation

extension Restoration {
    /// Brings back a session of several windows: the first that reads in the window in front,
    /// each other in a new window, and the one that was in front in front again. A window whose
    /// state does not read is left out, with what was wrong.
    func restore(
        _ session: (front: Int, windows: [String], problems: [KeptState.Problem]), user: String, ids: [Int]
    ) async throws(Failure) -> Restored? {
        var restored: [Restored] = []
        var leftOut: [LeftOutWindow] = []
        var front: Window?
        var firstWindow: Window?
        for (index, section) in session.windows.enumerated() {
            let (read, problems) = KeptState.read(section, by: navigator)
            guard let saved = read, saved.isTabbed else {
                leftOut.append(LeftOutWindow(number: index + 1, problems: problems))
                continue
            }
            var current = windowLinks?.front ?? navigator
            // An app of one window (no `windowLinks`) gets the first window that reads.
            if !restored.isEmpty, windowLinks == nil { break }
            if !restored.isEmpty, let links = windowLinks {
                // Past the session's limit, the rest are left out in one report, not one each.
                if links.windows.isFull {
                    let more = session.windows.count - index - 1
                    leftOut.append(
                        LeftOutWindow(
                            number: index + 1, problems: [.tooManyWindows(limit: links.windows.limit, more: more)]))
                    break
                }
                guard let window = try? await links.openWindow(), let made = links.navigator(of: window) else {
                    leftOut.append(LeftOutWindow(number: index + 1, problems: []))
                    continue
                }
                current = made
            }
            guard let window = current.window else { continue }
            if index == session.front { front = window }
            if firstWindow == nil { firstWindow = window }
            var one = await Restoration(navigator: current, load: load, save: save).restoring(saved, problems: problems)
            // A window opened here is the last one: its number is the count, found without a walk.
            one.window =
                restored.isEmpty ? windowLinks?.windows.number(of: window) ?? 1 : windowLinks?.windows.all.count ?? 1
            restored.append(one)
        }
        guard var first = restored.first else {
            _ = try? save(nil, user, ids)
            throw .unreadable(session.problems + (leftOut.first?.problems ?? []))
        }
        owned += ids
        if let shown = front ?? firstWindow { windowLinks?.windows.bringForward(shown) }
        first.windows = restored
        first.leftOutWindows = leftOut
        first.unreadSession = session.problems
        return first
    }
}
