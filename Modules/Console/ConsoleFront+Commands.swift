import Domain
import Navigation

extension ConsoleFront {
    /// The commands every screen takes, in the order `help` lists them: `help`, `back`, `where`,
    /// `trace`, the links' and the windows', the flags' while they apply, and `quit`. Made again
    /// only when what they depend on changed (the tabs, a pending link, sign-in): every line reads
    /// them.
    var everywhere: [ScreenContent.Action] { everywhereCommands().commands }

    /// The names of `everywhere`, as the command line under each screen lists them.
    var everywhereNames: String { everywhereCommands().names }

    /// The command of `everywhere` named `name`, if there is one.
    func everywhereCommand(named name: String) -> ScreenContent.Action? {
        everywhereCommands().command(named: name)
    }

    private func everywhereCommands() -> EverywhereCommands {
        // The window read once: each read of a reference is a retain and a release.
        let window = self.window
        let (id, changes) = (ObjectIdentifier(window), window.changes)
        let hasFlags = flags != nil
        let hasPending = window.pending != nil
        // The gate is asked again only once the window changed: a line reads these twice or more.
        if let last = madeEverywhere.first, last.key.window == id, last.key.changes == changes,
            last.key.hasFlags == hasFlags, last.key.hasPending == hasPending
        {
            return last
        }
        let isSignedIn = window.isGatePassed
        // Made again only when something they name changed. The last two made are kept, as
        // signing out and in again goes back and forth between two; the one found is marked as
        // of this change of this window, in place, and put first. The tabs are compared with the
        // window's in place.
        for index in madeEverywhere.indices {
            let made = madeEverywhere[index]
            guard made.key.hasFlags == hasFlags, made.key.hasPending == hasPending, made.key.isSignedIn == isSignedIn,
                window.state.screens.tabNames == made.key.tabs
            else { continue }
            (made.key.window, made.key.changes) = (id, changes)
            if index > 0 { madeEverywhere.swapAt(0, index) }
            return made
        }
        let key = EverywhereCommands.Key(
            window: id, changes: changes, tabs: window.state.screens.tabNames, hasFlags: hasFlags,
            hasPending: hasPending, isSignedIn: isSignedIn)
        let made = EverywhereCommands(key: key, commands: makeEverywhere())
        madeEverywhere = [made] + madeEverywhere.prefix(1)
        return made
    }

    private func makeEverywhere() -> [ScreenContent.Action] {
        var commands: [ScreenContent.Action] = []
        for command in ConsoleCommand.allCases {
            if let action = action(for: command) { commands.append(action) }
        }
        return commands
    }

    /// `command` as this screen lists it, with what it takes and what it does; `nil` where it
    /// does not apply.
    private func action(for command: ConsoleCommand) -> ScreenContent.Action? {
        let name = command.rawValue
        switch command {
        case .help: return ScreenContent.Action(name, summary: "list the commands you can use here")
        case .back: return ScreenContent.Action(name, summary: "close this screen and go back")
        case .where: return ScreenContent.Action(name, summary: "show every open screen, stack by stack")
        case .trace:
            return ScreenContent.Action(
                name, .text("on|off"), summary: "print every change to the window, with its duration")
        case .tab:
            let tabs = window.state.screens.tabNames
            guard !tabs.isEmpty else { return nil }
            return ScreenContent.Action(
                name, .text("<name>"), summary: "show another tab: " + tabs.joined(separator: ", "))
        case .open:
            return ScreenContent.Action(
                name, .text("<link>"),
                summary: "go to the screen a link names, as \(window.declarations.scheme)://chat/bob"
                    + " (open --new-window <link>: in a new window)")
        case .explain:
            return ScreenContent.Action(
                name, .text("<link>"), summary: "say what open <link> would do, without doing it")
        case .window:
            return ScreenContent.Action(
                name, .text("new|close|<n>"), summary: "open a new window, close this one, or bring window n forward")
        case .windows:
            return ScreenContent.Action(name, summary: "list the windows, this one marked")
        case .flags:
            guard flags != nil else { return nil }
            return ScreenContent.Action(name, summary: "list the feature flags")
        case .flag:
            guard flags != nil else { return nil }
            return ScreenContent.Action(name, .text("<name> on|off"), summary: "turn a feature flag on or off")
        case .cancel:
            guard window.pending != nil else { return nil }
            return ScreenContent.Action(name, summary: "drop the link waiting for you to sign in")
        case .signout:
            guard window.isGatePassed else { return nil }
            let gate = Places.gate.title
            return ScreenContent.Action(name, summary: "sign out, from any screen, and go back to \(gate)")
        case .quit: return ScreenContent.Action(name, summary: "end the session")
        }
    }

    // MARK: - Links

    /// `tab`, `open`, `explain`, `cancel`, `signout`: `kind` is `command`'s.
    func handleLinkCommand(_ kind: ConsoleCommand, _ command: Command) async {
        let scheme = window.declarations.scheme
        switch kind {
        case .tab:
            guard command.words.count == 1 else {
                return sayError(
                    "tab needs one tab's name: tab " + window.state.screens.stacks.tabNames.joined(separator: ", tab "))
            }
            do throws(LinkFailure<Places>) {
                if case .stayed(let screen) = try await window.switchTab(to: command.argument.lowercased()) {
                    said.append(.notice(words.stayed(screen)))
                }
            } catch {
                said.append(.error(error))
            }
        case .open:
            let (newWindow, link) = newWindowAndLink(in: command.argument)
            guard !link.isEmpty else {
                return sayError("open needs a link: open \(scheme)://friends, for example")
            }
            if let refusal = Self.optionRefusal(of: "open", in: link) { return sayError(refusal) }
            await openLink(link, newWindow: newWindow)
        case .explain:
            let (newWindow, link) = newWindowAndLink(in: command.argument)
            guard !link.isEmpty else {
                return sayError("explain needs a link: explain \(scheme)://friends, for example")
            }
            if let refusal = Self.optionRefusal(of: "explain", in: link) { return sayError(refusal) }
            // Explained through the same choice of window that open makes, from that window.
            let (window, choice, explanation) = await windows.explain(link, newWindow: newWindow)
            var rows = words.rows(for: explanation, from: window.map(shownTitles) ?? newWindowTitles)
                .map { ($0.label, $0.value) }
            if let choice, newWindow || windows.all.count > 1, !explanation.fails {
                rows.insert(("window", words.words(for: (window, choice), in: windows)), at: 1)
            }
            said += aligned(rows).map { .notice($0) }
        case .cancel:
            if let link = window.dropPending() {
                said.append(.notice("Dropped \(link); it will not open when you sign in."))
            }
        case .signout:
            await signOut()
        case .help, .back, .where, .trace, .window, .windows, .flags, .flag, .quit:
            break
        }
    }

    /// What `window` shows, as the breadcrumb names it.
    private func shownTitles(_ window: Window<Places>) -> String { window.state.screens.titles.description }

    /// What a new window would show first.
    private var newWindowTitles: String {
        window.newWindowState.path.map { $0.title }.joined(separator: " > ") + " (a new window)"
    }

    /// `--new-window <link>` as (true, link); anything else as (false, the text).
    private func newWindowAndLink(in argument: String) -> (newWindow: Bool, link: String) {
        guard argument == "--new-window" || argument.hasPrefix("--new-window ") else {
            return (false, argument)
        }
        return (true, String(String(argument.dropFirst("--new-window".count)).trimmingWhitespace()))
    }

    /// Why `text`, what follows `--new-window` if given, is an option and not a link (a link
    /// never starts with `-`); `nil` for a link.
    static func optionRefusal(of command: String, in text: String) -> String? {
        guard text.hasPrefix("-") else { return nil }
        let word = text.prefix { $0 != " " }
        guard word != "--new-window" else {
            return "\(command) takes --new-window once; type \(command) --new-window <link>"
        }
        return "\(command) has no option \"\(word)\"; type \(command) [--new-window] <link>"
    }

    /// Opens `text`, and says how it went after the screen on top.
    /// - Parameters:
    ///   - text: the link.
    ///   - fromHere: whether it opens from the screen on top, where that screen can open it (a
    ///     link in a chat message); else it names the whole state.
    ///   - newWindow: whether it opens in a new window (`open --new-window`).
    public func openLink(_ text: String, fromHere: Bool = false, newWindow: Bool = false) async {
        do throws(LinkFailure<Places>) {
            let link = try window.resolve(text, fromHere: fromHere)
            // A link followed from a screen opens from it, in its window.
            try await opening(link, newWindow: newWindow, choosing: !fromHere)
        } catch {
            said.append(.error(error))
        }
    }

    /// Opens a link resolved already (a cold start's `--link`), in the window the rule chooses
    /// (a new one with `newWindow`, as `--new-window` asks), and says how it went after the
    /// screen on top.
    public func open(_ link: ResolvedLink<Places>, newWindow: Bool = false) async {
        do throws(LinkFailure<Places>) {
            try await opening(link, newWindow: newWindow, choosing: true)
        } catch {
            said.append(.error(error))
        }
    }

    /// Opens `link`, in the window the rule chooses when `choosing`, and says how it went (that
    /// it was there already, unless told not to).
    /// - Returns: what opening it did.
    @discardableResult
    private func opening(
        _ link: ResolvedLink<Places>, newWindow: Bool, choosing: Bool, sayingAlreadyThere: Bool = true
    ) async throws(LinkFailure<Places>) -> LinkOutcome {
        func say(_ outcome: LinkOutcome) {
            guard sayingAlreadyThere || outcome != .alreadyThere, let line = words.words(for: outcome, of: link.text)
            else { return }
            said.append(.notice(line))
        }
        guard choosing else {
            let outcome = try await window.open(link)
            say(outcome)
            return outcome
        }
        let before = windows.front
        let (window, choice, outcome) = try await windows.open(link, newWindow: newWindow)
        guard window !== before, let number = windows.number(of: window) else {
            say(outcome)
            return outcome
        }
        // Another window came forward: that is a change, whatever the link did there.
        said.append(.notice(words.words(for: choice, number: number)))
        switch outcome {
        case .alreadyThere: break
        case .stayed(let screen): said.append(.notice("Stayed on \(screen)."))
        default: if let line = words.words(for: outcome, of: link.text) { said.append(.notice(line)) }
        }
        return outcome
    }

    /// An error in the words the console prints it with, for a line the program writes itself
    /// (a bad `--link` on standard error).
    public func describe(_ error: any Error) -> String {
        words.words(for: error)
    }

    /// A problem reading a window's state (a kept state, a replayed event's), in the console's words.
    public func describe(_ problem: StateText.Problem) -> String {
        words.words(for: problem)
    }

    /// Signs out from wherever the user is: asks first if a screen has unsaved work, then takes
    /// down every tab and modal (each module is released), forgets where the user was kept, and
    /// closes the gate: the gate's screen is the only one, with no way back.
    ///
    /// With several windows, each other window with unsaved work is asked first, then this one;
    /// once every answer is yes, the other windows close and this one shows the gate: one sign-in
    /// is shared, so one gate is shown.
    private func signOut() async {
        let others = windows.all.filter { $0 !== window }
        for other in others {
            let screens = other.state.screens.stacks.all
            guard !other.state.screens.screensAsking(among: screens).isEmpty else { continue }
            say("Window \(windows.number(of: other) ?? 0) has work to lose:")
            if let refusing = await other.state.screens.refusal(among: screens) {
                said.append(.notice(words.stayed(refusing.title) + " You are still signed in."))
                return
            }
        }
        do throws(LinkFailure<Places>) {
            let outcome = try await window.closeGate { [restoration, windows] in
                restoration?.forget()
                for other in others { try? windows.close(other) }
            }
            if case .stayed(let screen) = outcome {
                said.append(.notice(words.stayed(screen) + " You are still signed in."))
            } else if !others.isEmpty {
                said.append(.notice("Closed the other \(others.count == 1 ? "window" : "\(others.count) windows")."))
            }
        } catch {
            said.append(.error(error))
        }
    }

    /// What follows passing the gate, as a phone app restored from a link does it: every window
    /// kept when the app last quit comes back first, then each link followed before signing in
    /// opens, one typed in another window there, and the front's as `open` would (in a window
    /// that shows it whole, else in the window in front), so a link start neither hides the
    /// kept windows nor adds one. Says how it went.
    public func gatePassed() async {
        // One sign-in is shared: every other window on the gate's screen goes home too.
        var waiting: [Window<Places>] = []
        for other in windows.all where other !== window {
            guard let top = other.state.screens.topScreen, let shown = other.state.place(of: top), shown == Places.gate
            else { continue }
            do { try await other.openTabs() } catch { said.append(.error(error)) }
            if other.pending != nil { waiting.append(other) }
        }
        let pending = window.dropPending()
        await restoreKept()
        for other in waiting {
            guard let (link, result) = await other.continuePending() else { continue }
            let number = windows.number(of: other) ?? 0
            switch result {
            case .success:
                said.append(.notice("Opened \(link) in window \(number), where you followed it before signing in."))
            case .failure(let error):
                said.append(
                    .error(
                        InputRefused(
                            "could not open \(link) in window \(number) after signing in: \(words.words(for: error))")))
            }
        }
        guard let pending else { return }
        // Resolved again, so the rules check it for the user who signed in.
        do throws(LinkFailure<Places>) {
            let link = try window.resolve(pending)
            let before = said.count
            let outcome = try await opening(link, newWindow: false, choosing: true, sayingAlreadyThere: false)
            said.insert(
                .notice(
                    outcome == .alreadyThere
                        ? "\(pending), the link you followed before signing in, is shown: it came back with where you were."
                        : "Opened \(pending), the link you followed before signing in."), at: before)
        } catch {
            said.append(.error(InputRefused("could not open \(pending) after signing in: \(words.words(for: error))")))
        }
    }

    /// Brings back where the user was when the app last quit, every window, if it was kept, and
    /// says how it went.
    private func restoreKept() async {
        guard let restoration else { return }
        do throws(Restoration<Places>.Failure) {
            guard let restored = try await restoration.restore() else { return }
            said += words.lines(for: restored).map { .notice($0) }
        } catch {
            let first = Places.tabs.first?.title ?? "the first screen"
            switch error {
            case .unreadable(let problems):
                let why = problems.first.map { ": " + words.words(for: $0) } ?? ""
                said.append(
                    .error(
                        InputRefused(
                            "where you were last time could not be read\(why); it is forgotten, and you are on \(first)"
                        )
                    ))
            case .newerVersion(let found):
                // Nothing went wrong: a newer App's state waits for that App.
                said.append(
                    .notice(
                        "Where you were last time was kept by a newer App (state version \(found); this one reads "
                            + "up to \(StateText.version)), so it is left as it is; you are on \(first)."))
            case .store(let error):
                said.append(.error(InputRefused("could not read where you were: \(words.words(for: error))")))
            }
        }
    }

    // MARK: - Flags

    func listFlags() {
        guard let flags = flags?.flags else { return }
        let width = flags.registry.map(\.name.count).max() ?? 0
        for flag in flags.registry {
            let padding = String(repeating: " ", count: width - flag.name.count + 2)
            let value = flags.isOn(flag) ? "on " : "off"
            said.append(
                .notice(
                    "\(flag.name)\(padding)\(value)  (default \(flag.defaultValue ? "on" : "off"))  \(flag.summary)"))
        }
        if flags.registry.isEmpty { said.append(.notice("There are no feature flags.")) }
    }

    func setFlag(_ command: Command) {
        guard let (flags, keep) = self.flags else { return }
        let usage = "type \(commandMark)flag <name> on|off; \(commandMark)flags lists the names"
        guard command.words.count == 2 else {
            return sayError("flag needs a name and on or off; \(usage)")
        }
        // Kept, and said back, as the flag is named: flags' names are lowercase.
        let name = command.words[0].lowercased()
        do throws(FlagError) {
            let value = try FeatureFlags.value(String(command.words[1]), for: name)
            let before = flags.registry.first { $0.name == name }.map(flags.isOn)
            try flags.set(name, to: value)
            do { try keep(name, value) } catch {
                if let before { try? flags.set(name, to: before) }
                return said.append(
                    .error(InputRefused("\(name) could not be kept, so it stays as it was: \(words.words(for: error))"))
                )
            }
            said.append(
                .notice(
                    "\(name) is \(value ? "on" : "off"). Screens already open stay as they are; the next one opened follows it."
                ))
        } catch {
            said.append(.error(error))
        }
    }
}

extension ConsoleFront: UserPrompt {
    /// Asks a yes-or-no question and reads the answer from the next line: at a terminal after the
    /// question; from a pipe, the line is echoed as a command is. Any other answer gets one error
    /// line and the question again.
    /// - Returns: `true` for yes; `false` for no, for `quit` and at the end of input (nothing is
    ///   given up), after which the session ends.
    public func confirm(_ question: String) async -> Bool {
        while true {
            let line: RawLine?
            if input.isInteractive {
                output.write("\(question.displaySafe) (yes/no) ")
                output.flush()
                line = input.readLine()
                if line == nil { output.write("\n") }
            } else {
                say("\(question) (yes/no)")
                line = input.readLine()
                if let line { output.write("> " + line.echo + "\n") }
            }
            guard let line else {
                endRequested = true
                say("No answer before the input ended, so the answer is no.")
                return false
            }
            switch line.text(limit: lineLimit) {
            case .success(let text):
                switch text.trimmingWhitespace().lowercased() {
                case "yes", "y": return true
                case "no", "n": return false
                case "quit":
                    // Leaving is not giving up: the answer is no, and the session ends after it.
                    endRequested = true
                    say("You are quitting, so the answer is no: nothing is given up, and the session ends.")
                    return false
                default: sayError("answer yes or no, or quit to leave without giving anything up")
                }
            case .failure(let problem):
                sayError("\(problem); answer yes or no")
            }
        }
    }

    /// Reads the next line as a secret: a terminal does not echo it, and the console never prints
    /// it.
    /// - Returns: the line, or `nil` at the end of input (the session ends then) or for a line
    ///   that cannot be used (the console has said why).
    public func secret(_ label: String) async -> String? {
        let line: RawLine?
        if input.isInteractive {
            output.write("\(label): ")
            output.flush()
            line = input.readSecretLine()
            output.write("\n")
        } else {
            line = input.readSecretLine()
            if line != nil { output.write("\(label): (hidden)\n") }
        }
        guard let line else {
            endRequested = true
            return nil
        }
        switch line.text(limit: lineLimit) {
        case .success(let secret):
            return secret
        case .failure(let problem):
            sayError("\(problem)")
            return nil
        }
    }
}

/// The commands that work everywhere, as made for one state of what they depend on. A class:
/// made once and read twice a line, so reading it retains one reference, not all it holds.
final class EverywhereCommands {
    struct Key {
        /// The window the commands were made for, and its change then.
        var window: ObjectIdentifier
        var changes: Int
        var tabs: [String]
        var hasFlags: Bool
        var hasPending: Bool
        var isSignedIn: Bool
    }

    /// What they were made for; marked again in place when they serve a later change.
    var key: Key
    let commands: [ScreenContent.Action]
    let names: String

    init(key: Key, commands: [ScreenContent.Action], names: String) {
        self.key = key
        self.commands = commands
        self.names = names
    }

    convenience init(key: Key, commands: [ScreenContent.Action]) {
        // Joined by hand: `joined(separator:)` instantiates its generic types at run time, which
        // App's start pays for once (a look-up of `[String]`'s conformance among all there are).
        var names = ""
        for command in commands {
            if !names.isEmpty { names += ", " }
            names += command.name
        }
        self.init(key: key, commands: commands, names: names)
    }

    /// The command named `name`, if there is one. Not isolated, as the struct is not: looking it
    /// up (every line) pays no executor check for each command compared.
    func command(named name: String) -> ScreenContent.Action? {
        commands.first { $0.name == name }
    }
}
