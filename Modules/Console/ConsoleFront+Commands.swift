import Domain
import Links
import Routing

extension ConsoleFront {
    /// The commands every screen takes, in the order `help` lists them: `help`, `back`, `where`,
    /// `trace`, what the links and flags bring while they apply, and `quit`. Made again only when
    /// what they depend on changed (the navigator, the tabs, a pending link, sign-in): every line
    /// reads them.
    var everywhere: [ScreenContent.Action] { everywhereCommands().commands }

    /// The names of `everywhere`, as the command line under each screen lists them.
    var everywhereNames: String { everywhereCommands().names }

    private func everywhereCommands() -> EverywhereCommands {
        let key = EverywhereCommands.Key(
            // The links' state is made again only after the window changed: read on every line.
            links: links.map(ObjectIdentifier.init), tabs: links?.state?.tabNames ?? [],
            hasFlags: flags != nil,
            hasPending: links?.pending != nil,
            isSignedIn: links?.gate.isPassed() ?? false)
        if let made = madeEverywhere, made.key == key { return made }
        let made = EverywhereCommands(key: key, commands: makeEverywhere())
        madeEverywhere = made
        return made
    }

    private func makeEverywhere() -> [ScreenContent.Action] {
        var commands = [
            ScreenContent.Action("help", summary: "list the commands you can use here"),
            ScreenContent.Action("back", summary: "close this screen and go back"),
            ScreenContent.Action("where", summary: "show every open screen, stack by stack"),
            ScreenContent.Action(
                "trace", .text("on|off"), summary: "print every change to the window, with its duration"),
        ]
        if let links {
            let tabs = links.state?.tabNames ?? []
            if !tabs.isEmpty {
                commands.append(
                    ScreenContent.Action(
                        "tab", .text("<name>"), summary: "show another tab: " + tabs.joined(separator: ", ")))
            }
            commands += [
                ScreenContent.Action(
                    "open", .text("<link>"), summary: "go to the screen a link names, as \(links.scheme)://chat/bob"),
                ScreenContent.Action(
                    "explain", .text("<link>"), summary: "say what open <link> would do, without doing it"),
            ]
        }
        if flags != nil {
            commands += [
                ScreenContent.Action("flags", summary: "list the feature flags"),
                ScreenContent.Action("flag", .text("<name> on|off"), summary: "turn a feature flag on or off"),
            ]
        }
        if let links {
            if links.pending != nil {
                commands.append(ScreenContent.Action("cancel", summary: "drop the link waiting for you to sign in"))
            }
            if links.gate.isPassed() {
                let gate = links.gatePlace?.title ?? "the first screen"
                commands.append(
                    ScreenContent.Action("signout", summary: "sign out, from any screen, and go back to \(gate)"))
            }
        }
        commands.append(ScreenContent.Action("quit", summary: "end the session"))
        return commands
    }

    // MARK: - Links

    /// `tab`, `open`, `explain`, `cancel`, `signout`.
    func handleLinkCommand(_ command: Command) async {
        guard let links else { return }
        switch command.name {
        case "tab":
            guard command.words.count == 1 else {
                return sayError("tab needs one tab's name: tab " + window.stacks.tabNames.joined(separator: ", tab "))
            }
            do throws(LinkFailure) {
                if case .stayed(let screen) = try await links.switchTab(to: command.argument.lowercased()) {
                    said.append(.notice(words.stayed(screen)))
                }
            } catch {
                said.append(.error(error))
            }
        case "open":
            guard let link = link(in: command) else { return }
            await openLink(link)
        case "explain":
            guard let link = link(in: command) else { return }
            let explanation = await links.navigating { await links.explain(link) }
            said += aligned(words.rows(for: explanation).map { ($0.label, $0.value) }).map { .notice($0) }
        case "cancel":
            if let link = links.dropPending() {
                said.append(.notice("Dropped \(link); it will not open when you sign in."))
            }
        case "signout":
            await signOut()
        default:
            sayError("there is no command \"\(command.name)\"; type help to list the commands")
        }
    }

    /// The link after `open` or `explain`, or `nil` after saying it is missing.
    private func link(in command: Command) -> String? {
        guard !command.argument.isEmpty else {
            sayError(
                "\(command.name) needs a link: \(command.name) \(links?.scheme ?? "waypoint")://friends, for example")
            return nil
        }
        return command.argument
    }

    /// Opens `text` as one navigation (its checks and its screens' loads share one memory of the
    /// services), and says how it went after the screen on top.
    /// - Parameters:
    ///   - text: the link.
    ///   - fromHere: whether it opens from the screen on top, where that screen can open it (a
    ///     link in a chat message); else it names the whole state.
    public func openLink(_ text: String, fromHere: Bool = false) async {
        guard let links else { return }
        await links.navigating {
            do throws(LinkFailure) {
                let link = try await links.resolve(text, fromHere: fromHere)
                if let line = words.words(for: try await links.open(link), of: link.text) { said.append(.notice(line)) }
            } catch {
                said.append(.error(error))
            }
        }
    }

    /// Opens a link resolved already (a cold start's `--link`), and says how it went after the
    /// screen on top.
    public func open(_ link: ResolvedLink) async {
        guard let links else { return }
        await links.navigating {
            do throws(LinkFailure) {
                if let line = words.words(for: try await links.open(link), of: link.text) { said.append(.notice(line)) }
            } catch {
                said.append(.error(error))
            }
        }
    }

    /// An error in the words the console prints it with, for a line the program writes itself
    /// (a bad `--link` on standard error).
    public func describe(_ error: any Error) -> String {
        words.words(for: error)
    }

    /// Signs out from wherever the user is: asks first if a screen has unsaved work, then takes
    /// down every tab and modal (each module is released), forgets where the user was kept, and
    /// closes the gate: the gate's screen is the only one, with no way back.
    private func signOut() async {
        guard let links else { return }
        do throws(LinkFailure) {
            let outcome = try await links.closeGate { [restoration] in restoration?.forget() }
            if case .stayed(let screen) = outcome {
                said.append(.notice(words.stayed(screen) + " You are still signed in."))
            }
        } catch {
            said.append(.error(error))
        }
    }

    /// What follows passing the gate: the link followed before it, if there is one; else where
    /// the user was when the app last quit, if it was kept. Says how it went.
    public func gatePassed() async {
        guard let links else { return }
        if let (link, result) = await links.navigating({ await links.continuePending() }) {
            switch result {
            case .success:
                said.append(.notice("Opened \(link), the link you followed before signing in."))
            case .failure(let error):
                said.append(.error(InputRefused("could not open \(link) after signing in: \(words.words(for: error))")))
            }
            return
        }
        guard let restoration else { return }
        do throws(Restoration.Failure) {
            guard let restored = try await restoration.restore() else { return }
            said += words.lines(for: restored).map { .notice($0) }
        } catch {
            let first = links.tabs.first?.root.title ?? "the first screen"
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
                said.append(
                    .error(
                        InputRefused(
                            "where you were last time was kept by a newer App (state version \(found); this one reads "
                                + "up to \(KeptState.version)), so it is left as it is; you are on \(first)")))
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
        let usage = "type flag <name> on|off; flags lists the names"
        guard command.words.count == 2 else {
            return sayError("flag needs a name and on or off; \(usage)")
        }
        let name = String(command.words[0])
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
            switch line.text(limit: Self.lineLimit) {
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
        switch line.text(limit: Self.lineLimit) {
        case .success(let secret):
            return secret
        case .failure(let problem):
            sayError("\(problem)")
            return nil
        }
    }
}

/// The commands that work everywhere, as made for one state of what they depend on.
struct EverywhereCommands {
    struct Key: Equatable {
        /// The link navigator, by identity: its scheme and its gate are in the commands.
        var links: ObjectIdentifier?
        var tabs: [String]
        var hasFlags: Bool
        var hasPending: Bool
        var isSignedIn: Bool
    }

    let key: Key
    let commands: [ScreenContent.Action]
    let names: String

    init(key: Key, commands: [ScreenContent.Action]) {
        self.key = key
        self.commands = commands
        names = commands.map(\.name).joined(separator: ", ")
    }
}
