import Navigation

extension ConsoleFront {
    /// `window new`, `window close`, `window <n>`, `windows`.
    func handleWindowCommand(_ command: Command) async {
        if command.name == ConsoleCommand.windows.rawValue {
            guard command.argument.isEmpty else { return sayTakesNothing("windows") }
            return listWindows()
        }
        let mark = commandMark
        let usage = "type \(mark)window new, \(mark)window close, or \(mark)window <n> with n from \(mark)windows"
        switch command.argument.lowercased() {
        case "new":
            do { try await windows.openWindow() } catch { sayError(words.words(for: error)) }
        case "close":
            await closeWindow()
        case "":
            sayError("window needs new, close or a window's number; \(usage)")
        case let word:
            guard let number = Int(word) else {
                // `window close 2`: close takes no window's number; it closes the one in front.
                switch word.split(separator: " ", maxSplits: 1).first {
                case "close":
                    return sayError(
                        "window close takes nothing after it: it closes the window in front; bring the one "
                            + "to close forward with window <n>, then type window close")
                case "new": return sayTakesNothing("window new")
                default: return sayError("\"\(command.argument)\" is not new, close or a number; \(usage)")
                }
            }
            guard let chosen = windows.window(numbered: number) else {
                return sayError("there is no window \(number); the windows are 1 to \(windows.all.count)")
            }
            guard chosen !== window else { return said.append(.notice("Window \(number) is in front already.")) }
            windows.bringForward(chosen)
        }
    }

    /// Closes the window in front, asking first if it has work to lose.
    private func closeWindow() async {
        let closing = window
        guard windows.all.count > 1 else { return sayError(words.words(for: RoutingError.lastWindow)) }
        if let refusing = await closing.state.screens.refusal(among: closing.state.screens.stacks.all) {
            return said.append(.notice(words.stayed(refusing.title)))
        }
        let number = windows.number(of: closing) ?? 0
        let pending = closing.pending?.text
        do throws(RoutingError) {
            try windows.close(closing)
            let now = windows.number(of: window) ?? 1
            // The windows after the one closed are numbered one less now: say so of the one in front.
            let was = now >= number ? " (it was window \(now + 1))" : ""
            let front = "window \(now)\(was), \(window.state.screens.titles.breadcrumb)"
            said.append(.notice("Closed window \(number). In front: \(front)."))
            if let pending { said.append(.notice("Dropped \(pending): its window closed before you signed in.")) }
        } catch {
            sayError(words.words(for: error))
        }
    }

    /// Each window's number and breadcrumb, the one in front marked.
    private func listWindows() {
        for (index, each) in windows.all.enumerated() {
            say("\(each === window ? "*" : " ") \(index + 1). \(each.state.screens.titles.breadcrumb)")
        }
    }

    /// "Window 2: " before the breadcrumb while there are several windows; empty with one.
    var windowPrefix: String {
        guard windows.all.count > 1, let number = windows.number(of: window) else { return "" }
        return "Window \(number): "
    }
}

extension ConsoleWords {
    /// Why a link opened in another window, in one line.
    func words(for choice: Windows<Places>.Choice, number: Int) -> String {
        switch choice {
        case .newWindow: "Opened in a new window, window \(number)."
        case .shownIn(_, let onTop):
            "Window \(number) shows it \(onTop ? "on top" : "on its stack"), so it came forward instead of opening a copy."
        case .front, .waitsInFront: "In window \(number)."
        }
    }

    /// Which window a link would open in, and why: what `explain` prints.
    func words(for decision: (window: Window<Places>?, choice: Windows<Places>.Choice), in windows: Windows<Places>)
        -> String
    {
        let number = decision.window.flatMap(windows.number(of:)).map(String.init) ?? "a new one"
        return switch decision.choice {
        case .newWindow: "a new one (--new-window)"
        case .front(let shows):
            shows ? "\(number), in front, which shows it" : "\(number), in front: no other window shows its last screen"
        case .waitsInFront: "\(number), in front, where it waits for sign-in"
        case .shownIn(_, let onTop): "\(number), which shows it \(onTop ? "on top" : "on its stack"): it comes forward"
        }
    }
}
