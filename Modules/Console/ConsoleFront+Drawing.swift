import Navigation

/// What the console writes: a screen, the help, `where`, and its own lines, each made safe to
/// print.
extension ConsoleFront {
    /// Draws `screen`: the breadcrumb, the tabs, its content with its items numbered, and the
    /// commands it offers and those that work everywhere.
    ///
    /// The block is written as one string, built as bytes (`ConsoleText`), each piece that may
    /// come from anywhere (titles, tab names, the content) made safe to print as it is added: a
    /// screen is drawn after nearly every command, so no list of lines is made and joined first.
    func draw(_ screen: any Screen, _ content: ScreenContent) {
        var text = ConsoleText(capacity: 1024)
        if endPrompt() { text.append("\n") }
        text.append("== ")
        text.add(windowPrefix)
        text.addBreadcrumb(of: window)
        text.append(" ==\n")
        let tabs = window.state.screens.tabNames
        if !tabs.isEmpty {
            text.append("Tabs:")
            let selected = window.state.screens.selectedTab
            for name in tabs {
                text.append(" ")
                if name == selected {
                    text.append("[")
                    text.add(name)
                    text.append("]")
                } else {
                    text.add(name)
                }
            }
            text.append("\n")
        }
        var number = 0
        for line in content.lines {
            switch line {
            case .text(let line):
                text.add(line)
            case .item(let line):
                number += 1
                text.append("  ")
                text.add(number)
                text.append(". ")
                text.add(line)
            }
            text.append("\n")
        }
        text.append("Commands: ")
        let actions = content.actions + contributed(to: screen)
        for (index, action) in actions.enumerated() {
            if index > 0 { text.append(", ") }
            text.add(action.usage)
        }
        if !actions.isEmpty { text.append("; also ") }
        text.add(everywhereNames)
        text.append("\n")
        text.write(to: output)
        drawn = screen
        drawnContent = content
    }

    /// Lists the commands of `screen`, then those that work everywhere, each with what it does.
    func showHelp(for screen: any Screen) {
        let own = actions(of: screen)
        // The console's own commands are typed after the mark (`:help` under the full screen).
        let width = (own.map(\.usage.count) + everywhere.map { commandMark.count + $0.usage.count }).max() ?? 0
        func row(_ action: ScreenContent.Action, mark: String = "") -> String {
            let usage = mark + action.usage
            return "  " + usage + String(repeating: " ", count: width - usage.count + 3) + action.summary
        }
        var lines = own.isEmpty ? [] : ["Commands on \(screen.title):"] + own.map { row($0) }
        lines += ["Everywhere:"] + everywhere.map { row($0, mark: commandMark) }
        say(lines)
    }

    /// Prints every stack of the window, the top screen, and the link that recreates it all.
    func showWhere() {
        say(whereLines())
    }

    /// What `where` prints: every stack of the window in front, the top screen, and the link that
    /// recreates it all (and the one that waits for sign-in).
    public func whereLines() -> [String] {
        let state = window.state.screens.titles
        var rows: [(String, String)] = []
        if windows.all.count > 1, let number = windows.number(of: window) {
            rows.append(("window", "\(number) of \(windows.all.count)"))
        }
        if let tab = state.selectedTab {
            rows.append(("tab", "\(tab) (of \(state.tabNames.joined(separator: ", ")))"))
        }
        rows.append(("root", state.root.joined(separator: " > ")))
        for (number, modal) in state.modals.enumerated() {
            rows.append(("modal \(number + 1)", modal.joined(separator: " > ")))
        }
        rows.append(("top", state.top ?? "(none)"))
        rows.append(("link", window.currentLink))
        if let pending = window.pending { rows.append(("pending", "\(pending.text), after sign-in")) }
        return aligned(rows)
    }

    /// Rows as `label: value`, the values in one column.
    func aligned(_ rows: [(String, String)]) -> [String] {
        // The labels are the console's own ASCII words: their bytes are their characters.
        var width = 0
        for row in rows { width = max(width, row.0.utf8.count) }
        var lines: [String] = []
        lines.reserveCapacity(rows.count)
        for (label, value) in rows {
            lines.append(label + ":" + String(repeating: " ", count: width - label.utf8.count + 1) + value)
        }
        return lines
    }

    func say(_ lines: [ScreenFeedback.Line]) {
        // Nearly always there is nothing to say.
        guard !lines.isEmpty else { return }
        for line in lines {
            switch line {
            case .error(let error):
                // A load stopped by `back` was said as it stopped; a link it ended is not a failure.
                if case .stepFailed(_, let reason)? = error as? LinkFailure<Places>,
                    case .stopped? = reason as? RoutingError
                {
                    continue
                }
                sayError(words.words(for: error))
            case .notice(let text): say(text)
            }
        }
    }

    /// What a command in `window`, not in front now, said as it ended (its screen's feedback,
    /// the console's words), each line naming the window: it is not the one the user sees.
    func sayBehind(_ window: Window<Places>) {
        let number = windows.number(of: window).map(String.init) ?? "?"
        let lines = (window.state.screens.topScreen?.feedback.take() ?? []) + said
        said = []
        for line in lines {
            switch line {
            case .error(let error):
                if case .stepFailed(_, let reason)? = error as? LinkFailure<Places>,
                    case .stopped? = reason as? RoutingError
                {
                    continue
                }
                sayError("window \(number): " + words.words(for: error))
            case .notice(let text): say("Window \(number): " + text)
            }
        }
    }

    func sayError(_ text: String) {
        say("error: " + text)
    }

    func say(_ line: String) {
        say([line])
    }

    /// Writes lines of text that may come from anywhere (user data included), each made safe to
    /// print: nothing written can drive a terminal.
    func say(_ lines: [String]) {
        // One string for the whole block, sized once; a plain line is copied as it is.
        var size = 1
        for line in lines { size += line.utf8.count + 1 }
        var text = ConsoleText(capacity: size)
        // A prompt printed while a load waited, and nothing typed after it: the line ends first.
        if endPrompt() { text.append("\n") }
        for line in lines {
            text.add(line)
            text.append("\n")
        }
        text.write(to: output)
    }
}

extension ConsoleText {
    /// Appends the breadcrumb of `window`'s titles (`Friends > [Profile @bob]`), each title made
    /// safe to print.
    @MainActor
    mutating func addBreadcrumb<Places>(of window: Window<Places>) {
        // Read in place: `titles` would make a state of every screen's title.
        var empty = true
        func addStack(_ entries: [WindowScreens.Entry], modal: Bool) {
            guard !entries.isEmpty else { return }
            if !empty { append(" > ") }
            if modal { append("[") }
            for index in entries.indices {
                if index > 0 { append(" > ") }
                add(entries[index].screen.title)
            }
            if modal { append("]") }
            empty = false
        }
        let screens = window.state.screens
        if screens.roots.indices.contains(screens.selected) {
            addStack(screens.roots[screens.selected].stack.entries, modal: false)
        }
        for stack in screens.modals { addStack(stack.entries, modal: true) }
        if empty { append("(no screen)") }
    }

}

extension NavigationState<String> {
    /// What the user sees, as one line of titles: the shown root stack, then each modal stack in
    /// brackets (`Friends > Chat @bob > [Profile @bob]`), or `(no screen)`. What the console
    /// draws above every screen.
    var breadcrumb: String {
        var text = ""
        for title in root {
            if !text.isEmpty { text += " > " }
            text += title
        }
        for modal in modals {
            if !text.isEmpty { text += " > " }
            text += "[" + modal.joined(separator: " > ") + "]"
        }
        return text.isEmpty ? "(no screen)" : text
    }
}
